// Audits (stock-takes): the expected list of a location (with everything nested in it), a
// category or the whole workspace is fixed when the audit starts; any number of members scan
// or tick items at once and see each other's progress live; finishing gives the report and
// offers to mark missing items lost and to move the moved and unexpected ones into the
// audited location. A personal workspace's whole audit is its owner's yearly check.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { inWorkspace, inWorkspaceOrNull, workspaceMutation, workspaceQuery } from "./lib/access";
import { getAssetBySerial } from "./lib/assets/read";
import { appError, messageNumber } from "./lib/errors";
import { LOCATION_MESSAGES } from "./lib/locations/rules";
import { logActivity } from "./lib/workspaces/activity";
import { internalMutation } from "./lib/writes";
import {
  AUDIT_MESSAGES,
  AUDIT_PAGE_MAX,
  auditName,
  CLEAR_BATCH,
  checkAuditCategory,
  codeFromScan,
  MAX_RUNNING_AUDITS,
  MAX_SCAN_TEXT,
  RECENT_SCANS,
} from "./lib/audits/rules";
import { prepareBatch, recordScan, resolveBatch, toAuditView, toItemViews } from "./lib/audits/store";
import {
  auditActionValidator,
  auditItemStateValidator,
  auditItemViewValidator,
  auditScopeArgValidator,
  auditViewValidator,
  scanResultValidator,
  type AuditScope,
} from "./lib/audits/tables";

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

async function auditOf(ctx: QueryCtx, auditId: string, workspaceId: Id<"workspaces">): Promise<Doc<"audits"> | null> {
  const id = ctx.db.normalizeId("audits", auditId);
  return id === null ? null : inWorkspaceOrNull(await ctx.db.get("audits", id), workspaceId);
}

async function workspaceAudit(ctx: MutationCtx, auditId: Id<"audits">, workspaceId: Id<"workspaces">) {
  return inWorkspace(await ctx.db.get("audits", auditId), workspaceId, AUDIT_MESSAGES.notFound);
}

function requireOpen(audit: Doc<"audits">) {
  if (audit.status === "preparing") throw appError("INVALID", AUDIT_MESSAGES.preparing);
  if (audit.status !== "open") throw appError("INVALID", AUDIT_MESSAGES.notOpen);
}

/** The workspace's audits, newest first. */
export const list = workspaceQuery({
  absent: EMPTY_PAGE,
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(auditViewValidator),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("audits")
      .withIndex("by_workspaceId_and_startedAt", (q) => q.eq("workspaceId", ctx.workspace._id))
      .order("desc")
      .paginate({ ...paginationOpts, numItems: Math.min(paginationOpts.numItems, AUDIT_PAGE_MAX) });
    const page = [];
    for (const audit of result.page) page.push(await toAuditView(ctx, audit));
    return { ...result, page };
  },
});

/** One audit's progress (live: every auditor's scan shows on every screen) and its latest scans. */
export const get = workspaceQuery({
  absent: null,
  args: { auditId: v.string() },
  returns: v.union(v.null(), v.object({ audit: auditViewValidator, recent: v.array(auditItemViewValidator) })),
  handler: async (ctx, { auditId }) => {
    const audit = await auditOf(ctx, auditId, ctx.workspace._id);
    if (audit === null) return null;
    const recent = await ctx.db
      .query("auditItems")
      .withIndex("by_auditId_and_foundAt", (q) => q.eq("auditId", audit._id).gt("foundAt", 0))
      .order("desc")
      .take(RECENT_SCANS);
    return { audit: await toAuditView(ctx, audit), recent: await toItemViews(ctx, recent) };
  },
});

/** One list of an audit by result (pending reads as missing), by name; the report reads every state in turn. */
export const items = workspaceQuery({
  absent: EMPTY_PAGE,
  args: { auditId: v.string(), state: auditItemStateValidator, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(auditItemViewValidator),
  handler: async (ctx, { auditId, state, paginationOpts }) => {
    const audit = await auditOf(ctx, auditId, ctx.workspace._id);
    if (audit === null) return EMPTY_PAGE;
    const result = await ctx.db
      .query("auditItems")
      .withIndex("by_auditId_and_state_and_name", (q) => q.eq("auditId", audit._id).eq("state", state))
      .paginate({ ...paginationOpts, numItems: Math.min(paginationOpts.numItems, AUDIT_PAGE_MAX) });
    return { ...result, page: await toItemViews(ctx, result.page) };
  },
});

async function resolveScope(ctx: MutationCtx, workspaceId: Id<"workspaces">, scope: typeof auditScopeArgValidator.type): Promise<AuditScope> {
  if (scope.kind === "location") {
    const location = inWorkspace(await ctx.db.get("locations", scope.locationId), workspaceId, LOCATION_MESSAGES.notFound);
    return { kind: "location", locationId: location._id, path: location.path };
  }
  if (scope.kind === "category") {
    const checked = checkAuditCategory(scope.category);
    if (!checked.ok) throw appError("INVALID", checked.message);
    return { kind: "category", category: checked.category };
  }
  return scope;
}

/**
 * Starts an audit: its expected list (the scope's active items, those out on loan counted
 * apart) is written now, in batches for a large scope; scanning opens with the last batch.
 */
export const start = workspaceMutation({
  can: "audit",
  args: { scope: auditScopeArgValidator },
  returns: v.id("audits"),
  handler: async (ctx, args) => {
    const workspaceId = ctx.workspace._id;
    const scope = await resolveScope(ctx, workspaceId, args.scope);
    const running = [
      ...(await ctx.db.query("audits").withIndex("by_workspaceId_and_status", (q) => q.eq("workspaceId", workspaceId).eq("status", "preparing")).take(MAX_RUNNING_AUDITS)),
      ...(await ctx.db.query("audits").withIndex("by_workspaceId_and_status", (q) => q.eq("workspaceId", workspaceId).eq("status", "open")).take(MAX_RUNNING_AUDITS)),
    ];
    if (running.length >= MAX_RUNNING_AUDITS) throw appError("INVALID", AUDIT_MESSAGES.tooMany);
    const name = auditName(scope, ctx.workspace.kind === "personal");
    const auditId = await ctx.db.insert("audits", {
      workspaceId,
      scope,
      name,
      status: "preparing",
      startedBy: ctx.user._id,
      startedAt: Date.now(),
      prepare: { source: 0, cursor: null },
      expected: 0,
      found: 0,
      moved: 0,
      unexpected: 0,
      onLoan: 0,
    });
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "auditStarted", subject: name });
    if (await prepareBatch(ctx, auditId)) await ctx.scheduler.runAfter(0, internal.audits.prepare, { auditId });
    return auditId;
  },
});

/** Writes the next batch of an audit's expected list. */
export const prepare = internalMutation({
  args: { auditId: v.id("audits") },
  returns: v.null(),
  handler: async (ctx, { auditId }) => {
    if (await prepareBatch(ctx, auditId)) await ctx.scheduler.runAfter(0, internal.audits.prepare, { auditId });
    return null;
  },
});

/**
 * A scan in an audit: the text a label's QR code, a hardware scanner or a person gives (a
 * serial, a sticker code, a verify address). The camera scanner calls this too.
 */
export const scan = workspaceMutation({
  can: "audit",
  args: { auditId: v.id("audits"), code: v.string() },
  returns: scanResultValidator,
  handler: async (ctx, { auditId, code }) => {
    if (code.length > MAX_SCAN_TEXT) throw appError("INVALID", AUDIT_MESSAGES.codeTooLong);
    const audit = await workspaceAudit(ctx, auditId, ctx.workspace._id);
    requireOpen(audit);
    const serial = codeFromScan(code);
    if (serial === null) throw appError("INVALID", AUDIT_MESSAGES.codeRequired);
    // A claimed sticker's code is its item's serial.
    const asset = await getAssetBySerial(ctx, serial);
    // Another workspace's item reads as no item at all.
    if (asset === null || asset.workspaceId !== ctx.workspace._id) throw appError("NOT_FOUND", AUDIT_MESSAGES.unknownCode);
    return await recordScan(ctx, audit, asset, ctx.user._id);
  },
});

/** Ticks an item by hand (from the missing list, or an item's page). */
export const tick = workspaceMutation({
  can: "audit",
  args: { auditId: v.id("audits"), assetId: v.id("assets") },
  returns: scanResultValidator,
  handler: async (ctx, { auditId, assetId }) => {
    const audit = await workspaceAudit(ctx, auditId, ctx.workspace._id);
    requireOpen(audit);
    const asset = inWorkspace(await ctx.db.get("assets", assetId), ctx.workspace._id, AUDIT_MESSAGES.unknownCode);
    return await recordScan(ctx, audit, asset, ctx.user._id);
  },
});

/** Ends scanning: what was not found is missing; the report and the follow-ups become available. */
export const finish = workspaceMutation({
  can: "audit",
  args: { auditId: v.id("audits") },
  returns: v.null(),
  handler: async (ctx, { auditId }) => {
    const audit = await workspaceAudit(ctx, auditId, ctx.workspace._id);
    requireOpen(audit);
    await ctx.db.patch("audits", auditId, { status: "finished", endedAt: Date.now(), endedBy: ctx.user._id });
    const missing = audit.expected - audit.found;
    await logActivity(ctx, {
      workspaceId: ctx.workspace._id,
      actorId: ctx.user._id,
      kind: "auditFinished",
      subject: `${audit.name}: ${messageNumber(audit.found)} of ${messageNumber(audit.expected)} found, ${messageNumber(missing)} missing, ${messageNumber(audit.moved + audit.unexpected)} not on the list`,
    });
    return null;
  },
});

/** Stops an audit that is preparing or open; its rows are cleared in batches. */
export const cancel = workspaceMutation({
  can: "audit",
  args: { auditId: v.id("audits") },
  returns: v.null(),
  handler: async (ctx, { auditId }) => {
    const audit = await workspaceAudit(ctx, auditId, ctx.workspace._id);
    if (audit.status !== "open" && audit.status !== "preparing") throw appError("INVALID", AUDIT_MESSAGES.notOpen);
    await ctx.db.patch("audits", auditId, { status: "cancelled", endedAt: Date.now(), endedBy: ctx.user._id, prepare: undefined });
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "auditCancelled", subject: audit.name });
    await ctx.scheduler.runAfter(0, internal.audits.clear, { auditId });
    return null;
  },
});

/** Deletes one batch of a cancelled audit's rows. */
export const clear = internalMutation({
  args: { auditId: v.id("audits") },
  returns: v.null(),
  handler: async (ctx, { auditId }) => {
    const rows = await ctx.db.query("auditItems").withIndex("by_auditId_and_state_and_name", (q) => q.eq("auditId", auditId)).take(CLEAR_BATCH);
    for (const row of rows) await ctx.db.delete("auditItems", row._id);
    if (rows.length === CLEAR_BATCH) await ctx.scheduler.runAfter(0, internal.audits.clear, { auditId });
    return null;
  },
});

/**
 * After finishing: marks the missing items lost (`markLost`) or moves the moved and unexpected
 * ones into the audited location (`moveIn`), in batches, each change in the item's history.
 */
export const resolve = workspaceMutation({
  can: "edit",
  args: { auditId: v.id("audits"), action: auditActionValidator },
  returns: v.null(),
  handler: async (ctx, { auditId, action }) => {
    const audit = await workspaceAudit(ctx, auditId, ctx.workspace._id);
    if (audit.status !== "finished") throw appError("INVALID", AUDIT_MESSAGES.notFinished);
    if (action === "moveIn" && audit.scope.kind !== "location") throw appError("INVALID", AUDIT_MESSAGES.noLocation);
    if (audit[action] !== undefined) throw appError("INVALID", AUDIT_MESSAGES.running);
    await ctx.db.patch("audits", auditId, { [action]: { by: ctx.user._id, changed: 0, skipped: 0, done: false, cursor: null, phase: 0 } });
    const subject =
      action === "markLost"
        ? `${audit.name}: marked the missing items lost`
        : `${audit.name}: moved the items found there that were registered elsewhere into it`;
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "auditResolved", subject });
    if (await resolveBatch(ctx, auditId, action)) await ctx.scheduler.runAfter(0, internal.audits.resolveNext, { auditId, action });
    return null;
  },
});

export const resolveNext = internalMutation({
  args: { auditId: v.id("audits"), action: auditActionValidator },
  returns: v.null(),
  handler: async (ctx, { auditId, action }) => {
    if (await resolveBatch(ctx, auditId, action)) await ctx.scheduler.runAfter(0, internal.audits.resolveNext, { auditId, action });
    return null;
  },
});
