// Demo data for a local backend: the accounts README.md lists, with assets and news. Safe to run repeatedly.
import { createAccount } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, internalQuery } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { PASSWORD_PROVIDER_ID } from "./lib/auth/providerIds";
import { ensureProfile } from "./lib/auth/profiles";
import { roleValidator, type Role } from "./lib/validators";
import { addMember, ensureBusinessWorkspace, ensurePersonalWorkspace } from "./lib/workspaces/store";
import { BULK_SEED_MAX, seedBulkAssets } from "./lib/assets/seed";

export const DEMO_PASSWORD = "password123";

export const DEMO_ACCOUNTS: {
  email: string;
  fullName: string;
  role: Role;
  isBusinessUser: boolean;
  isAdminInfluencer: boolean;
}[] = [
  { email: "admin@example.com", fullName: "Ada Admin", role: "admin", isBusinessUser: false, isAdminInfluencer: false },
  { email: "admin-influencer@example.com", fullName: "Ivy Influencer", role: "admin", isBusinessUser: false, isAdminInfluencer: true },
  { email: "moderator@example.com", fullName: "Max Moderator", role: "moderator", isBusinessUser: false, isAdminInfluencer: false },
  { email: "business@example.com", fullName: "Bea Business", role: "influencer", isBusinessUser: true, isAdminInfluencer: false },
  { email: "member@example.com", fullName: "Milo Member", role: "influencer", isBusinessUser: false, isAdminInfluencer: false },
];

export const run = internalAction({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    for (const demo of DEMO_ACCOUNTS) {
      let userId = await ctx.runQuery(internal.seed.findPasswordUser, { email: demo.email });
      if (userId === null) {
        // Convex Auth marks the email verified when the profile says so.
        const profile = { email: demo.email, emailVerified: true };
        const { user } = await createAccount(ctx, {
          provider: PASSWORD_PROVIDER_ID,
          account: { id: demo.email, secret: DEMO_PASSWORD },
          profile,
        });
        userId = user._id;
      }
      await ctx.runMutation(internal.seed.applyDemoProfile, {
        userId,
        fullName: demo.fullName,
        role: demo.role,
        isBusinessUser: demo.isBusinessUser,
        isAdminInfluencer: demo.isAdminInfluencer,
      });
    }
    await ctx.runMutation(internal.news.seedDemo, {});
    await ctx.runMutation(internal.referrals.seedDemo, {});
    await ctx.runMutation(internal.dao.seedDemo, {});
    await ctx.runMutation(internal.assets.seedDemo, {});
    const business = await ctx.runQuery(internal.seed.findPasswordUser, { email: "business@example.com" });
    if (business !== null) await ctx.runMutation(internal.topUps.seedDemo, { userId: business });
    return null;
  },
});

export const findPasswordUser = internalQuery({
  args: { email: v.string() },
  returns: v.union(v.null(), v.id("users")),
  handler: async (ctx, { email }) => {
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("providerAndAccountId", (q) =>
        q.eq("provider", PASSWORD_PROVIDER_ID).eq("providerAccountId", email),
      )
      .unique();
    return account?.userId ?? null;
  },
});

export const applyDemoProfile = internalMutation({
  args: {
    userId: v.id("users"),
    fullName: v.string(),
    role: roleValidator,
    isBusinessUser: v.boolean(),
    isAdminInfluencer: v.boolean(),
  },
  returns: v.null(),
  handler: async (ctx, { userId, ...fields }) => {
    await ensureProfile(ctx, userId);
    await ctx.db.patch("users", userId, fields);
    const user = await ctx.db.get("users", userId);
    if (user !== null && fields.isBusinessUser) await ensureBusinessWorkspace(ctx, user);
    return null;
  },
});

/**
 * Many numbered business items for one account (E2E and bench/registry), in its business
 * workspace or, with `personal`, its personal one; at most BULK_SEED_MAX per call.
 */
export const bulkAssets = internalMutation({
  args: { email: v.string(), from: v.number(), count: v.number(), personal: v.optional(v.boolean()) },
  returns: v.number(),
  handler: async (ctx, { email, from, count, personal }) => {
    const owner = await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).first();
    if (owner === null) throw new Error(`No user ${email}`);
    const workspaceId = personal === true ? await ensurePersonalWorkspace(ctx, owner._id) : await ensureBusinessWorkspace(ctx, owner);
    if (workspaceId === null) throw new Error(`${email} has no room for a business workspace`);
    const n = Math.min(count, BULK_SEED_MAX);
    await seedBulkAssets(ctx, { workspaceId, actorId: owner._id }, from, n, Date.now() - 86_400_000);
    return n;
  },
});

/** Password accounts (password DEMO_PASSWORD) for bench/registry's members, made like the demo ones. */
export const benchAccounts = internalAction({
  args: { emails: v.array(v.string()) },
  returns: v.array(v.id("users")),
  handler: async (ctx, { emails }): Promise<Id<"users">[]> => {
    const ids: Id<"users">[] = [];
    for (const email of emails) {
      let userId: Id<"users"> | null = await ctx.runQuery(internal.seed.findPasswordUser, { email });
      if (userId === null) {
        const profile = { email, emailVerified: true };
        const { user } = await createAccount(ctx, {
          provider: PASSWORD_PROVIDER_ID,
          account: { id: email, secret: DEMO_PASSWORD },
          profile,
        });
        userId = user._id;
      }
      await ctx.runMutation(internal.seed.applyDemoProfile, { userId, fullName: email.split("@")[0], role: "influencer", isBusinessUser: false, isAdminInfluencer: false });
      ids.push(userId);
    }
    return ids;
  },
});

/** Adds users to a workspace as editors (bench/registry's 20-member workspace). */
export const benchJoin = internalMutation({
  args: { workspaceId: v.id("workspaces"), userIds: v.array(v.id("users")) },
  returns: v.null(),
  handler: async (ctx, { workspaceId, userIds }) => {
    for (const userId of userIds) await addMember(ctx, workspaceId, userId, "editor");
    return null;
  },
});
