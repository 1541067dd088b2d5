// Legacy release. The owner's plan and log; the clock runs on
// self-rescheduling scheduled functions (convex/crons.ts adds an hourly sweep as
// a safety net on Convex deployments). Contacts and beneficiaries act through
// signed links, never accounts.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalQuery } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { publicMutation, viewerQuery, userMutation } from "./lib/access";
import { displayName } from "./lib/assets/read";
import { appError } from "./lib/errors";
import { cancelRelease, confirmationsOf, getSettings, lastAliveAt, releaseIfEnough, runCheck } from "./lib/legacy/engine";
import { contactsOf, logLegacy } from "./lib/legacy/log";
import { noteSignOfLife } from "./lib/legacy/signOfLife";
import {
  deadlineOf,
  LEGACY_EVENTS_LIMIT,
  LEGACY_MESSAGES,
  legacyEventTypeValidator,
  legacyStateValidator,
  periodError,
  thresholdError,
} from "./lib/legacy/rules";
import { verifiedHash } from "./lib/signedLinks";
import { NOK_MESSAGES } from "./lib/legacy/nokRules";

const planValidator = v.object({
  enabled: v.boolean(),
  periodMonths: v.number(),
  threshold: v.number(),
  state: legacyStateValidator,
  lastAliveAt: v.number(),
  deadline: v.number(),
  lapsedAt: v.union(v.number(), v.null()),
  releasedAt: v.union(v.number(), v.null()),
  confirmationsReceived: v.number(),
  confirmationsNeeded: v.number(),
});

export const status = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(
    v.null(),
    v.object({
      plan: v.union(v.null(), planValidator),
      confirmedContacts: v.number(),
      events: v.array(v.object({ _id: v.id("legacyEvents"), type: legacyEventTypeValidator, summary: v.string(), at: v.number() })),
    }),
  ),
  handler: async (ctx) => {
    const s = await getSettings(ctx, ctx.user._id);
    const confirmedContacts = (await contactsOf(ctx, ctx.user._id)).filter((c) => c.status === "confirmed").length;
    const events = await ctx.db
      .query("legacyEvents")
      .withIndex("by_ownerId_and_at", (q) => q.eq("ownerId", ctx.user!._id))
      .order("desc")
      .take(LEGACY_EVENTS_LIMIT);
    let plan = null;
    if (s !== null) {
      const rows = await confirmationsOf(ctx, s);
      const alive = lastAliveAt(ctx.user, s);
      plan = {
        enabled: s.enabled,
        periodMonths: s.periodMonths,
        threshold: s.threshold,
        state: s.state,
        lastAliveAt: alive,
        deadline: deadlineOf(alive, s.periodMonths),
        lapsedAt: s.lapsedAt ?? null,
        releasedAt: s.releasedAt ?? null,
        confirmationsReceived: rows.filter((r) => r.confirmedAt !== undefined).length,
        confirmationsNeeded: Math.min(s.threshold, rows.length),
      };
    }
    return { plan, confirmedContacts, events: events.map((e) => ({ _id: e._id, type: e.type, summary: e.summary, at: e.at })) };
  },
});

export const saveSettings = userMutation({
  args: { enabled: v.boolean(), periodMonths: v.number(), threshold: v.number() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const problem = periodError(args.periodMonths);
    if (problem !== null) throw appError("INVALID", problem);
    const confirmed = (await contactsOf(ctx, ctx.user._id)).filter((c) => c.status === "confirmed").length;
    if (args.enabled) {
      const thresholdProblem = thresholdError(args.threshold, confirmed);
      if (thresholdProblem !== null) throw appError("INVALID", thresholdProblem);
    } else if (!Number.isInteger(args.threshold) || args.threshold < 1) {
      throw appError("INVALID", LEGACY_MESSAGES.badThreshold);
    }
    const now = Date.now();
    const s = await getSettings(ctx, ctx.user._id);
    const fields = { enabled: args.enabled, periodMonths: args.periodMonths, threshold: args.threshold, lastCheckInAt: now, updatedAt: now };
    if (s === null) {
      await ctx.db.insert("legacySettings", { ownerId: ctx.user._id, ...fields, state: "active", warningsSent: [] });
    } else {
      await ctx.db.patch("legacySettings", s._id, fields);
    }
    await logLegacy(
      ctx,
      ctx.user._id,
      "settings",
      args.enabled
        ? `Legacy release on: after ${args.periodMonths} months without a sign of life, ${args.threshold} confirmed contact(s) must agree`
        : "Legacy release turned off",
      now,
    );
    await runCheck(ctx, ctx.user._id, now);
    return null;
  },
});

/**
 * 'I'm still here': restarts the clock. A release in progress is already cancelled by
 * then, as by any mutation of the owner's (lib/legacy/signOfLife.ts, through userMutation).
 */
export const checkIn = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const s = await getSettings(ctx, ctx.user._id);
    if (s === null) throw appError("NOT_FOUND", "Set up legacy release first");
    const now = Date.now();
    await ctx.db.patch("legacySettings", s._id, { lastCheckInAt: now });
    await logLegacy(ctx, ctx.user._id, "checkin", "You checked in: the clock restarts", now);
    await runCheck(ctx, ctx.user._id, now);
    return null;
  },
});

/** The scheduler's (and the E2E hook's) look at one plan; `now` defaults to the clock. */
export const check = internalMutation({
  args: { ownerId: v.id("users"), now: v.optional(v.number()) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await runCheck(ctx, args.ownerId, args.now ?? Date.now());
    return null;
  },
});

/** A sign-in (password or phone): a sign of life before the app's first request. */
export const signedIn = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user !== null) await noteSignOfLife(ctx, user);
    return null;
  },
});

/** Hourly safety net (convex/crons.ts): re-arms every waiting plan, in pages. */
export const sweep = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db
      .query("legacySettings")
      .withIndex("by_enabled_and_state", (q) => q.eq("enabled", true).eq("state", "active"))
      .paginate({ cursor: cursor ?? null, numItems: 50 });
    const now = Date.now();
    for (const s of page.page) await runCheck(ctx, s.ownerId, now);
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.legacy.sweep, { cursor: page.continueCursor });
    return null;
  },
});

/** /legacy/confirm/:token: a contact agrees the owner has passed away. */
export const confirmLapse = publicMutation({
  args: { token: v.string() },
  returns: v.object({ outcome: v.union(v.literal("waiting"), v.literal("released"), v.literal("cancelled")), ownerName: v.string() }),
  handler: async (ctx, { token }) => {
    const hash = verifiedHash("lapse", token);
    const row = hash === null ? null : await ctx.db.query("legacyConfirmations").withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash)).unique();
    const now = Date.now();
    if (row === null || row.expiresAt < now) throw appError("INVALID", NOK_MESSAGES.invalidLink);
    const s = await getSettings(ctx, row.ownerId);
    const owner = await ctx.db.get("users", row.ownerId);
    const ownerName = displayName(owner);
    if (s === null || s.lapsedAt !== row.lapsedAt) throw appError("INVALID", NOK_MESSAGES.invalidLink);
    if (s.state === "released") return { outcome: "released" as const, ownerName };
    if ((owner?.lastActiveAt ?? 0) > row.lapsedAt) {
      await cancelRelease(ctx, s, now, "You were active again: release cancelled");
      return { outcome: "cancelled" as const, ownerName };
    }
    if (row.confirmedAt === undefined) {
      await ctx.db.patch("legacyConfirmations", row._id, { confirmedAt: now });
      const contact = await ctx.db.get("nokContacts", row.contactId);
      await logLegacy(ctx, row.ownerId, "confirmed", `${contact?.name ?? "A contact"} confirmed the release`, now);
    }
    const released = await releaseIfEnough(ctx, (await getSettings(ctx, row.ownerId))!, now);
    return { outcome: released ? ("released" as const) : ("waiting" as const), ownerName };
  },
});

export const ownerEmail = internalQuery({
  args: { ownerId: v.id("users") },
  returns: v.union(v.null(), v.object({ email: v.union(v.string(), v.null()), name: v.string() })),
  handler: async (ctx, { ownerId }) => {
    const user = await ctx.db.get("users", ownerId);
    return user === null ? null : { email: user.email ?? null, name: displayName(user) };
  },
});
