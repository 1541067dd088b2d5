// Audits (issue 27 item 4): the expected list of a location (nested places included), a
// category or the whole workspace is fixed at the start; auditors scan by serial, sticker
// code or a label's address and see each other's progress; two scanning one item count it
// once; moved and unexpected items are told apart; finishing gives the report and marks the
// missing lost / moves the rest in, each in the item's history; a viewer cannot audit.
import { afterEach, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { REPORT_HEADER, reportRecord } from "../../convex/lib/audits/report";
import { toCsv } from "../../convex/lib/csv/format";
import { seedBulkAssets } from "../../convex/lib/assets/seed";
import { withTriggers } from "../../convex/lib/writes";
import { generalInput } from "./assets-support";
import { DAY, lendingHousehold } from "./custody-support";
import { asSession, errorData, makeUser, setupTest, type Backend, type Client } from "./setup";

afterEach(() => {
  vi.useRealTimers();
});

const page = { numItems: 100, cursor: null };

/** A household with a shop (a shelf inside it) and a garage, and items in each. */
async function stocked(t: Backend) {
  const h = await lendingHousehold(t);
  const shop = await h.editor.mutation(api.locations.create, { name: "Shop" });
  await h.editor.mutation(api.locations.create, { name: "Shelf", parentId: shop });
  await h.editor.mutation(api.locations.create, { name: "Garage" });
  const drill = await h.tag("Drill", "Shop");
  const saw = await h.tag("Saw", "Shop / Shelf");
  const ladder = await h.tag("Ladder", "Shop");
  const mower = await h.tag("Mower", "Garage");
  const serial = async (id: Id<"assets">) => (await h.editor.query(api.assets.get, { assetId: id }))!.serial;
  return { ...h, shop, drill, saw, ladder, mower, serial };
}

async function list(as: Client, auditId: Id<"audits">, state: "pending" | "found" | "moved" | "unexpected") {
  return (await as.query(api.audits.items, { auditId, state, paginationOpts: page })).page;
}

async function progress(as: Client, auditId: Id<"audits">) {
  const view = await as.query(api.audits.get, { auditId });
  const { status, expected, found, moved, unexpected, onLoan } = view!.audit;
  return { status, expected, found, moved, unexpected, onLoan };
}

test("a location's audit expects what is in it and in its inner places, fixed at the start; moved and unexpected items are told apart", async () => {
  const t = setupTest();
  const h = await stocked(t);
  // Out on loan: with its borrower, so not expected on the shelf.
  await h.editor.mutation(api.custody.checkOut, { assetIds: [h.ladder], borrower: { kind: "outside", name: "Sam" }, dueAt: Date.now() + DAY });
  const auditId = await h.editor.mutation(api.audits.start, { scope: { kind: "location", locationId: h.shop } });
  expect(await progress(h.editor, auditId)).toEqual({ status: "open", expected: 2, found: 0, moved: 0, unexpected: 0, onLoan: 1 });
  expect((await list(h.editor, auditId, "pending")).map((r) => [r.name, r.registeredAt])).toEqual([["Drill", "Shop"], ["Saw", "Shop / Shelf"]]);

  // Tagged into the shop after the start: not on the list.
  const late = await h.tag("Sander", "Shop");
  expect((await list(h.editor, auditId, "pending")).map((r) => r.name)).toEqual(["Drill", "Saw"]);

  // A hardware scanner types the serial; a person types it in lower case with spaces; a camera reads the label's address.
  expect(await h.editor.mutation(api.audits.scan, { auditId, code: await h.serial(h.drill) })).toMatchObject({ outcome: "found", name: "Drill" });
  const saw = await h.serial(h.saw);
  expect(await h.editor.mutation(api.audits.scan, { auditId, code: ` ${saw.toLowerCase().replace(/-/g, " ")} ` })).toMatchObject({ outcome: "found", name: "Saw" });
  expect(await h.editor.mutation(api.audits.scan, { auditId, code: `https://tagmything.example/verify/${await h.serial(h.mower)}` })).toMatchObject({
    outcome: "moved",
    registeredAt: "Garage",
  });
  expect(await h.editor.mutation(api.audits.tick, { auditId, assetId: late })).toMatchObject({ outcome: "unexpected", registeredAt: "Shop" });
  expect(await progress(h.viewerAs, auditId)).toEqual({ status: "open", expected: 2, found: 2, moved: 1, unexpected: 1, onLoan: 1 });
  expect((await list(h.viewerAs, auditId, "moved")).map((r) => [r.name, r.foundBy])).toEqual([["Mower", "Edie Editor"]]);
  expect((await list(h.viewerAs, auditId, "pending"))).toEqual([]);
});

test("two auditors scanning the same item at once count it once, and both see it found", async () => {
  const t = setupTest();
  const h = await stocked(t);
  const auditId = await h.ownerAs.mutation(api.audits.start, { scope: { kind: "location", locationId: h.shop } });
  const code = await h.serial(h.drill);
  const results = await Promise.all([h.editor.mutation(api.audits.scan, { auditId, code }), h.ownerAs.mutation(api.audits.scan, { auditId, code })]);
  expect(results.map((r) => r.outcome).sort()).toEqual(["already", "found"]);
  // The second is told who counted it.
  const already = results.find((r) => r.outcome === "already")!;
  const first = results.find((r) => r.outcome === "found")!;
  expect(already.by).toBe(first === results[0] ? "Edie Editor" : "Olive Owner");
  for (const as of [h.editor, h.ownerAs]) {
    expect(await progress(as, auditId)).toMatchObject({ expected: 3, found: 1 });
    expect((await list(as, auditId, "found")).map((r) => r.name)).toEqual(["Drill"]);
    expect((await as.query(api.audits.get, { auditId }))!.recent.map((r) => r.name)).toEqual(["Drill"]);
  }
});

test("a viewer follows an audit but cannot start, scan, tick, finish or cancel one; a non-member gets nothing", async () => {
  const t = setupTest();
  const h = await stocked(t);
  const auditId = await h.editor.mutation(api.audits.start, { scope: { kind: "workspace" } });
  const code = await h.serial(h.drill);
  const forbidden = { code: "FORBIDDEN", message: expect.any(String) };
  expect(await errorData(() => h.viewerAs.mutation(api.audits.start, { scope: { kind: "workspace" } }))).toEqual(forbidden);
  expect(await errorData(() => h.viewerAs.mutation(api.audits.scan, { auditId, code }))).toEqual(forbidden);
  expect(await errorData(() => h.viewerAs.mutation(api.audits.tick, { auditId, assetId: h.drill }))).toEqual(forbidden);
  expect(await errorData(() => h.viewerAs.mutation(api.audits.finish, { auditId }))).toEqual(forbidden);
  expect(await errorData(() => h.viewerAs.mutation(api.audits.cancel, { auditId }))).toEqual(forbidden);
  expect(await progress(h.viewerAs, auditId)).toMatchObject({ status: "open", found: 0 });

  const outsider = asSession(t, h.outsider.userId, h.outsider.sessionId, h.workspaceId);
  expect(await outsider.query(api.audits.get, { auditId })).toBeNull();
  expect((await outsider.query(api.audits.list, { paginationOpts: page })).page).toEqual([]);
  expect(await errorData(() => outsider.mutation(api.audits.scan, { auditId, code }))).toMatchObject({ code: "NOT_FOUND" });
  // In their own workspace the household's audit reads as missing, and so does its item's code.
  expect(await h.outsider.as.query(api.audits.get, { auditId })).toBeNull();
  expect(await errorData(() => h.outsider.as.mutation(api.audits.scan, { auditId, code }))).toEqual({ code: "NOT_FOUND", message: "Audit not found" });
  const ownAudit = await h.outsider.as.mutation(api.audits.start, { scope: { kind: "workspace" } });
  expect(await errorData(() => h.outsider.as.mutation(api.audits.scan, { auditId: ownAudit, code }))).toEqual({ code: "NOT_FOUND", message: "No item with this code in this workspace" });
  expect(await progress(h.editor, auditId)).toMatchObject({ found: 0 });
});

test("finishing gives the report; the missing are marked lost and the moved and unexpected moved in, each in the item's history", async () => {
  const t = setupTest();
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 26, 9, 30));
  const h = await stocked(t);
  const bike = await h.editor.mutation(api.assets.tag, { ...generalInput, name: "Bike", details: { ...generalInput.details }, files: [] });
  const auditId = await h.editor.mutation(api.audits.start, { scope: { kind: "location", locationId: h.shop } });
  await h.editor.mutation(api.audits.scan, { auditId, code: await h.serial(h.drill) });
  await h.ownerAs.mutation(api.audits.scan, { auditId, code: await h.serial(h.mower) });
  await h.editor.mutation(api.audits.tick, { auditId, assetId: bike.assetId });
  expect(await errorData(() => h.editor.mutation(api.audits.resolve, { auditId, action: "markLost" }))).toEqual({ code: "INVALID", message: "Finish the audit first" });
  await h.editor.mutation(api.audits.finish, { auditId });
  const sawCode = await h.serial(h.saw);
  expect(await errorData(() => h.editor.mutation(api.audits.scan, { auditId, code: sawCode }))).toEqual({ code: "INVALID", message: "This audit has ended" });

  const rows = [];
  for (const state of ["pending", "found", "moved", "unexpected"] as const) rows.push(...(await list(h.viewerAs, auditId, state)));
  expect(toCsv([[...REPORT_HEADER], ...rows.map(reportRecord)]).split("\r\n")).toEqual([
    "Result,Name,Serial,Registered location,Scanned by,Scanned at (UTC),Follow-up",
    `Missing,Ladder,${await h.serial(h.ladder)},Shop,,,`,
    `Missing,Saw,${await h.serial(h.saw)},Shop / Shelf,,,`,
    `Found,Drill,${await h.serial(h.drill)},Shop,Edie Editor,2026-11-26 09:30,`,
    `Moved,Mower,${await h.serial(h.mower)},Garage,Olive Owner,2026-11-26 09:30,`,
    `Unexpected,Bike,${bike.serial},,Edie Editor,2026-11-26 09:30,`,
    "",
  ]);

  await h.editor.mutation(api.audits.resolve, { auditId, action: "markLost" });
  await h.editor.mutation(api.audits.resolve, { auditId, action: "moveIn" });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const view = (await h.editor.query(api.audits.get, { auditId }))!.audit;
  expect(view.markLost).toEqual({ changed: 2, skipped: 0, done: true });
  // The bike is of a kind with a place but has none: it moves in too.
  expect(view.moveIn).toEqual({ changed: 2, skipped: 0, done: true });
  expect((await h.editor.query(api.assets.get, { assetId: h.saw }))!.status).toBe("lost");
  expect((await h.editor.query(api.assets.get, { assetId: h.drill }))!.status).toBe("active");
  const mower = await h.editor.query(api.locations.contents, { locationId: h.shop });
  expect(mower!.items.map((i) => i.name).sort()).toEqual(["Bike", "Drill", "Ladder", "Mower"]);
  expect((await h.editor.query(api.assets.history, { assetId: h.saw })).map((e) => e.summary)).toContain("Marked as Lost");
  expect((await h.editor.query(api.assets.history, { assetId: h.mower })).map((e) => e.summary)).toContain("Moved to Shop");
  expect((await list(h.editor, auditId, "pending")).map((r) => r.resolved)).toEqual(["markedLost", "markedLost"]);
  // Done once: asking again is refused; the workspace's activity says who did what.
  expect(await errorData(() => h.editor.mutation(api.audits.resolve, { auditId, action: "markLost" }))).toEqual({ code: "INVALID", message: "This is already under way" });
  const feed = (await h.ownerAs.query(api.workspaceActivity.feed, { paginationOpts: { numItems: 10, cursor: null } })).page.map((e) => `${e.actor} ${e.text}`);
  expect(feed.slice(0, 4)).toEqual([
    "Edie Editor followed up the audit Shop: moved the items found there that were registered elsewhere into it",
    "Edie Editor followed up the audit Shop: marked the missing items lost",
    "Edie Editor finished the audit Shop: 1 of 3 found, 2 missing, 2 not on the list",
    "Edie Editor started the audit “Shop”",
  ]);
});

test("a category's audit, and the personal yearly check, expect what they name; a cancelled audit takes no more scans", async () => {
  const t = setupTest();
  const h = await stocked(t);
  const tools = await h.editor.mutation(api.assets.tag, { ...generalInput, name: "Wrench", category: "Tools", files: [] });
  const byCategory = await h.editor.mutation(api.audits.start, { scope: { kind: "category", category: " Tools " } });
  expect((await h.editor.query(api.audits.get, { auditId: byCategory }))!.audit).toMatchObject({ name: "Category: Tools", expected: 1 });
  expect(await h.editor.mutation(api.audits.scan, { auditId: byCategory, code: tools.serial })).toMatchObject({ outcome: "found" });
  expect(await h.editor.mutation(api.audits.scan, { auditId: byCategory, code: await h.serial(h.drill) })).toMatchObject({ outcome: "unexpected" });
  expect(await errorData(() => h.editor.mutation(api.audits.start, { scope: { kind: "category", category: "  " } }))).toEqual({ code: "INVALID", message: "Enter the category to audit" });

  await h.editor.mutation(api.audits.cancel, { auditId: byCategory });
  expect(await errorData(() => h.editor.mutation(api.audits.scan, { auditId: byCategory, code: tools.serial }))).toEqual({ code: "INVALID", message: "This audit has ended" });
  expect((await h.editor.query(api.audits.get, { auditId: byCategory }))!.audit.status).toBe("cancelled");

  const me = await makeUser(t, { fullName: "Pat Person" });
  await t.run(async (raw) => withTriggers(raw, async (ctx) => await seedBulkAssets(ctx, { workspaceId: me.personalId, actorId: me.userId }, 0, 3, Date.now())));
  const check = await me.as.mutation(api.audits.start, { scope: { kind: "workspace" } });
  expect((await me.as.query(api.audits.get, { auditId: check }))!.audit).toMatchObject({ name: "Yearly check", expected: 3 });
});

test("a large scope's expected list is written in batches, each item once, and scanning waits for it", async () => {
  const t = setupTest();
  vi.useFakeTimers();
  const owner = await makeUser(t, { isBusinessUser: true });
  await t.run(async (raw) => withTriggers(raw, async (ctx) => {
    for (let from = 0; from < 450; from += 150) await seedBulkAssets(ctx, { workspaceId: owner.workspaceId, actorId: owner.userId }, from, 150, Date.now());
  }));
  const auditId = await owner.as.mutation(api.audits.start, { scope: { kind: "workspace" } });
  expect(await progress(owner.as, auditId)).toMatchObject({ status: "preparing", expected: 200 });
  const first = (await owner.as.query(api.audits.items, { auditId, state: "pending", paginationOpts: { numItems: 1, cursor: null } })).page[0];
  expect(await errorData(() => owner.as.mutation(api.audits.scan, { auditId, code: first.serial }))).toEqual({ code: "INVALID", message: "The audit's list is still being prepared. Scan again in a moment." });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  expect(await progress(owner.as, auditId)).toMatchObject({ status: "open", expected: 450 });
  const ids = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const result: { page: { assetId: string }[]; isDone: boolean; continueCursor: string } = await owner.as.query(api.audits.items, { auditId, state: "pending", paginationOpts: { numItems: 200, cursor } });
    for (const row of result.page) ids.add(row.assetId);
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  expect(ids.size).toBe(450);
});
