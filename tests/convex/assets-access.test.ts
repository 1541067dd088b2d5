import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, setupTest, snapshot } from "./setup";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";

async function twoMembers() {
  const t = setupTest();
  const owner = await fundedUser(t);
  const other = await fundedUser(t);
  const { assetId } = await tagGeneral(owner.as, { visibility: "private" });
  return { t, owner, other, assetId };
}

test("nobody else reads a private asset's details or history", async () => {
  const { t, owner, other, assetId } = await twoMembers();
  expect(await other.as.query(api.assets.get, { assetId })).toBeNull();
  expect(await other.as.query(api.assets.history, { assetId })).toEqual([]);
  expect(await t.query(api.assets.get, { workspaceId: owner.workspaceId, assetId })).toBeNull();
  const list = await other.as.query(api.assets.listMine, { paginationOpts: { numItems: 10, cursor: null } });
  expect(list.page).toEqual([]);
});

test("nobody edits, changes the status of, transfers or deletes another's asset, which reads as a missing one", async () => {
  const { t, owner, other, assetId } = await twoMembers();
  const before = await snapshot(t);
  const attempts = [
    () => other.as.mutation(api.assets.update, { assetId, ...generalInput, name: "Mine now" }),
    () => other.as.mutation(api.assets.setStatus, { assetId, status: "stolen" }),
    () => other.as.mutation(api.assets.remove, { assetId }),
    () => other.as.mutation(api.transfers.offer, { assetId, email: "someone@example.com" }),
    () => other.as.mutation(api.assetFiles.add, { assetId, files: [] }),
  ];
  const answers = [];
  for (const attempt of attempts) answers.push(await errorData(attempt));
  expect(await snapshot(t)).toEqual(before);
  // The ownership policy: the same answer as for an id that names nothing, so ids reveal nothing.
  const { assetId: goneId } = await tagGeneral(owner.as, { visibility: "private" });
  await owner.as.mutation(api.assets.remove, { assetId: goneId });
  const missing = await errorData(() => other.as.mutation(api.assets.setStatus, { assetId: goneId, status: "stolen" }));
  expect(missing).toEqual({ code: "NOT_FOUND", message: "Asset not found" });
  for (const answer of answers) expect(answer).toEqual(missing);
});

test("an owner edits: the change is in the history with who and what", async () => {
  const { owner, assetId } = await twoMembers();
  await owner.as.mutation(api.assets.update, {
    assetId,
    ...generalInput,
    visibility: "private",
    name: "Gravel bike",
    details: { ...generalInput.details, brand: "Specialized" },
  });
  const [latest] = await owner.as.query(api.assets.history, { assetId });
  expect(latest.type).toBe("edited");
  expect(latest.actorName).toMatch(/^User \d+$/);
  expect(latest.changes).toEqual([
    { field: "Name", from: "Road bike", to: "Gravel bike" },
    { field: "Brand", from: "Trek", to: "Specialized" },
  ]);
  expect((await owner.as.query(api.assets.get, { assetId }))!.name).toBe("Gravel bike");
});

test("an edit that changes nothing, or changes the kind, is refused", async () => {
  const { owner, assetId } = await twoMembers();
  const same = { assetId, ...generalInput, visibility: "private" as const };
  expect(await errorData(() => owner.as.mutation(api.assets.update, same))).toEqual({ code: "INVALID", message: "Nothing to change" });
  const nft = { kind: "nft" as const, chain: "ethereum" as const, contractAddress: `0x${"1".repeat(40)}`, tokenId: "1" };
  expect((await errorData(() => owner.as.mutation(api.assets.update, { ...same, kind: "nft", details: nft }))).message).toBe(
    "The kind of an asset cannot change",
  );
});

test("status: lost, then found back to active, each recorded", async () => {
  const { owner, assetId } = await twoMembers();
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "lost" });
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "active" });
  const history = await owner.as.query(api.assets.history, { assetId });
  expect(history.slice(0, 2).map((e) => e.summary)).toEqual(["Found: back to Active (was Lost)", "Marked as Lost"]);
});

test("deleting an asset removes it and its files, the serial stays reserved", async () => {
  const { t, owner, assetId } = await twoMembers();
  const { serial } = (await owner.as.query(api.assets.get, { assetId }))!;
  await owner.as.mutation(api.assets.remove, { assetId });
  await t.finishAllScheduledFunctions(() => {});
  const left = await t.run(async (ctx) => ({
    asset: await ctx.db.get("assets", assetId),
    events: await ctx.db.query("assetEvents").withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId)).collect(),
    serial: await ctx.db.query("serials").withIndex("by_serial", (q) => q.eq("serial", serial)).unique(),
  }));
  expect(left.asset).toBeNull();
  expect(left.events).toEqual([]);
  expect(left.serial).not.toBeNull();
});

test("listMine filters by kind and status, sorts by name and searches", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  await tagGeneral(owner.as, { name: "Camera" });
  const { assetId: bike } = await tagGeneral(owner.as, { name: "Bike" });
  await owner.as.mutation(api.assets.setStatus, { assetId: bike, status: "stolen" });
  await owner.as.mutation(api.assets.tag, {
    kind: "business", name: "Widgets", visibility: "private", files: [],
    details: { kind: "business", sku: "W-1", quantity: 10 },
  });
  const page = { numItems: 10, cursor: null };
  const names = async (args: object) =>
    (await owner.as.query(api.assets.listMine, { paginationOpts: page, ...args })).page.map((a) => a.name);
  expect(await names({})).toEqual(["Widgets", "Bike", "Camera"]);
  expect(await names({ sort: "oldest" })).toEqual(["Camera", "Bike", "Widgets"]);
  expect(await names({ sort: "name" })).toEqual(["Bike", "Camera", "Widgets"]);
  expect(await names({ kind: "general" })).toEqual(["Bike", "Camera"]);
  expect(await names({ status: "stolen" })).toEqual(["Bike"]);
  expect(await names({ kind: "general", status: "active", sort: "name" })).toEqual(["Camera"]);
  expect(await names({ kind: "general", sort: "name" })).toEqual(["Bike", "Camera"]);
  expect(await names({ status: "active", sort: "name" })).toEqual(["Camera", "Widgets"]);
  expect(await names({ kind: "general", status: "stolen" })).toEqual(["Bike"]);
  expect(await names({ search: "widgets" })).toEqual(["Widgets"]);
});

test("searching a serial finds exactly that asset of the caller's, in any case", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const other = await fundedUser(t, 100);
  const { serial } = await tagGeneral(owner.as, { name: "Camera" });
  await tagGeneral(owner.as, { name: "Bike" });
  const { serial: theirs } = await tagGeneral(other.as, { name: "Theirs" });
  const page = { numItems: 10, cursor: null };
  const names = async (args: object) =>
    (await owner.as.query(api.assets.listMine, { paginationOpts: page, ...args })).page.map((a) => a.name);
  expect(await names({ search: ` ${serial.toLowerCase()} ` })).toEqual(["Camera"]);
  expect(await names({ search: serial, status: "stolen" })).toEqual([]);
  expect(await names({ search: theirs })).toEqual([]);
});
