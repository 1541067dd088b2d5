import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, lastMessageTo, limitedWith, makeUser, outbox, setupTest, signUpVerified, snapshot, type Backend } from "./setup";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";

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
  expect((await lastMessageTo(t, buyer.email))?.subject).toBe("You have been offered an item on TagMyThing");
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
  expect(latest).toMatchObject({ type: "transferred", summary: "Ownership transferred to you", changes: [] });
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

test("own email, a second offer and a stolen asset are refused, nothing written", async () => {
  const { t, owner, buyer, assetId } = await offered();
  const before = await snapshot(t);
  const offer = (email: string) => errorData(() => owner.as.mutation(api.transfers.offer, { assetId, email }));
  expect(await offer(owner.email)).toEqual({ code: "INVALID", message: "You cannot transfer an asset to yourself" });
  expect(await offer("not-an-email")).toEqual({ code: "INVALID", message: "Please enter a valid email address" });
  expect(await offer(buyer.email)).toEqual({ code: "INVALID", message: "This asset already has a pending transfer offer" });
  expect(await snapshot(t)).toEqual(before);
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen" });
  expect(await buyer.as.query(api.transfers.incoming, {})).toEqual([]);
  expect((await offer(buyer.email)).message).toBe("Only an active asset can be transferred. Mark it as found first.");
});

/** The messages that reached `to`, newest first. */
async function inbox(t: Backend, to: string) {
  return (await outbox(t)).filter((m) => m.to === to);
}

test("a buyer cannot read the seller's history from before the sale", async () => {
  const t = setupTest();
  // No full name: wherever the seller is named, their e-mail would show.
  const seller = await fundedUser(t, 50, { fullName: "" });
  const buyer = await fundedUser(t);
  const friend = await makeUser(t, { email: "friend@elsewhere.example" });
  const { assetId } = await tagGeneral(seller.as, { description: "Kept at 12 Old Street, Leeds" });
  await seller.as.mutation(api.assets.update, { assetId, ...generalInput, description: "Kept in the shed" });
  const friendOffer = await seller.as.mutation(api.transfers.offer, { assetId, email: friend.email });
  await seller.as.mutation(api.transfers.cancel, { transferId: friendOffer });
  const sale = await seller.as.mutation(api.transfers.offer, { assetId, email: buyer.email });
  // The seller's own history holds all of it.
  expect(JSON.stringify(await seller.as.query(api.assets.history, { assetId }))).toContain("12 Old Street");
  await buyer.as.mutation(api.transfers.accept, { transferId: sale });

  const history = await buyer.as.query(api.assets.history, { assetId });
  expect(history.map((e) => [e.type, e.summary, e.actorName])).toEqual([["transferred", "Ownership transferred to you", expect.any(String)]]);
  const detail = (await buyer.as.query(api.assets.get, { assetId }))!;
  const seen = JSON.stringify([history, detail]);
  for (const secret of ["12 Old Street", "friend@elsewhere.example", seller.email, seller.userId]) expect(seen).not.toContain(secret);
  // Earlier periods read as /verify's provenance does: dates, no people.
  expect(detail.owners).toEqual([
    { from: expect.any(Number), to: expect.any(Number), yours: false },
    { from: detail.owners[0].to, to: null, yours: true },
  ]);

  // A third owner reads neither earlier owner, nor the second owner's offer to them.
  const third = await fundedUser(t, 50, { fullName: "" });
  await buyer.as.mutation(api.assets.update, { assetId, ...generalInput, description: "Now at 7 New Road" });
  await buyer.as.mutation(api.assets.update, { assetId, ...generalInput, description: "In the garage" });
  const resale = await buyer.as.mutation(api.transfers.offer, { assetId, email: third.email });
  await third.as.mutation(api.transfers.accept, { transferId: resale });
  const thirdSees = JSON.stringify([await third.as.query(api.assets.history, { assetId }), await third.as.query(api.assets.get, { assetId })]);
  for (const secret of ["12 Old Street", "7 New Road", seller.email, buyer.email]) expect(thirdSees).not.toContain(secret);
  expect((await third.as.query(api.assets.get, { assetId }))!.owners.map((o) => o.yours)).toEqual([false, false, true]);
});

test("a buyer cannot read the seller's last change when it shares the sale's millisecond", async () => {
  const t = setupTest();
  const seller = await fundedUser(t);
  const buyer = await fundedUser(t);
  const { assetId } = await tagGeneral(seller.as);
  const sale = await seller.as.mutation(api.transfers.offer, { assetId, email: buyer.email });
  // A seller's event stamped at the very moment the buyer accepts (clocks collide in a fast flow).
  await t.run(async (ctx) => {
    await ctx.db.insert("assetEvents", { assetId, actorId: seller.userId, type: "edited", summary: "Home address changed", at: Date.now() + 5_000 });
  });
  await buyer.as.mutation(api.transfers.accept, { transferId: sale });
  const history = await buyer.as.query(api.assets.history, { assetId });
  expect(history.map((e) => e.type)).toEqual(["transferred"]);
});

test("offers to one inbox are rate limited", async () => {
  const t = setupTest();
  const sender = await fundedUser(t, 50, { fullName: "Sam Sender" });
  const { assetId } = await tagGeneral(sender.as);
  const target = (await makeUser(t, { email: "victim@inbox.example" })).email;
  const refusals: string[] = [];
  for (let i = 0; i < 20; i++) {
    try {
      const transferId = await sender.as.mutation(api.transfers.offer, { assetId, email: target });
      await sender.as.mutation(api.transfers.cancel, { transferId });
    } catch (error) {
      refusals.push((error as { data: { message: string } }).data.message);
    }
  }
  await t.finishAllScheduledFunctions(() => {});
  expect(await inbox(t, target)).toHaveLength(3);
  expect(refusals).toHaveLength(17);
  for (const message of refusals) expect(message).toMatch(limitedWith("This address has been sent several transfer offers today."));
});

test("one sender cannot spray offers at many inboxes", async () => {
  const t = setupTest();
  const sender = await fundedUser(t);
  const { assetId } = await tagGeneral(sender.as);
  for (let i = 0; i < 10; i++) {
    const transferId = await sender.as.mutation(api.transfers.offer, { assetId, email: `person${i}@inbox.example` });
    await sender.as.mutation(api.transfers.cancel, { transferId });
  }
  const before = await snapshot(t);
  const refused = await errorData(() => sender.as.mutation(api.transfers.offer, { assetId, email: "person10@inbox.example" }));
  expect(refused.message).toMatch(limitedWith("You have sent too many transfer offers."));
  expect(await snapshot(t)).toEqual(before);
});

test("an unknown address gets the same answer as a known one", async () => {
  const t = setupTest();
  const sender = await fundedUser(t);
  const member = await makeUser(t, { email: "member@inbox.example" });
  const answers = [];
  for (const email of [member.email, "nobody@inbox.example"]) {
    const { assetId } = await tagGeneral(sender.as);
    const transferId = await sender.as.mutation(api.transfers.offer, { assetId, email });
    await t.finishAllScheduledFunctions(() => {});
    const detail = (await sender.as.query(api.assets.get, { assetId }))!;
    const mail = (await lastMessageTo(t, email))!;
    answers.push({
      transferId: typeof transferId,
      pending: { ...detail.pendingTransfer, _id: typeof detail.pendingTransfer?._id, createdAt: typeof detail.pendingTransfer?.createdAt, toEmail: "…" },
      history: (await sender.as.query(api.assets.history, { assetId })).map((e) => e.summary.replace(email, "…").replace(detail.serial, "…")),
      mail: { subject: mail.subject, body: mail.body.replace(detail.serial, "…"), link: mail.link },
    });
  }
  expect(answers[1]).toEqual(answers[0]);
  // And the same refusals: a limit counts the address, whether or not it has an account.
  expect(JSON.stringify(answers)).not.toContain("No TagMyThing account");
});

test("an offer's e-mail carries nothing the sender wrote", async () => {
  const t = setupTest();
  const sender = await fundedUser(t, 50, { fullName: "Bank Security Team" });
  const { assetId, serial } = await tagGeneral(sender.as, { name: "URGENT verify your account at evil.example" });
  await sender.as.mutation(api.transfers.offer, { assetId, email: "target@inbox.example" });
  await t.finishAllScheduledFunctions(() => {});
  const mail = (await lastMessageTo(t, "target@inbox.example"))!;
  expect(mail.subject).toBe("You have been offered an item on TagMyThing");
  for (const text of [mail.subject, mail.body]) {
    expect(text).not.toContain("Bank Security");
    expect(text).not.toContain("evil.example");
  }
  expect(mail.body).toContain(serial);
});

test("an offer to an address with no account invites them: after sign-up with it, the offer is theirs to accept", async () => {
  const t = setupTest();
  const seller = await fundedUser(t);
  const { assetId } = await tagGeneral(seller.as);
  const transferId = await seller.as.mutation(api.transfers.offer, { assetId, email: "Newcomer@Example.com" });
  await t.finishAllScheduledFunctions(() => {});
  const invitation = (await lastMessageTo(t, "newcomer@example.com"))!;
  expect(invitation.body).toContain("create an account with it");
  expect(new URL(invitation.link!).pathname).toBe("/assets");

  // Someone else signed in cannot take it; the newcomer signs up with that address and can.
  const other = await fundedUser(t);
  expect(await other.as.query(api.transfers.incoming, {})).toEqual([]);
  expect((await errorData(() => other.as.mutation(api.transfers.accept, { transferId }))).code).toBe("NOT_FOUND");
  const newcomer = await signUpVerified(t, "newcomer@example.com");
  expect((await newcomer.query(api.transfers.incoming, {})).map((o) => o._id)).toEqual([transferId]);
  await newcomer.mutation(api.transfers.accept, { transferId });
  expect((await newcomer.query(api.assets.get, { assetId }))?.owners.map((o) => o.yours)).toEqual([false, true]);

  // The seller's open page is told the item moved on; nobody else learns anything.
  expect(await seller.as.query(api.assets.get, { assetId })).toBeNull();
  expect(await seller.as.query(api.transfers.handedOver, { assetId })).toEqual({ at: expect.any(Number) });
  expect(await other.as.query(api.transfers.handedOver, { assetId })).toBeNull();
  expect(await newcomer.query(api.transfers.handedOver, { assetId })).toBeNull();
});
