// Erasing an account once its grace period is over, in batches: each scheduled run does
// one bounded step and schedules the next, until only the tombstone is left.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { endSession } from "../auth/endSession";
import { mailboxKey } from "../auth/emailIdentity";
import { forgetLimitsOf } from "../limits";
import { leaveAllRooms } from "../presence/client";
import { logActivity } from "../workspaces/activity";
import { eraseWorkspaceStep } from "../workspaces/erase";
import { WORKSPACE_ROLES } from "../workspaces/tables";
import type { DeletedTable } from "./coverage";
import { redactStep } from "./redact";
import { ERASE_BATCH, FORMER_MEMBER } from "./rules";

type UserId = Id<"users">;
/** One bounded batch of a table's rows naming the user, and how each is removed. */
type Step = { rows: (ctx: MutationCtx, userId: UserId) => Promise<{ _id: Id<DeletedTable> }[]>; remove?: (ctx: MutationCtx, row: never) => Promise<void> };

const take = ERASE_BATCH;

/** One step per table whose rows are deleted; the type makes a new "delete" table need its step. */
const STEPS: { [T in DeletedTable]: { rows: (ctx: MutationCtx, userId: UserId) => Promise<Doc<T>[]>; remove?: (ctx: MutationCtx, row: Doc<T>) => Promise<void> } } = {
  // Sessions end first: from here on nobody can act as the account (or cancel).
  authSessions: {
    rows: (ctx, id) => ctx.db.query("authSessions").withIndex("userId", (q) => q.eq("userId", id)).take(take),
    remove: endSession,
  },
  authAccounts: {
    rows: (ctx, id) => ctx.db.query("authAccounts").withIndex("userIdAndProvider", (q) => q.eq("userId", id)).take(take),
    remove: async (ctx, account) => {
      const codes = await ctx.db.query("authVerificationCodes").withIndex("accountId", (q) => q.eq("accountId", account._id)).take(take);
      for (const code of codes) await ctx.db.delete("authVerificationCodes", code._id);
      await ctx.db.delete("authAccounts", account._id);
    },
  },
  sessionInfo: { rows: (ctx, id) => ctx.db.query("sessionInfo").withIndex("by_userId", (q) => q.eq("userId", id)).take(take) },
  twoFactor: { rows: (ctx, id) => ctx.db.query("twoFactor").withIndex("by_userId", (q) => q.eq("userId", id)).take(take) },
  workspaceMembers: {
    // One membership per step: a sole workspace is erased over several.
    rows: (ctx, id) => ctx.db.query("workspaceMembers").withIndex("by_userId", (q) => q.eq("userId", id)).take(1),
    remove: leaveWorkspace,
  },
  dataExports: {
    rows: (ctx, id) => ctx.db.query("dataExports").withIndex("by_userId_and_requestedAt", (q) => q.eq("userId", id)).take(take),
    remove: async (ctx, row) => {
      for (const part of row.parts ?? []) await ctx.storage.delete(part);
      await ctx.db.delete("dataExports", row._id);
    },
  },
  newsReads: { rows: (ctx, id) => ctx.db.query("newsReads").withIndex("by_userId", (q) => q.eq("userId", id)).take(take) },
  bugReports: {
    rows: (ctx, id) => ctx.db.query("bugReports").withIndex("by_userId", (q) => q.eq("userId", id)).take(take),
    remove: async (ctx, report) => {
      await ctx.storage.delete(report.screenshotId);
      await ctx.db.delete("bugReports", report._id);
    },
  },
  businessRequests: {
    rows: (ctx, id) => ctx.db.query("businessRequests").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", id)).take(take),
  },
  beneficiaries: {
    rows: (ctx, id) => ctx.db.query("beneficiaries").withIndex("by_ownerId_and_contactId", (q) => q.eq("ownerId", id)).take(take),
  },
  nokContacts: { rows: (ctx, id) => ctx.db.query("nokContacts").withIndex("by_ownerId_and_createdAt", (q) => q.eq("ownerId", id)).take(take) },
  legacySettings: { rows: (ctx, id) => ctx.db.query("legacySettings").withIndex("by_ownerId", (q) => q.eq("ownerId", id)).take(take) },
  legacyEvents: { rows: (ctx, id) => ctx.db.query("legacyEvents").withIndex("by_ownerId_and_at", (q) => q.eq("ownerId", id)).take(take) },
  legacyConfirmations: {
    rows: (ctx, id) => ctx.db.query("legacyConfirmations").withIndex("by_ownerId_and_lapsedAt", (q) => q.eq("ownerId", id)).take(take),
  },
  legacyGrants: { rows: (ctx, id) => ctx.db.query("legacyGrants").withIndex("by_ownerId", (q) => q.eq("ownerId", id)).take(take) },
  // Last, with the tombstone: while the row exists the erasure is still due (a cancelled one has none).
  accountDeletions: {
    rows: (ctx, id) => ctx.db.query("accountDeletions").withIndex("by_userId", (q) => q.eq("userId", id)).take(take),
    remove: async (ctx, row) => {
      // What components keep under the user's id, address or number goes too.
      const user = await ctx.db.get("users", row.userId);
      const email = user?.email;
      await forgetLimitsOf(ctx, { userId: row.userId, email, mailbox: email === undefined ? undefined : mailboxKey(email), phone: user?.phone });
      await leaveAllRooms(ctx, row.userId);
      await ctx.db.delete("accountDeletions", row._id);
      await ctx.db.replace("users", row.userId, { deletedAt: Date.now() });
    },
  },
};

/**
 * One bounded step of erasing `userId`: the first table with rows left loses a batch.
 * Returns true while more is left; the last step replaces the user by its tombstone
 * (no name, address, phone or code: kept records name a "Former member").
 */
export async function eraseStep(ctx: MutationCtx, userId: UserId): Promise<boolean> {
  for (const [table, step] of Object.entries(STEPS) as [DeletedTable, Step][]) {
    // Before the tombstone, while the name and addresses are still known: their copies in kept records.
    if (table === "accountDeletions") {
      const user = await ctx.db.get("users", userId);
      if (user !== null && user.deletedAt === undefined && (await redactStep(ctx, user))) return true;
    }
    const rows = await step.rows(ctx, userId);
    if (rows.length === 0) continue;
    for (const row of rows) {
      if (step.remove) await step.remove(ctx, row as never);
      else await ctx.db.delete(table, row._id);
    }
    // The tombstone (the accountDeletions step) ends it.
    return table !== "accountDeletions";
  }
  return false;
}

/**
 * The user leaves one workspace: one they alone belong to is erased (a batch per step,
 * the membership going with its last one); a shared one they alone own passes to its
 * longest-standing member of the highest role; the rest keep their records.
 */
async function leaveWorkspace(ctx: MutationCtx, member: Doc<"workspaceMembers">): Promise<void> {
  const { workspaceId, userId } = member;
  const others = (
    await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId)).take(2)
  ).filter((m) => m.userId !== userId);
  if (others.length === 0) {
    // A batch per step; the membership goes with the workspace row, in the last one.
    await eraseWorkspaceStep(ctx, workspaceId, userId);
    return;
  }
  await logActivity(ctx, { workspaceId, actorId: userId, kind: "left", subject: FORMER_MEMBER, userId, role: member.role });
  if (member.role === "owner") {
    const owners = await ctx.db
      .query("workspaceMembers")
      .withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", "owner"))
      .take(2);
    if (owners.length === 1) await handOn(ctx, workspaceId);
  }
  await ctx.db.delete("workspaceMembers", member._id);
}

async function handOn(ctx: MutationCtx, workspaceId: Id<"workspaces">): Promise<void> {
  for (const role of WORKSPACE_ROLES.slice(1)) {
    const heir = await ctx.db
      .query("workspaceMembers")
      .withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", role))
      .first();
    if (heir === null) continue;
    await ctx.db.patch("workspaceMembers", heir._id, { role: "owner" });
    const heirUser = await ctx.db.get("users", heir.userId);
    await logActivity(ctx, { workspaceId, kind: "ownershipTransferred", subject: heirUser?.fullName ?? "", userId: heir.userId, role: "owner" });
    return;
  }
}
