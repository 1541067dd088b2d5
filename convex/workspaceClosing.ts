// Deleting a household or business workspace (owners only), and the way out when it still
// holds something: moving every item and the wallet's balance to another workspace where
// the owner can edit, in scheduled batches with live progress. A workspace holding items or
// TMT is never deleted (the ledger's balances never vanish); members' open screens of a
// deleted workspace empty live (their membership is gone) and fall back to their home one.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { workspaceMutation, workspaceQuery } from "./lib/access";
import { hasOpenLoans } from "./lib/custody/store";
import { appError } from "./lib/errors";
import { internalMutation } from "./lib/writes";
import {
  holdings,
  importRunning,
  latestMove,
  moveStep,
  moveTarget,
  shutWorkspace,
} from "./lib/workspaces/closing";
import { erasureOf, eraseWorkspaceStep, leaseErasure, stalledErasures } from "./lib/workspaces/erase";
import { invitationsOf, membersOf } from "./lib/workspaces/members";
import { CLOSING_MESSAGES, CREATABLE_KINDS, MOVE_STALE_MS } from "./lib/workspaces/rules";
import { closingViewValidator } from "./lib/workspaces/tables";

/** Only shared workspaces close; a personal one lasts as long as its user. */
const OWNER_OF_SHARED = { can: "deleteWorkspace", kinds: CREATABLE_KINDS } as const;

/** What the owner's delete section shows: what is left, and the move's progress. Null to anyone else. */
export const status = workspaceQuery({
  ...OWNER_OF_SHARED,
  absent: null,
  args: {},
  returns: v.union(v.null(), closingViewValidator),
  handler: async (ctx) => {
    const workspaceId = ctx.workspace._id;
    const job = await latestMove(ctx, workspaceId);
    const target = job === null ? null : await ctx.db.get("workspaces", job.toWorkspaceId);
    return {
      ...(await holdings(ctx, workspaceId)),
      importRunning: await importRunning(ctx, workspaceId),
      move:
        job === null
          ? null
          : { status: job.status, to: target?.name ?? "", total: job.total, moved: job.moved, tokens: job.tokens, error: job.error ?? null },
    };
  },
});

async function scheduleStep(ctx: MutationCtx, jobId: Id<"workspaceMoves">) {
  await ctx.scheduler.runAfter(0, internal.workspaceClosing.step, { jobId });
}

/**
 * Moves every item (with its history, open offers, alerts and found reports) and the wallet's
 * balance to `toWorkspaceId`, where the owner must be able to edit. Starting it again while a
 * move has stalled resumes it.
 */
export const moveAll = workspaceMutation({
  ...OWNER_OF_SHARED,
  args: { toWorkspaceId: v.id("workspaces") },
  returns: v.null(),
  handler: async (ctx, { toWorkspaceId }) => {
    const workspaceId = ctx.workspace._id;
    if ((await moveTarget(ctx, workspaceId, toWorkspaceId, ctx.user._id)) === null) throw appError("INVALID", CLOSING_MESSAGES.chooseTarget);
    if (await importRunning(ctx, workspaceId)) throw appError("INVALID", CLOSING_MESSAGES.importRunning);
    // A loan stays with the workspace that lent it: the borrower's link and reminders name it.
    if (await hasOpenLoans(ctx, workspaceId)) throw appError("INVALID", CLOSING_MESSAGES.itemsOnLoan);
    const now = Date.now();
    const running = await latestMove(ctx, workspaceId);
    if (running !== null && running.status === "running") {
      if (running.updatedAt > now - MOVE_STALE_MS) throw appError("INVALID", CLOSING_MESSAGES.moveRunning);
      await ctx.db.patch("workspaceMoves", running._id, { toWorkspaceId, startedBy: ctx.user._id, updatedAt: now });
      await scheduleStep(ctx, running._id);
      return null;
    }
    const { items, balance } = await holdings(ctx, workspaceId);
    if (items === 0 && balance === 0) throw appError("INVALID", CLOSING_MESSAGES.nothingToMove);
    const jobId = await ctx.db.insert("workspaceMoves", {
      workspaceId,
      toWorkspaceId,
      startedBy: ctx.user._id,
      status: "running",
      total: items,
      moved: 0,
      tokens: 0,
      startedAt: now,
      updatedAt: now,
    });
    await scheduleStep(ctx, jobId);
    return null;
  },
});

/** One batch of a move; schedules the next until everything is across. */
export const step = internalMutation({
  args: { jobId: v.id("workspaceMoves") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const job = await ctx.db.get("workspaceMoves", jobId);
    if (job === null || job.status !== "running") return null;
    const next = await moveStep(ctx, job);
    if (!next.done) await scheduleStep(ctx, jobId);
    else if (next.error !== undefined) await ctx.db.patch("workspaceMoves", jobId, { status: "failed", error: next.error, updatedAt: Date.now() });
    return null;
  },
});

/**
 * Deletes the workspace, once the owner has typed its name and it holds no item and no TMT.
 * Its members lose it at once; its places, audits, loans, activity and every other record of
 * its own are erased after, in batches. Its ledger stays (every balance still adds up), and
 * items moved out keep their history.
 */
export const remove = workspaceMutation({
  ...OWNER_OF_SHARED,
  args: { confirmName: v.string() },
  returns: v.null(),
  handler: async (ctx, { confirmName }) => {
    const workspaceId = ctx.workspace._id;
    if (confirmName.trim() !== ctx.workspace.name) throw appError("INVALID", CLOSING_MESSAGES.confirmName);
    const move = await latestMove(ctx, workspaceId);
    if (move !== null && move.status === "running") throw appError("INVALID", CLOSING_MESSAGES.moveRunning);
    if (await importRunning(ctx, workspaceId)) throw appError("INVALID", CLOSING_MESSAGES.importRunning);
    const { items, balance } = await holdings(ctx, workspaceId);
    if (items > 0) throw appError("INVALID", CLOSING_MESSAGES.holdsItems(items));
    if (balance > 0) throw appError("INVALID", CLOSING_MESSAGES.holdsTokens(balance));
    await shutWorkspace(ctx, await membersOf(ctx, workspaceId), await invitationsOf(ctx, workspaceId));
    await ctx.scheduler.runAfter(0, internal.workspaceClosing.erase, { workspaceId, actorId: ctx.user._id, lease: await leaseErasure(ctx, workspaceId) });
    return null;
  },
});

/**
 * One batch of a deleted workspace's records (places, audits, loans, activity…); schedules the
 * next until the row itself is gone. A chain whose lease was taken over by the sweep stops.
 */
export const erase = internalMutation({
  // `lease` is absent only in a step scheduled before erasures held one.
  args: { workspaceId: v.id("workspaces"), actorId: v.id("users"), lease: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, { workspaceId, actorId, lease }) => {
    const run = await erasureOf(ctx, workspaceId);
    if (run !== null && run.lease !== lease) return null;
    if (!(await eraseWorkspaceStep(ctx, workspaceId, actorId))) return null;
    if (run !== null) await ctx.db.patch("workspaceErasures", run._id, { stepAt: Date.now() });
    await ctx.scheduler.runAfter(0, internal.workspaceClosing.erase, { workspaceId, actorId, lease });
    return null;
  },
});

const SWEEP_BATCH = 20;

/**
 * Hourly: resumes each erasure whose chain went quiet (a step threw, or its run was lost)
 * under a new lease. The workspace's creator stands as the actor: its members are gone, and
 * the steps left only remove its records.
 */
export const sweep = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    for (const run of await stalledErasures(ctx, SWEEP_BATCH)) {
      const workspace = await ctx.db.get("workspaces", run.workspaceId);
      if (workspace === null) {
        await ctx.db.delete("workspaceErasures", run._id);
        continue;
      }
      const lease = await leaseErasure(ctx, run.workspaceId);
      await ctx.scheduler.runAfter(0, internal.workspaceClosing.erase, { workspaceId: run.workspaceId, actorId: workspace.createdBy, lease });
    }
    return null;
  },
});
