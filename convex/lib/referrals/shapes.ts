import { v, type Infer } from "convex/values";

// Limits of the referral screens (src/ imports them too).
export const REFERRALS_LIST_LIMIT = 50;
export const REFERRAL_STATS_DAYS = 30;
export const LEADERBOARD_PAGE_SIZE = 10;
// The sign-ups chart on /referrals: weeks shown, and the most sign-up times read for it.
export const SIGNUP_CHART_WEEKS = 12;
export const SIGNUP_CHART_LIMIT = 1000;
export const signupHistoryValidator = v.object({ times: v.array(v.number()) });

const referredPersonValidator = v.object({
  _id: v.id("referrals"),
  // Masked, e.g. 'J***n S.': a referrer never sees who exactly joined.
  name: v.string(),
  joinedAt: v.number(),
  verified: v.boolean(),
  reward: v.number(),
});

export const myReferralsValidator = v.object({
  code: v.string(),
  referred: v.number(),
  verified: v.number(),
  earned: v.number(),
  people: v.array(referredPersonValidator),
});
export type MyReferrals = Infer<typeof myReferralsValidator>;

export const leaderboardEntryValidator = v.object({
  _id: v.id("referralCounters"),
  name: v.union(v.string(), v.null()),
  // Email, or the phone number of a phone-only account.
  email: v.union(v.string(), v.null()),
  referred: v.number(),
  verified: v.number(),
  earned: v.number(),
  lastReferralAt: v.number(),
});
export type LeaderboardEntry = Infer<typeof leaderboardEntryValidator>;

export const referralStatsValidator = v.object({
  referrers: v.number(),
  referred: v.number(),
  verified: v.number(),
  earned: v.number(),
  days: v.array(v.object({ day: v.string(), signups: v.number() })),
});
export type ReferralStats = Infer<typeof referralStatsValidator>;
