// Deleting a shared workspace (issue 26): owners only, after typing its name, and never while
// it holds items or TMT. The way out moves everything, history and balance included, to
// another workspace the owner can edit, in scheduled batches.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { runToCompletion } from "@convex-dev/migrations";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { earn } from "../../convex/lib/ledger";
import { ERASE_BATCH } from "../../convex/lib/privacy/rules";
import { ERASED_TABLES, WORKSPACE_RECORDS, eraseWorkspaceStep } from "../../convex/lib/workspaces/erase";
import { MOVE_BATCH } from "../../convex/lib/workspaces/rules";
import { fundWorkspace, tagGeneral, workspaceBalance } from "./assets-support";
import { asSession, errorData, rowsNaming, setupTest, snapshot, type Backend } from "./setup";
import { household } from "./workspace-support";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function smiths(t: Backend) {
  const home = await household(t);
  await fundWorkspace(t, home.workspaceId, 40);
  const editor = asSession(t, home.editor.userId, home.editor.sessionId, home.workspaceId);
  const owner = asSession(t, home.owner.userId, home.owner.sessionId, home.workspaceId);
  return { ...home, ownerIn: owner, editorIn: editor };
}

const runMoves = (t: Backend) => t.finishAllScheduledFunctions(vi.runAllTimers);

async function stolenReportsOf(t: Backend, assetId: Id<"assets">) {
  const rows = await t.run(async (ctx) => ctx.db.query("stolenReports").withIndex("by_assetId_and_reportedAt", (q) => q.eq("assetId", assetId)).collect());
  return rows.map(({ workspaceId, place }) => ({ workspaceId, place }));
}

describe("deleting a workspace", () => {
  test("is refused while it holds items or TMT, saying which, and nothing is written", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const { assetId } = await tagGeneral(home.editorIn, { name: "Lawnmower" });
    const before = await snapshot(t);
    const refused = await errorData(() => home.ownerIn.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" }));
    expect(refused).toEqual({ code: "INVALID", message: expect.stringContaining("still holds 1 item") });
    expect(await snapshot(t)).toEqual(before);
    await home.editorIn.mutation(api.assets.remove, { assetId });
    // The items are gone but 35 TMT are left (40 less the tagging).
    expect((await errorData(() => home.ownerIn.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" }))).message).toMatch(/wallet still holds 35 TMT/);
  });

  test("needs the workspace's name typed exactly", async () => {
    const t = setupTest();
    const home = await household(t);
    const owner = asSession(t, home.owner.userId, home.owner.sessionId, home.workspaceId);
    expect((await errorData(() => owner.mutation(api.workspaceClosing.remove, { confirmName: "the smiths" }))).code).toBe("INVALID");
    await owner.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" });
    expect(await owner.query(api.workspaces.current, {})).toBeNull();
  });

  test("a personal workspace is never deleted, nor by an admin a shared one", async () => {
    const t = setupTest();
    const home = await household(t);
    expect((await errorData(() => home.owner.as.mutation(api.workspaceClosing.remove, { workspaceId: home.owner.personalId, confirmName: "Personal" }))).code).toBe("FORBIDDEN");
    const admin = asSession(t, home.admin.userId, home.admin.sessionId, home.workspaceId);
    expect((await errorData(() => admin.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" }))).code).toBe("FORBIDDEN");
  });

  test("members see it vanish from their list and its screens empty, without an error", async () => {
    const t = setupTest();
    const home = await household(t);
    const viewer = asSession(t, home.viewer.userId, home.viewer.sessionId, home.workspaceId);
    expect((await viewer.query(api.workspaces.listMine, {})).map((w) => w.name)).toContain("The Smiths");
    await asSession(t, home.owner.userId, home.owner.sessionId, home.workspaceId).mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" });
    expect((await viewer.query(api.workspaces.listMine, {})).map((w) => w.name)).toEqual(["Personal"]);
    expect(await viewer.query(api.workspaces.current, {})).toBeNull();
    expect(await viewer.query(api.assets.listMine, { paginationOpts: { numItems: 10, cursor: null } })).toMatchObject({ page: [] });
    expect((await errorData(() => viewer.mutation(api.assets.tag, { kind: "general", name: "X", visibility: "private", details: { kind: "general" }, files: [] }))).code).toBe("NOT_FOUND");
  });
});

describe("what a deleted workspace leaves", () => {
  test("its places, audits, loans, bookings and activity are erased in batches after; only its ledger stays", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const shelf = await home.editorIn.mutation(api.locations.create, { name: "Garage shelf" });
    const { assetId } = await tagGeneral(home.editorIn, { name: "Ladder" });
    await home.editorIn.mutation(api.custody.checkOut, { assetIds: [assetId], borrower: { kind: "outside", name: "Nina Neighbour" }, dueAt: Date.now() + 86_400_000 });
    await home.editorIn.mutation(api.custody.checkIn, { assetIds: [assetId] });
    await home.editorIn.mutation(api.bookings.create, { assetId, startAt: Date.now() + 2 * 86_400_000, endAt: Date.now() + 3 * 86_400_000, forWhom: "Nina Neighbour" });
    await home.editorIn.mutation(api.audits.start, { scope: { kind: "location", locationId: shelf } });
    // Stolen since: its report goes with it.
    await home.editorIn.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen: { stolenAt: Date.now() - 60_000, place: "Driveway" } });
    await home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.owner.personalId });
    await runMoves(t);
    // More activity than one batch holds.
    await t.run(async (ctx) => {
      for (let i = 0; i < ERASE_BATCH * 2; i++) await ctx.db.insert("workspaceActivity", { workspaceId: home.workspaceId, at: i, kind: "itemsMoved", subject: `entry ${i}` });
    });
    const tablesNaming = async () => [...new Set((await rowsNaming(t, home.workspaceId)).map(([table]) => table))].sort();
    expect(await tablesNaming()).toEqual(expect.arrayContaining(["audits", "bookings", "checkouts", "loans", "locations", "workspaceActivity"]));

    await home.ownerIn.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" });
    // Nothing more than a batch goes in one step.
    const naming = async () => (await rowsNaming(t, home.workspaceId)).length;
    const before = await naming();
    await t.run(async (ctx) => {
      await eraseWorkspaceStep(ctx, home.workspaceId, home.owner.userId);
    });
    expect(before - (await naming())).toBeGreaterThan(0);
    expect(before - (await naming())).toBeLessThanOrEqual(ERASE_BATCH);

    await runMoves(t);
    // Its ledger (the wallet, emptied by the move, and its transactions) and the moved item's history are all that name it.
    expect(await tablesNaming()).toEqual(["assetEvents", "transactions", "wallets"]);
    // The ladder, moved out before, keeps its history in its new workspace.
    const personal = asSession(t, home.owner.userId, home.owner.sessionId, home.owner.personalId);
    expect((await personal.query(api.assets.history, { assetId })).map((e) => e.type)).toContain("tagged");
    expect(await stolenReportsOf(t, assetId)).toEqual([{ workspaceId: home.owner.personalId, place: "Driveway" }]);
  });

  test("a stolen report left behind by an earlier move is filed with its item by the migration; a sold item's stays with its seller", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const stolen = async (name: string) => {
      const { assetId } = await tagGeneral(home.editorIn, { name });
      await home.editorIn.mutation(api.assets.setStatus, { assetId, status: "stolen", stolen: { stolenAt: Date.now() - 60_000, place: name } });
      return assetId;
    };
    const bike = await stolen("Bike");
    const drill = await stolen("Drill");
    // The drill, found again, is sold; the bike is moved out as the move did before reports followed their item.
    await home.editorIn.mutation(api.assets.setStatus, { assetId: drill, status: "active" });
    await fundWorkspace(t, home.outsider.personalId, 40);
    const sale = await home.ownerIn.mutation(api.transfers.offer, { assetId: drill, email: home.outsider.email });
    await home.outsider.as.mutation(api.transfers.accept, { transferId: sale });
    await t.run(async (ctx) => {
      for (const period of await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", bike)).collect()) {
        await ctx.db.patch("assetOwners", period._id, { workspaceId: home.owner.personalId });
      }
      await ctx.db.patch("assets", bike, { workspaceId: home.owner.personalId });
    });
    expect(await stolenReportsOf(t, bike)).toEqual([{ workspaceId: home.workspaceId, place: "Bike" }]);

    await t.run(async (ctx) => runToCompletion(ctx, components.migrations, internal.migrations.fileStolenReportsWithItems));
    expect(await stolenReportsOf(t, bike)).toEqual([{ workspaceId: home.owner.personalId, place: "Bike" }]);
    expect(await stolenReportsOf(t, drill)).toEqual([{ workspaceId: home.workspaceId, place: "Drill" }]);
  });
});

describe("records left by workspaces deleted before erasure", () => {
  test("are erased by the migration as the policy erases them, files and all; kept tables and live workspaces are untouched", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const shelf = await home.editorIn.mutation(api.locations.create, { name: "Garage shelf" });
    await home.editorIn.mutation(api.locations.create, { name: "Loft" });
    const { assetId } = await tagGeneral(home.editorIn, { name: "Ladder", category: "Tools" });
    await home.editorIn.mutation(api.custody.checkOut, { assetIds: [assetId], borrower: { kind: "outside", name: "Nina Neighbour" }, dueAt: Date.now() + 86_400_000 });
    await home.editorIn.mutation(api.custody.checkIn, { assetIds: [assetId] });
    await home.editorIn.mutation(api.audits.start, { scope: { kind: "location", locationId: shelf } });
    const colour = await home.ownerIn.mutation(api.customFields.create, { category: "Tools", label: "Colour", type: "text", required: false, showOnVerify: false });
    const csv = await t.run(async (ctx) => {
      await ctx.db.insert("customFieldValues", { workspaceId: home.workspaceId, fieldId: colour, assetId, value: "Red", folded: "red" });
      const file = await ctx.storage.store(new Blob(["serial,value\n"], { type: "text/csv" }));
      await ctx.db.insert("insuranceReports", { workspaceId: home.workspaceId, status: "ready", startedAt: 0, processed: 1, total: 1, csv: file });
      return file;
    });
    // A live workspace with the same kinds of records.
    const live = await smiths(t);
    await live.editorIn.mutation(api.locations.create, { name: "Cellar" });
    await live.ownerIn.mutation(api.customFields.create, { category: "Tools", label: "Colour", type: "text", required: false, showOnVerify: false });
    await tagGeneral(live.editorIn, { name: "Drill" });
    const liveBefore = await rowsNaming(t, live.workspaceId);

    // The item moved out, then the workspace closed the old way: its memberships and row only.
    await home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.owner.personalId });
    await runMoves(t);
    await t.run(async (ctx) => {
      for (const m of await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", home.workspaceId)).collect()) {
        await ctx.db.delete("workspaceMembers", m._id);
      }
      await ctx.db.delete("workspaces", home.workspaceId);
    });
    const tablesNaming = async () => [...new Set((await rowsNaming(t, home.workspaceId)).map(([table]) => table))].sort();
    expect(await tablesNaming()).toEqual(
      expect.arrayContaining(["audits", "checkouts", "customFieldValues", "customFields", "insuranceReports", "loans", "locations", "workspaceActivity", "workspaceMoves"]),
    );

    await t.run(async (ctx) => {
      for (const table of ERASED_TABLES) {
        const name = `eraseOrphan${table[0].toUpperCase()}${table.slice(1)}` as keyof typeof internal.migrations;
        await runToCompletion(ctx, components.migrations, internal.migrations[name] as typeof internal.migrations.eraseOrphanLocations);
      }
    });
    await runMoves(t);

    // Only tables the policy keeps still name it: the ledger and the moved item's history.
    const left = await tablesNaming();
    expect(left).toEqual(["assetEvents", "transactions", "wallets"]);
    for (const table of left) expect(WORKSPACE_RECORDS[table as keyof typeof WORKSPACE_RECORDS]).toHaveProperty("kept");
    expect(await t.run(async (ctx) => ctx.storage.get(csv))).toBeNull();
    expect(await rowsNaming(t, live.workspaceId)).toEqual(liveBefore);
    // The moved item is in its new workspace, untouched.
    expect(await t.run(async (ctx) => (await ctx.db.get("assets", assetId))?.workspaceId)).toBe(home.owner.personalId);
  });
});

describe("moving everything out first", () => {
  test("moves every item in batches with its history, and the balance through the ledger; then it can be deleted", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const count = MOVE_BATCH + 5;
    await t.run(async (ctx) => earn(ctx, { workspaceId: home.workspaceId, amount: count * 5, source: "top_up", description: "More" }));
    for (let i = 0; i < count; i++) await tagGeneral(home.editorIn, { name: `Item ${i}` });
    const [first] = (await home.editorIn.query(api.assets.listMine, { paginationOpts: { numItems: 1, cursor: null } })).page;
    await home.editorIn.mutation(api.assets.setStatus, { assetId: first._id, status: "lost" });
    const personal = asSession(t, home.owner.userId, home.owner.sessionId, home.owner.personalId);
    const ownBalance = async () => (await personal.query(api.wallet.balance, {}))!;
    const ownBefore = await ownBalance();

    await home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.owner.personalId });
    expect(await home.ownerIn.query(api.workspaceClosing.status, {})).toMatchObject({ move: { status: "running", total: count, moved: 0, to: "Personal" } });
    await runMoves(t);

    expect(await home.ownerIn.query(api.workspaceClosing.status, {})).toEqual({
      items: 0,
      balance: 0,
      importRunning: false,
      move: { status: "done", to: "Personal", total: count, moved: count, tokens: 40, error: null },
    });
    expect(await workspaceBalance(t, home.workspaceId)).toBe(0);
    expect(await ownBalance()).toBe(ownBefore + 40);
    expect(await personal.query(api.assets.countMine, {})).toBe(count);
    // The moved item's whole history reads in its new workspace, the status change by the editor included.
    const history = await personal.query(api.assets.history, { assetId: first._id });
    expect(history.map((e) => e.type)).toEqual(["moved", "status", "tagged"]);
    expect(history[1].actorName).toBe("Edie Editor");

    await home.ownerIn.mutation(api.workspaceClosing.remove, { confirmName: "The Smiths" });
    expect(await personal.query(api.assets.countMine, {})).toBe(count);
  });

  test("only into a workspace where the owner can edit, and only by an owner", async () => {
    const t = setupTest();
    const home = await smiths(t);
    await tagGeneral(home.editorIn);
    const elsewhere = await household(t);
    const refuse = async (to: typeof home.workspaceId) =>
      (await errorData(() => home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: to }))).code;
    expect(await refuse(home.workspaceId)).toBe("INVALID");
    expect(await refuse(elsewhere.workspaceId)).toBe("INVALID");
    const admin = asSession(t, home.admin.userId, home.admin.sessionId, home.workspaceId);
    expect((await errorData(() => admin.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.admin.personalId }))).code).toBe("FORBIDDEN");
  });

  test("stops, saying why, when the owner may no longer edit where it goes", async () => {
    const t = setupTest();
    const home = await smiths(t);
    await t.run(async (ctx) => earn(ctx, { workspaceId: home.workspaceId, amount: MOVE_BATCH * 5, source: "top_up", description: "More" }));
    for (let i = 0; i < MOVE_BATCH + 1; i++) await tagGeneral(home.editorIn, { name: `Item ${i}` });
    const other = await household(t);
    await t.run(async (ctx) => {
      await ctx.db.insert("workspaceMembers", { workspaceId: other.workspaceId, userId: home.owner.userId, role: "editor", joinedAt: 0 });
    });
    await home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: other.workspaceId });
    // The first batch runs, then the owner is made a viewer there.
    await t.finishInProgressScheduledFunctions();
    vi.runOnlyPendingTimers();
    await t.finishInProgressScheduledFunctions();
    await t.run(async (ctx) => {
      const m = await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", other.workspaceId).eq("userId", home.owner.userId)).unique();
      await ctx.db.patch("workspaceMembers", m!._id, { role: "viewer" });
    });
    await runMoves(t);
    const status = await home.ownerIn.query(api.workspaceClosing.status, {});
    expect(status).toMatchObject({ items: 1, move: { status: "failed", moved: MOVE_BATCH, error: expect.stringMatching(/can no longer edit/) } });
  });
});

describe("items out on loan", () => {
  test("hold the move until they are checked in, saying why, and nothing moves", async () => {
    const t = setupTest();
    const home = await smiths(t);
    const { assetId } = await tagGeneral(home.editorIn, { name: "Drill" });
    const borrower = { kind: "outside" as const, name: "Sam Neighbour", email: "sam@example.com" };
    await home.editorIn.mutation(api.custody.checkOut, { assetIds: [assetId], borrower, dueAt: Date.now() + 86_400_000 });
    const before = await snapshot(t);
    const refused = await errorData(() => home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.owner.personalId }));
    expect(refused).toEqual({ code: "INVALID", message: "Some items of this workspace are checked out. Check them in first, then move them." });
    expect(await snapshot(t)).toEqual(before);

    await home.editorIn.mutation(api.custody.checkIn, { assetIds: [assetId] });
    await home.ownerIn.mutation(api.workspaceClosing.moveAll, { toWorkspaceId: home.owner.personalId });
    await runMoves(t);
    expect(await home.ownerIn.query(api.workspaceClosing.status, {})).toMatchObject({ items: 0, move: { status: "done", moved: 1 } });
  });
});
