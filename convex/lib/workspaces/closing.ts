// Closing a shared workspace: what it still holds, and moving it all to another workspace of
// the owner's in bounded batches (convex/workspaceClosing.ts schedules them). Nothing is lost:
// a workspace is deleted only once it holds no item and no TMT; moved items keep their whole
// history (their periods in the owner chain follow them, and a "moved" event says so); the
// balance moves through the ledger as a spend here and an earning there.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { recordEvent } from "../assets/read";
import { countOwned } from "../counts/assetCounts";
import { earn, spend } from "../ledger";
import { payerOf } from "../wallet/payer";
import { balanceOf } from "../wallet/read";
import { logActivity } from "./activity";
import { membership } from "./policy";
import { can, CLOSING_MESSAGES, mayHoldKind, MOVE_BATCH } from "./rules";
import { hasOpenLoans } from "../custody/store";
import { moveStolenReports } from "../verify/stolen";

type Read = Pick<QueryCtx, "db">;

/** Whether an import is still writing into the workspace (its newest jobs are enough to tell). */
export async function importRunning(ctx: Read, workspaceId: Id<"workspaces">): Promise<boolean> {
  const recent = await ctx.db
    .query("importJobs")
    .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId))
    .order("desc")
    .take(10);
  return recent.some((job) => job.status === "running" || job.status === "rolling_back");
}

/** The workspace's latest move job, if any. */
export async function latestMove(ctx: Read, workspaceId: Id<"workspaces">): Promise<Doc<"workspaceMoves"> | null> {
  return await ctx.db
    .query("workspaceMoves")
    .withIndex("by_workspaceId_and_startedAt", (q) => q.eq("workspaceId", workspaceId))
    .order("desc")
    .first();
}

/** What the workspace still holds: items (exact count) and TMT. */
export async function holdings(ctx: QueryCtx, workspaceId: Id<"workspaces">) {
  return { items: await countOwned(ctx, workspaceId), balance: await balanceOf(ctx, { workspaceId }) };
}

/**
 * The workspace `userId` may move things into: another one they belong to with a role that
 * edits; else null (gone, not theirs, or a viewer there: the same answer).
 */
export async function moveTarget(
  ctx: Read,
  from: Id<"workspaces">,
  to: Id<"workspaces">,
  userId: Id<"users">,
): Promise<Doc<"workspaces"> | null> {
  if (from === to) return null;
  const access = await membership(ctx, to, userId);
  return access !== null && can(access.member.role, "edit") ? access.workspace : null;
}

/** Re-homes one asset: its periods in the owner chain (so the history stays readable), its open offer, its stolen reports, then the asset. */
async function moveAsset(ctx: MutationCtx, asset: Doc<"assets">, from: Doc<"workspaces">, to: Doc<"workspaces">, actorId: Id<"users">) {
  const periods = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .take(100);
  for (const period of periods) {
    if (period.workspaceId === from._id) await ctx.db.patch("assetOwners", period._id, { workspaceId: to._id });
  }
  const offer = await ctx.db
    .query("transfers")
    .withIndex("by_assetId_and_status", (q) => q.eq("assetId", asset._id).eq("status", "pending"))
    .first();
  if (offer !== null && offer.fromWorkspaceId === from._id) await ctx.db.patch("transfers", offer._id, { fromWorkspaceId: to._id });
  await moveStolenReports(ctx, asset._id, from._id, to._id);
  await ctx.db.patch("assets", asset._id, { workspaceId: to._id, updatedAt: Date.now() });
  await recordEvent(ctx, {
    assetId: asset._id,
    actorId,
    workspaceId: to._id,
    type: "moved",
    summary: `Moved from “${from.name}” to “${to.name}”`,
  });
}

/** Records filed under the workspace that follow its items: visit alerts, then found reports. */
async function moveFiled(ctx: MutationCtx, from: Id<"workspaces">, to: Id<"workspaces">): Promise<boolean> {
  const alerts = await ctx.db.query("verifyAlerts").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", from)).take(MOVE_BATCH);
  for (const a of alerts) await ctx.db.patch("verifyAlerts", a._id, { workspaceId: to });
  if (alerts.length > 0) return true;
  const reports = await ctx.db.query("foundReports").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", from)).take(MOVE_BATCH);
  for (const r of reports) await ctx.db.patch("foundReports", r._id, { workspaceId: to });
  if (reports.length > 0) return true;
  // Reminders sent go along, so what was reminded here is not reminded again there.
  const reminders = await ctx.db.query("upkeepReminders").withIndex("by_workspaceId_and_sentAt", (q) => q.eq("workspaceId", from)).take(MOVE_BATCH);
  for (const r of reminders) await ctx.db.patch("upkeepReminders", r._id, { workspaceId: to });
  return reminders.length > 0;
}

/** The wallet's whole balance, spent here and earned by the wallet that pays in `to`, in this transaction. */
async function moveBalance(ctx: MutationCtx, from: Doc<"workspaces">, to: Doc<"workspaces">, actorId: Id<"users">): Promise<number> {
  const amount = await balanceOf(ctx, { workspaceId: from._id });
  if (amount === 0) return 0;
  await spend(ctx, { workspaceId: from._id, amount, actorId, source: "workspace_move", description: `Moved to “${to.name}”`.slice(0, 200) });
  await earn(ctx, { ...payerOf(to), amount, actorId, source: "workspace_move", description: `Moved from “${from.name}”`.slice(0, 200) });
  return amount;
}

type Step = { done: false } | { done: true; error?: string };

/**
 * One batch of `job`: up to MOVE_BATCH items, else the filed records, else the balance (and
 * the job is done). Each batch re-checks that its starter is still the owner here and may
 * still edit there, so a move stops the moment they may not.
 */
export async function moveStep(ctx: MutationCtx, job: Doc<"workspaceMoves">): Promise<Step> {
  const from = await membership(ctx, job.workspaceId, job.startedBy);
  const to = await moveTarget(ctx, job.workspaceId, job.toWorkspaceId, job.startedBy);
  if (from === null || !can(from.member.role, "deleteWorkspace") || to === null) return { done: true, error: CLOSING_MESSAGES.targetGone };
  // Lent since the move began: the loan stays here, so the move stops and says why.
  if (await hasOpenLoans(ctx, job.workspaceId)) return { done: true, error: CLOSING_MESSAGES.itemsOnLoan };
  const batch = await ctx.db
    .query("assets")
    .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", job.workspaceId))
    .take(MOVE_BATCH);
  for (const asset of batch) {
    if (!mayHoldKind(to.kind, asset.kind)) return { done: true, error: CLOSING_MESSAGES.targetGone };
    await moveAsset(ctx, asset, from.workspace, to, job.startedBy);
  }
  const now = Date.now();
  if (batch.length > 0) {
    await ctx.db.patch("workspaceMoves", job._id, { moved: job.moved + batch.length, updatedAt: now });
    return { done: false };
  }
  if (await moveFiled(ctx, job.workspaceId, to._id)) {
    await ctx.db.patch("workspaceMoves", job._id, { updatedAt: now });
    return { done: false };
  }
  const tokens = await moveBalance(ctx, from.workspace, to, job.startedBy);
  await ctx.db.patch("workspaceMoves", job._id, { tokens, status: "done", updatedAt: now });
  const what = `${job.moved === 1 ? "1 item" : `${job.moved} items`} and ${tokens} TMT`;
  await logActivity(ctx, { workspaceId: job.workspaceId, actorId: job.startedBy, kind: "itemsMoved", subject: `${what} to “${to.name}”` });
  await logActivity(ctx, { workspaceId: to._id, actorId: job.startedBy, kind: "itemsMoved", subject: `${what} here from “${from.workspace.name}”` });
  return { done: true };
}

/**
 * Closes the workspace to its members at once (memberships and pending invitations, both
 * capped); its other records are erased after, in scheduled batches (lib/workspaces/erase.ts).
 */
export async function shutWorkspace(ctx: MutationCtx, members: Doc<"workspaceMembers">[], invitations: Doc<"workspaceInvitations">[]) {
  for (const m of members) await ctx.db.delete("workspaceMembers", m._id);
  for (const i of invitations) await ctx.db.delete("workspaceInvitations", i._id);
}
