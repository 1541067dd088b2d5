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
  // name: the items' names before their number ("Bulk item" unless given).
  args: { email: v.string(), from: v.number(), count: v.number(), personal: v.optional(v.boolean()), name: v.optional(v.string()) },
  returns: v.number(),
  handler: async (ctx, { email, from, count, personal, name }) => {
    const owner = await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).first();
    if (owner === null) throw new Error(`No user ${email}`);
    const workspaceId = personal === true ? await ensurePersonalWorkspace(ctx, owner._id) : await ensureBusinessWorkspace(ctx, owner);
    if (workspaceId === null) throw new Error(`${email} has no room for a business workspace`);
    const n = Math.min(count, BULK_SEED_MAX);
    await seedBulkAssets(ctx, { workspaceId, actorId: owner._id }, from, n, Date.now() - 86_400_000, name);
    return n;
  },
});

/**
 * bench/registry/lists: a number in the custom field `fieldId` for a page of the items of its
 * category in the business workspace (value = the item's place in its category, mod 1,000).
 */
export const benchCustomValues = internalMutation({
  args: { fieldId: v.id("customFields"), cursor: v.union(v.string(), v.null()) },
  returns: v.object({ cursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { fieldId, cursor }) => {
    const field = await ctx.db.get("customFields", fieldId);
    if (field === null) throw new Error("No such field");
    const page = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_kind_and_category_and_taggedAt", (q) => q.eq("workspaceId", field.workspaceId).eq("kind", "business").eq("category", field.category))
      .paginate({ cursor, numItems: 200 });
    for (const asset of page.page) {
      await ctx.db.patch("assets", asset._id, { custom: { ...asset.custom, [fieldId]: (asset.taggedAt % 1_000) } });
    }
    return { cursor: page.continueCursor, isDone: page.isDone };
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

/** bench/export.mjs: the workspace's items without a photo, a page at a time. */
export const benchPhotoless = internalQuery({
  args: { workspaceId: v.id("workspaces"), cursor: v.union(v.string(), v.null()) },
  returns: v.object({ ids: v.array(v.id("assets")), cursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { workspaceId, cursor }) => {
    const page = await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).paginate({ cursor, numItems: 100 });
    return { ids: page.page.filter((a) => a.files.length === 0).map((a) => a._id), cursor: page.continueCursor, isDone: page.isDone };
  },
});

export const benchAttach = internalMutation({
  args: { files: v.array(v.object({ assetId: v.id("assets"), storageId: v.id("_storage"), size: v.number() })) },
  returns: v.null(),
  handler: async (ctx, { files }) => {
    for (const f of files) {
      await ctx.db.patch("assets", f.assetId, { files: [{ storageId: f.storageId, kind: "photo", name: "photo.jpg", contentType: "image/jpeg", size: f.size }] });
      await ctx.db.insert("assetFileRefs", { storageId: f.storageId, assetId: f.assetId });
    }
    return null;
  },
});

/** bench/export.mjs: one photo (`bytes` of JPEG-headed noise, as incompressible as a photo) on each item of the workspace. */
export const benchPhotos = internalAction({
  args: { workspaceId: v.id("workspaces"), bytes: v.number() },
  returns: v.number(),
  handler: async (ctx, { workspaceId, bytes }) => {
    let cursor: string | null = null;
    let attached = 0;
    for (;;) {
      const page: { ids: Id<"assets">[]; cursor: string; isDone: boolean } = await ctx.runQuery(internal.seed.benchPhotoless, { workspaceId, cursor });
      const files = [];
      for (const assetId of page.ids) {
        const data = crypto.getRandomValues(new Uint8Array(bytes));
        data.set([0xff, 0xd8, 0xff, 0xe0]);
        files.push({ assetId, storageId: await ctx.storage.store(new Blob([data], { type: "image/jpeg" })), size: bytes });
      }
      if (files.length > 0) await ctx.runMutation(internal.seed.benchAttach, { files });
      attached += files.length;
      if (page.isDone) return attached;
      cursor = page.cursor;
    }
  },
});

export const benchPhotoIds = internalQuery({
  args: { workspaceId: v.id("workspaces"), cursor: v.union(v.string(), v.null()) },
  returns: v.object({ ids: v.array(v.id("_storage")), cursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { workspaceId, cursor }) => {
    const page = await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).paginate({ cursor, numItems: 200 });
    return { ids: page.page.flatMap((a) => a.files.map((f) => f.storageId)), cursor: page.continueCursor, isDone: page.isDone };
  },
});

/** bench/export.mjs's floor: every photo of the workspace read from storage once. */
export const benchReadPhotos = internalAction({
  args: { workspaceId: v.id("workspaces") },
  returns: v.number(),
  handler: async (ctx, { workspaceId }) => {
    let cursor: string | null = null;
    let read = 0;
    for (;;) {
      const page: { ids: Id<"_storage">[]; cursor: string; isDone: boolean } = await ctx.runQuery(internal.seed.benchPhotoIds, { workspaceId, cursor });
      for (const id of page.ids) read += (await ctx.storage.get(id)) === null ? 0 : 1;
      if (page.isDone) return read;
      cursor = page.cursor;
    }
  },
});
