// The dashboard's getting-started checklist: every step is read live from the
// owner's data, so it ticks itself off as they go; they may also dismiss it.
import { v } from "convex/values";
import { userMutation, viewerQuery } from "./lib/access";
import { onboardingValidator } from "./lib/onboarding/rules";
import { personalWorkspaceId } from "./lib/workspaces/store";

export const checklist = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), onboardingValidator),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    // The first step is the user's own: tagging in their personal workspace.
    const personal = await personalWorkspaceId(ctx, userId);
    const [asset, contact, referral] = await Promise.all([
      personal === null ? null : ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", personal)).first(),
      ctx.db.query("nokContacts").withIndex("by_ownerId_and_createdAt", (q) => q.eq("ownerId", userId)).first(),
      ctx.db.query("referrals").withIndex("by_referrerId_and_createdAt", (q) => q.eq("referrerId", userId)).first(),
    ]);
    return {
      steps: [
        { step: "verify" as const, done: ctx.user.emailVerificationTime !== undefined || ctx.user.phoneVerificationTime !== undefined },
        { step: "tag" as const, done: asset !== null },
        { step: "nextOfKin" as const, done: contact !== null },
        { step: "invite" as const, done: referral !== null },
      ],
      dismissed: ctx.user.onboardingDismissedAt !== undefined,
    };
  },
});

export const dismiss = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (ctx.user.onboardingDismissedAt === undefined) await ctx.db.patch("users", ctx.user._id, { onboardingDismissedAt: Date.now() });
    return null;
  },
});
