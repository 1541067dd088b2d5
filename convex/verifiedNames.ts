// A business's verified name on /verify ("Registered by Acme Tools Ltd"), so its customers can
// check genuine products. "Verified" means someone checked it: the business's owners or
// admins ask (workspace settings), a site admin approves or declines in /admin. A name a
// business could publish by itself would let anyone claim to be anyone. Personal and
// household owners stay masked on /verify whatever they ask.
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { adminMutation, adminQuery, workspaceMutation, workspaceQuery } from "./lib/access";
import { displayName } from "./lib/assets/read";
import { appError } from "./lib/errors";
import { logActivity } from "./lib/workspaces/activity";
import { checkVerifiedName, VERIFIED_NAME_MESSAGES } from "./lib/workspaces/rules";
import { verifiedNameRequestRowValidator, verifiedNameViewValidator } from "./lib/workspaces/tables";

/** Business settings: owners and admins. */
const BUSINESS_SETTINGS = { can: "settings", kinds: ["business"] } as const;
/** Pending requests /admin lists at once, oldest first. */
const PENDING_LIMIT = 50;

async function latestOf(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces">) {
  return await ctx.db
    .query("verifiedNameRequests")
    .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId))
    .order("desc")
    .first();
}

/** The published name and the latest request, for those who manage the business's settings. */
export const status = workspaceQuery({
  ...BUSINESS_SETTINGS,
  absent: null,
  args: {},
  returns: v.union(v.null(), verifiedNameViewValidator),
  handler: async (ctx) => {
    const latest = await latestOf(ctx, ctx.workspace._id);
    return {
      verifiedName: ctx.workspace.verifiedName ?? null,
      latest:
        latest === null
          ? null
          : { _id: latest._id, name: latest.name, status: latest.status, createdAt: latest.createdAt, decidedAt: latest.decidedAt ?? null },
    };
  },
});

/** Asks a site admin to publish `name` as the business's verified name (one request at a time). */
export const request = workspaceMutation({
  ...BUSINESS_SETTINGS,
  args: { name: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const checked = checkVerifiedName(args.name);
    if (!checked.ok) throw appError("INVALID", checked.message);
    const workspaceId = ctx.workspace._id;
    if ((await latestOf(ctx, workspaceId))?.status === "pending") throw appError("INVALID", VERIFIED_NAME_MESSAGES.pending);
    if (ctx.workspace.verifiedName === checked.name) throw appError("INVALID", VERIFIED_NAME_MESSAGES.unchanged);
    await ctx.db.insert("verifiedNameRequests", {
      workspaceId,
      name: checked.name,
      requestedBy: ctx.user._id,
      status: "pending",
      createdAt: Date.now(),
    });
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "verifiedNameRequested", subject: checked.name });
    return null;
  },
});

/** Withdraws the pending request before it is decided. */
export const withdraw = workspaceMutation({
  ...BUSINESS_SETTINGS,
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const latest = await latestOf(ctx, ctx.workspace._id);
    if (latest === null || latest.status !== "pending") throw appError("NOT_FOUND", VERIFIED_NAME_MESSAGES.notFound);
    await ctx.db.delete("verifiedNameRequests", latest._id);
    return null;
  },
});

/** Stops showing the verified name on /verify at once (owners are masked again); asking again needs a new review. */
export const remove = workspaceMutation({
  ...BUSINESS_SETTINGS,
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const name = ctx.workspace.verifiedName;
    if (name === undefined) throw appError("INVALID", VERIFIED_NAME_MESSAGES.noneToRemove);
    await ctx.db.patch("workspaces", ctx.workspace._id, { verifiedName: undefined });
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "verifiedNameRemoved", subject: name });
    return null;
  },
});

/** /admin: verified names waiting for review, oldest first. */
export const pending = adminQuery({
  args: {},
  returns: v.array(verifiedNameRequestRowValidator),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("verifiedNameRequests")
      .withIndex("by_status_and_createdAt", (q) => q.eq("status", "pending"))
      .take(PENDING_LIMIT);
    return await Promise.all(
      rows.map(async (r) => {
        const [workspace, requester] = await Promise.all([ctx.db.get("workspaces", r.workspaceId), ctx.db.get("users", r.requestedBy)]);
        const mine = workspace === null ? null : await ctx.db
          .query("workspaceMembers")
          .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", r.workspaceId).eq("userId", ctx.user._id))
          .unique();
        return {
          _id: r._id,
          name: r.name,
          workspaceName: workspace?.name ?? "",
          requestedBy: displayName(requester),
          requesterEmail: requester?.email ?? null,
          isYou: mine !== null,
          createdAt: r.createdAt,
        };
      }),
    );
  },
});

/** A site admin approves (the name shows on /verify at once) or declines a request. */
export const decide = adminMutation({
  args: { requestId: v.id("verifiedNameRequests"), approve: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { requestId, approve }) => {
    const request = await ctx.db.get("verifiedNameRequests", requestId);
    if (request === null) throw appError("NOT_FOUND", VERIFIED_NAME_MESSAGES.notFound);
    if (request.status !== "pending") throw appError("INVALID", VERIFIED_NAME_MESSAGES.decided);
    const workspace = await ctx.db.get("workspaces", request.workspaceId);
    // A business that has since been deleted has nothing to publish: the request is declined.
    const publish = approve && workspace !== null && workspace.kind === "business";
    // Nobody vouches for their own business.
    const member = await ctx.db
      .query("workspaceMembers")
      .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", request.workspaceId).eq("userId", ctx.user._id))
      .unique();
    if (member !== null) throw appError("FORBIDDEN", VERIFIED_NAME_MESSAGES.ownWorkspace);
    await ctx.db.patch("verifiedNameRequests", requestId, { status: publish ? "approved" : "declined", decidedAt: Date.now(), decidedBy: ctx.user._id });
    if (workspace === null) return null;
    if (publish) await ctx.db.patch("workspaces", workspace._id, { verifiedName: request.name });
    // Site staff stay unnamed in the business's feed (it reads "TagMyThing approved...").
    await logActivity(ctx, {
      workspaceId: workspace._id,
      kind: publish ? "verifiedNameApproved" : "verifiedNameDeclined",
      subject: request.name,
    });
    return null;
  },
});
