import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, lastMessageTo, setupTest, snapshot } from "./setup";
import { fundedUser, tagGeneral } from "./assets-support";

async function offered() {
  const t = setupTest();
  const owner = await fundedUser(t);
  const buyer = await fundedUser(t);
  const { assetId } = await tagGeneral(owner.as);
  const transferId = await owner.as.mutation(api.transfers.offer, { assetId, email: buyer.email.toUpperCase() });
  return { t, owner, buyer, assetId, transferId };
}

test("the recipient sees the offer and accepting moves ownership, provenance and history", async () => {
  const { t, owner, buyer, assetId, transferId } = await offered();
  await t.finishAllScheduledFunctions(() => {});
  expect((await lastMessageTo(t, buyer.email))?.subject).toMatch(/wants to transfer "Road bike" to you/);
  const [offer] = await buyer.as.query(api.transfers.incoming, {});
  expect(offer).toMatchObject({ _id: transferId, assetName: "Road bike" });
  expect((await owner.as.query(api.assets.get, { assetId }))!.pendingTransfer?.toEmail).toBe(buyer.email);

  await buyer.as.mutation(api.transfers.accept, { transferId });
  expect(await owner.as.query(api.assets.get, { assetId })).toBeNull();
  const detail = await buyer.as.query(api.assets.get, { assetId });
  expect(detail).toMatchObject({ ownerCount: 2, pendingTransfer: null, status: "active" });
  expect(await buyer.as.query(api.transfers.incoming, {})).toEqual([]);
  const owners = await t.run(async (ctx) =>
    await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", assetId)).collect(),
  );
  expect(owners.map((o) => [o.workspaceId, o.to === undefined])).toEqual([[owner.workspaceId, false], [buyer.workspaceId, true]]);
  const [latest] = await buyer.as.query(api.assets.history, { assetId });
  expect(latest.type).toBe("transferred");
});

test("declining leaves the asset with its owner", async () => {
  const { owner, buyer, assetId, transferId } = await offered();
  await buyer.as.mutation(api.transfers.decline, { transferId });
  expect((await owner.as.query(api.assets.get, { assetId }))!.pendingTransfer).toBeNull();
  expect(await errorData(() => buyer.as.mutation(api.transfers.accept, { transferId }))).toEqual({
    code: "INVALID",
    message: "This transfer offer is no longer open",
  });
});

test("only the recipient answers, only the sender cancels; to anyone else the offer does not exist", async () => {
  const { t, owner, buyer, transferId } = await offered();
  const stranger = await fundedUser(t);
  const missing = { code: "NOT_FOUND", message: "Transfer offer not found" };
  expect(await errorData(() => stranger.as.mutation(api.transfers.accept, { transferId }))).toEqual(missing);
  expect(await errorData(() => owner.as.mutation(api.transfers.accept, { transferId }))).toEqual(missing);
  expect(await errorData(() => buyer.as.mutation(api.transfers.cancel, { transferId }))).toEqual(missing);
  await owner.as.mutation(api.transfers.cancel, { transferId });
  expect(await buyer.as.query(api.transfers.incoming, {})).toEqual([]);
});

test("own email, unknown email, a second offer and a stolen asset are refused, nothing written", async () => {
  const { t, owner, buyer, assetId } = await offered();
  const before = await snapshot(t);
  const offer = (email: string) => errorData(() => owner.as.mutation(api.transfers.offer, { assetId, email }));
  expect(await offer(owner.email)).toEqual({ code: "INVALID", message: "You cannot transfer an asset to yourself" });
  expect(await offer("nobody@example.com")).toEqual({ code: "NOT_FOUND", message: "No TagMyThing account uses that email address" });
  expect(await offer("not-an-email")).toEqual({ code: "INVALID", message: "Please enter a valid email address" });
  expect(await offer(buyer.email)).toEqual({ code: "INVALID", message: "This asset already has a pending transfer offer" });
  expect(await snapshot(t)).toEqual(before);
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen" });
  expect(await buyer.as.query(api.transfers.incoming, {})).toEqual([]);
  expect((await offer(buyer.email)).message).toBe("Only an active asset can be transferred. Mark it as found first.");
});
