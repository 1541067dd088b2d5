// The referral programme: applying a referral once per new user, my referrals,
// and the admin dashboard's leaderboard and totals.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./lib/writes";
import { adminViewQuery, viewerQuery, userMutation } from "./lib/access";
import { appError } from "./lib/errors";
import { attach, defaultReferrer, isInChainOf, referralOf, userByCode } from "./lib/referrals/apply";
import {
  lastDays,
  maskedName,
  parseReferralCode,
  parseReferralSource,
  REFERRAL_MESSAGES,
  samePerson,
} from "./lib/referrals/rules";
import {
  leaderboardEntryValidator,
  myReferralsValidator,
  REFERRAL_STATS_DAYS,
  referralStatsValidator,
  REFERRALS_LIST_LIMIT,
  SIGNUP_CHART_LIMIT,
  SIGNUP_CHART_WEEKS,
  signupHistoryValidator,
} from "./lib/referrals/shapes";
import { FORMER_MEMBER, isErased } from "./lib/privacy/rules";

/**
 * Applies the referral code a new user signed up with, for the signed-in new user (never an id from
 * the client). Idempotent: a second call changes nothing and reports success false.
 */
export const applyOnSignup = userMutation({
  args: { referralCode: v.string(), source: v.string() },
  returns: v.object({ success: v.boolean(), defaultReferrerUsed: v.boolean() }),
  handler: async (ctx, args) => {
    const code = parseReferralCode(args.referralCode);
    const source = parseReferralSource(args.source);
    const user = ctx.user;
    const existing = await referralOf(ctx, user._id);
    if (existing !== null) return { success: false, defaultReferrerUsed: existing.defaultReferrerUsed };

    const referrer = code === "" ? null : await userByCode(ctx, code);
    if (referrer !== null) {
      if (samePerson(user, referrer)) throw appError("INVALID", REFERRAL_MESSAGES.selfReferral);
      if (await isInChainOf(ctx, referrer._id, user._id)) throw appError("INVALID", REFERRAL_MESSAGES.cycle);
      await attach(ctx, user, referrer, { code, source, defaultReferrerUsed: false });
      return { success: true, defaultReferrerUsed: false };
    }
    // No code, or one that matches nobody: the default referrer, unless that would be
    // the user themself (the default account signing up) or close a cycle.
    const fallback = await defaultReferrer(ctx);
    if (fallback === null || samePerson(user, fallback) || (await isInChainOf(ctx, fallback._id, user._id))) {
      return { success: false, defaultReferrerUsed: false };
    }
    await attach(ctx, user, fallback, { code, source, defaultReferrerUsed: true });
    return { success: true, defaultReferrerUsed: true };
  },
});

/** /referrals: my code, my totals and the people who joined through me (names masked). */
export const mine = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), myReferralsValidator),
  handler: async (ctx) => {
    const me = ctx.user._id;
    const counter = await ctx.db
      .query("referralCounters")
      .withIndex("by_kind_and_key", (q) => q.eq("kind", "referrer").eq("key", me))
      .unique();
    const rows = await ctx.db
      .query("referrals")
      .withIndex("by_referrerId_and_createdAt", (q) => q.eq("referrerId", me))
      .order("desc")
      .take(REFERRALS_LIST_LIMIT);
    const people = await Promise.all(
      rows.map(async (row) => {
        const person = await ctx.db.get("users", row.referredId);
        return {
          _id: row._id,
          name: person === null ? "Member" : maskedName(person),
          joinedAt: row.createdAt,
          verified: row.verified,
          reward: row.reward,
        };
      }),
    );
    return {
      code: ctx.user.referralCode ?? "",
      referred: counter?.referred ?? 0,
      verified: counter?.verified ?? 0,
      earned: counter?.earned ?? 0,
      people,
    };
  },
});

/** The sign-ups chart on /referrals: when each person of the last SIGNUP_CHART_WEEKS weeks (+1 day) joined through me. */
export const signupHistory = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), signupHistoryValidator),
  handler: async (ctx) => {
    const me = ctx.user._id;
    const since = Date.now() - (SIGNUP_CHART_WEEKS * 7 + 1) * 24 * 60 * 60 * 1000;
    const rows = await ctx.db
      .query("referrals")
      .withIndex("by_referrerId_and_createdAt", (q) => q.eq("referrerId", me).gte("createdAt", since))
      .order("desc")
      .take(SIGNUP_CHART_LIMIT);
    return { times: rows.map((r) => r.createdAt) };
  },
});

/** Admin dashboard: referrers ranked by people referred, one page at a time. */
export const leaderboard = adminViewQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(leaderboardEntryValidator),
  handler: async (ctx, { paginationOpts }) => {
    const page = await ctx.db
      .query("referralCounters")
      .withIndex("by_kind_and_referred", (q) => q.eq("kind", "referrer"))
      .order("desc")
      .paginate(paginationOpts);
    const entries = await Promise.all(
      page.page.map(async (row) => {
        const userId = ctx.db.normalizeId("users", row.key);
        const user = userId === null ? null : await ctx.db.get("users", userId);
        return {
          _id: row._id,
          name: isErased(user) ? FORMER_MEMBER : (user?.fullName ?? null),
          email: user?.email ?? user?.phone ?? null,
          referred: row.referred,
          verified: row.verified,
          earned: row.earned,
          lastReferralAt: row.lastReferralAt,
        };
      }),
    );
    return { ...page, page: entries };
  },
});

/** Admin dashboard: all-time totals and sign-ups per UTC day over the last 30 days. */
export const stats = adminViewQuery({
  args: {},
  returns: referralStatsValidator,
  handler: async (ctx) => {
    const total = await ctx.db
      .query("referralCounters")
      .withIndex("by_kind_and_key", (q) => q.eq("kind", "total").eq("key", "all"))
      .unique();
    const days = lastDays(Date.now(), REFERRAL_STATS_DAYS);
    const rows = await ctx.db
      .query("referralCounters")
      .withIndex("by_kind_and_key", (q) => q.eq("kind", "day").gte("key", days[0]).lte("key", days[days.length - 1]))
      .take(REFERRAL_STATS_DAYS);
    const byDay = new Map(rows.map((row) => [row.key, row.referred]));
    return {
      referrers: total?.referrers ?? 0,
      referred: total?.referred ?? 0,
      verified: total?.verified ?? 0,
      earned: total?.earned ?? 0,
      days: days.map((day) => ({ day, signups: byDay.get(day) ?? 0 })),
    };
  },
});

// Demo referrals for a local backend: a few members joined through Ivy's link,
// the rest through the default referrer. Safe to run repeatedly.
const DEMO_REFERRALS: [referred: string, referrer: string | null][] = [
  ["member@example.com", "admin-influencer@example.com"],
  ["business@example.com", "admin-influencer@example.com"],
  ["moderator@example.com", null],
  ["admin-influencer@example.com", null],
];

export const seedDemo = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const byEmail = async (email: string) =>
      await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).first();
    for (const [referredEmail, referrerEmail] of DEMO_REFERRALS) {
      const user = await byEmail(referredEmail);
      if (user === null || (await referralOf(ctx, user._id)) !== null) continue;
      const named = referrerEmail === null ? null : await byEmail(referrerEmail);
      const referrer = named ?? (await defaultReferrer(ctx));
      if (referrer === null || samePerson(user, referrer)) continue;
      await attach(ctx, user, referrer, {
        code: named?.referralCode ?? "",
        source: "email_verification",
        defaultReferrerUsed: named === null,
      });
    }
    return null;
  },
});
