// Deleting one's account (GDPR art. 17): confirmed with the password, or for accounts
// without one a code sent to their address; then a grace period in which the owner, signed
// in, may cancel; then lib/privacy/erase.ts erases it in scheduled batches. A stolen
// session alone can neither start a deletion (it needs the password or the code) nor
// cancel someone else's (cancel acts on the caller's own account only).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { type MutationCtx, type QueryCtx } from "./_generated/server";
import { adminMutation, adminQuery, userAction, userMutation, userQuery, viewerQuery } from "./lib/access";
import { checkOwnPassword } from "./lib/auth/ownPassword";
import { randomString } from "./lib/auth/input";
import { PASSWORD_PROVIDER_ID } from "./lib/auth/providerIds";
import { hashCode, hashesEqual } from "./lib/auth/secrets";
import { countOwned } from "./lib/counts/assetCounts";
import { appError, MESSAGES } from "./lib/errors";
import { takeSendSlot } from "./lib/limits";
import { sendEmail, sendSms } from "./lib/outbound";
import { eraseStep } from "./lib/privacy/erase";
import { deletionCodeText, deletionScheduledText } from "./lib/privacy/notices";
import {
  DELETION_CODE_LENGTH,
  DELETION_CODE_TRIES,
  DELETION_CODE_TTL_MS,
  DELETION_GRACE_MS,
  DELETION_MESSAGES,
} from "./lib/privacy/rules";
import { internalMutation } from "./lib/writes";

const CODE_MAX = 32;

async function deletionOf(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return await ctx.db.query("accountDeletions").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
}

async function hasPassword(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<boolean> {
  const account = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId).eq("provider", PASSWORD_PROVIDER_ID))
    .first();
  return account !== null;
}

/** The banner's answer: when the caller's account will be erased, or null. */
export const status = viewerQuery({
  args: {},
  returns: v.union(v.null(), v.object({ eraseAt: v.number(), byAdmin: v.boolean() })),
  signedOut: null,
  handler: async (ctx) => {
    const row = await deletionOf(ctx, ctx.user._id);
    return row?.eraseAt === undefined ? null : { eraseAt: row.eraseAt, byAdmin: row.requestedBy === "admin" };
  },
});

const MAX_LISTED_WORKSPACES = 50;

/** What the confirmation shows: how to confirm, and the workspaces deletion would erase (offer to move their items). */
export const plan = userQuery({
  args: {},
  returns: v.object({
    confirmWith: v.union(v.literal("password"), v.literal("code")),
    soleWorkspaces: v.array(v.object({ _id: v.id("workspaces"), name: v.string(), kind: v.string(), items: v.number() })),
    sharedWorkspaces: v.number(),
  }),
  handler: async (ctx) => {
    const memberships = await ctx.db
      .query("workspaceMembers")
      .withIndex("by_userId", (q) => q.eq("userId", ctx.user._id))
      .take(MAX_LISTED_WORKSPACES);
    const soleWorkspaces = [];
    let sharedWorkspaces = 0;
    for (const m of memberships) {
      const members = await ctx.db
        .query("workspaceMembers")
        .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", m.workspaceId))
        .take(2);
      const workspace = await ctx.db.get("workspaces", m.workspaceId);
      if (workspace === null) continue;
      if (members.length > 1) sharedWorkspaces += 1;
      else soleWorkspaces.push({ _id: workspace._id, name: workspace.name, kind: workspace.kind, items: await countOwned(ctx, workspace._id) });
    }
    return { confirmWith: (await hasPassword(ctx, ctx.user._id)) ? "password" : "code", soleWorkspaces, sharedWorkspaces } as const;
  },
});

/** Schedules the erasure after the grace period and tells the account owner. */
async function scheduleErasure(ctx: MutationCtx, userId: Id<"users">, requestedBy?: "admin") {
  const user = await ctx.db.get("users", userId);
  if (user === null || user.deletedAt !== undefined) throw appError("NOT_FOUND", MESSAGES.userNotFound);
  const row = await deletionOf(ctx, userId);
  if (row?.eraseAt !== undefined) throw appError("INVALID", DELETION_MESSAGES.alreadyScheduled);
  const eraseAt = Date.now() + DELETION_GRACE_MS;
  const job = await ctx.scheduler.runAt(eraseAt, internal.accountDeletion.erase, { userId });
  const fields = { eraseAt, job, requestedBy, codeHash: undefined, codeExpiresAt: undefined, codeFailures: undefined };
  if (row === null) await ctx.db.insert("accountDeletions", { userId, ...fields });
  else await ctx.db.patch("accountDeletions", row._id, fields);
  const notice = deletionScheduledText(eraseAt, requestedBy === "admin");
  if (user.email !== undefined) await sendEmail(ctx, { to: user.email, ...notice });
  else if (user.phone !== undefined) await sendSms(ctx, { to: user.phone, body: notice.body });
}

export const schedule = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    await scheduleErasure(ctx, userId);
    return null;
  },
});

/** Accounts with a password confirm with it. */
export const confirmWithPassword = userAction({
  args: { password: v.string() },
  returns: v.null(),
  handler: async (ctx, { password }) => {
    await checkOwnPassword(ctx, ctx.user, password);
    await ctx.runMutation(internal.accountDeletion.schedule, { userId: ctx.user._id });
    return null;
  },
});

export const storeCode = internalMutation({
  args: { userId: v.id("users"), codeHash: v.string() },
  returns: v.union(v.null(), v.object({ channel: v.union(v.literal("email"), v.literal("sms")), to: v.string() })),
  handler: async (ctx, { userId, codeHash }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    if (await hasPassword(ctx, userId)) throw appError("INVALID", DELETION_MESSAGES.hasPassword);
    const row = await deletionOf(ctx, userId);
    if (row?.eraseAt !== undefined) throw appError("INVALID", DELETION_MESSAGES.alreadyScheduled);
    const target = user.email !== undefined ? { channel: "email" as const, to: user.email } : user.phone !== undefined ? { channel: "sms" as const, to: user.phone } : null;
    if (target === null) throw appError("INVALID", DELETION_MESSAGES.noAddress);
    await takeSendSlot(ctx, target.channel, target.to);
    const fields = { codeHash, codeExpiresAt: Date.now() + DELETION_CODE_TTL_MS, codeFailures: 0 };
    if (row === null) await ctx.db.insert("accountDeletions", { userId, ...fields });
    else await ctx.db.patch("accountDeletions", row._id, fields);
    return target;
  },
});

/** Accounts without a password get a code by e-mail (or text, for phone accounts). */
export const sendCode = userAction({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const code = randomString(DELETION_CODE_LENGTH, "0123456789");
    const target = await ctx.runMutation(internal.accountDeletion.storeCode, { userId: ctx.user._id, codeHash: hashCode(code) });
    if (target === null) return null;
    const text = deletionCodeText(code);
    if (target.channel === "email") await sendEmail(ctx, { to: target.to, ...text });
    else await sendSms(ctx, { to: target.to, body: text.body });
    return null;
  },
});

/** Checks a code; a wrong one counts (and is kept counted: the answer is a value, not a throw). */
export const redeemCode = internalMutation({
  args: { userId: v.id("users"), code: v.string() },
  returns: v.union(v.literal("ok"), v.literal("wrong"), v.literal("none")),
  handler: async (ctx, { userId, code }) => {
    const row = await deletionOf(ctx, userId);
    if (row === null || row.codeHash === undefined || row.codeExpiresAt === undefined) return "none";
    const failures = row.codeFailures ?? 0;
    const live = row.codeExpiresAt > Date.now() && failures < DELETION_CODE_TRIES;
    if (!live || !hashesEqual(hashCode(code.trim()), row.codeHash)) {
      await ctx.db.patch("accountDeletions", row._id, { codeFailures: failures + 1 });
      return "wrong";
    }
    await scheduleErasure(ctx, userId);
    return "ok";
  },
});

export const confirmWithCode = userAction({
  args: { code: v.string() },
  returns: v.null(),
  handler: async (ctx, { code }) => {
    if (code.length > CODE_MAX) throw appError("INVALID", DELETION_MESSAGES.wrongCode);
    const outcome = await ctx.runMutation(internal.accountDeletion.redeemCode, { userId: ctx.user._id, code });
    if (outcome === "none") throw appError("INVALID", DELETION_MESSAGES.noCode);
    if (outcome === "wrong") throw appError("INVALID", DELETION_MESSAGES.wrongCode);
    return null;
  },
});

async function cancelErasure(ctx: MutationCtx, userId: Id<"users">) {
  const row = await deletionOf(ctx, userId);
  // Once due, erasure has begun (sessions first): there is nothing left to cancel.
  if (row?.eraseAt === undefined || row.eraseAt <= Date.now()) throw appError("INVALID", DELETION_MESSAGES.notScheduled);
  if (row.job !== undefined) await ctx.scheduler.cancel(row.job);
  await ctx.db.delete("accountDeletions", row._id);
}

/** The signed-in owner keeps their account: only their own live session can. */
export const cancel = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await cancelErasure(ctx, ctx.user._id);
    return null;
  },
});

/** Runs when the grace period ends, then again for each batch until the account is erased. */
export const erase = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const row = await deletionOf(ctx, userId);
    // Cancelled, or (by a clock that moved back) not due yet: nothing to do.
    if (row?.eraseAt === undefined || row.eraseAt > Date.now()) return null;
    if (await eraseStep(ctx, userId)) await ctx.scheduler.runAfter(0, internal.accountDeletion.erase, { userId });
    return null;
  },
});

const SWEEP_BATCH = 20;

/** Hourly: starts any due erasure whose own job did not run (it is idempotent, so a second start is harmless). */
export const sweep = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const due = await ctx.db
      .query("accountDeletions")
      .withIndex("by_eraseAt", (q) => q.gt("eraseAt", 0).lte("eraseAt", Date.now()))
      .take(SWEEP_BATCH);
    for (const row of due) await ctx.scheduler.runAfter(0, internal.accountDeletion.erase, { userId: row.userId });
    return null;
  },
});

// ---- the admin panel: a user who asks by e-mail -----------------------------------------

/** Where a user's deletion stands, for the admin user screen. */
export const adminStatus = adminQuery({
  args: { userId: v.id("users") },
  returns: v.union(v.null(), v.object({ eraseAt: v.number() })),
  handler: async (ctx, { userId }) => {
    const row = await deletionOf(ctx, userId);
    return row?.eraseAt === undefined ? null : { eraseAt: row.eraseAt };
  },
});

/** Schedules deletion for a user who asked by e-mail; they are told and may still cancel. */
export const adminSchedule = adminMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    if (userId === ctx.user._id) throw appError("FORBIDDEN", DELETION_MESSAGES.notSelf);
    await scheduleErasure(ctx, userId, "admin");
    return null;
  },
});

export const adminCancel = adminMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    await cancelErasure(ctx, userId);
    return null;
  },
});
