// Workspaces: the switcher's list, the current workspace, creating and renaming one.
// Members, invitations and ownership build on lib/workspaces/store.ts.
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { userMutation, viewerQuery, workspaceMutation, workspaceQuery } from "./lib/access";
import { appError } from "./lib/errors";
import { DEFAULT_CURRENCY, isCurrency, MONEY_MESSAGES } from "./lib/money/currency";
import { hasBusinessFeatures } from "./lib/roles";
import { logActivity } from "./lib/workspaces/activity";
import { checkWorkspaceName, CREATABLE_KINDS, WORKSPACE_MESSAGES } from "./lib/workspaces/rules";
import { membership } from "./lib/workspaces/policy";
import { createWorkspace, myWorkspaces } from "./lib/workspaces/store";
import { myWorkspaceValidator } from "./lib/workspaces/tables";

/** The caller's workspaces for the switcher, personal first; empty when signed out. */
export const listMine = viewerQuery({
  signedOut: [],
  args: {},
  returns: v.array(myWorkspaceValidator),
  handler: async (ctx) => await myWorkspaces(ctx, ctx.user._id),
});

/** The current workspace with the caller's role; null to the signed-out and to non-members. */
export const current = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), myWorkspaceValidator),
  handler: async (ctx) => ({
    _id: ctx.workspace._id,
    name: ctx.workspace.name,
    kind: ctx.workspace.kind,
    role: ctx.member.role,
    verifiedName: ctx.workspace.verifiedName ?? null,
    currency: ctx.workspace.currency ?? DEFAULT_CURRENCY,
  }),
});

function nameOrThrow(raw: string): string {
  const checked = checkWorkspaceName(raw);
  if (!checked.ok) throw appError("INVALID", checked.message);
  return checked.name;
}

/** A household (anyone) or business (business features) workspace, owned by the caller. */
export const create = userMutation({
  args: { name: v.string(), kind: literals(...CREATABLE_KINDS) },
  returns: v.id("workspaces"),
  handler: async (ctx, { name, kind }) => {
    if (kind === "business" && !hasBusinessFeatures(ctx.user)) throw appError("FORBIDDEN", WORKSPACE_MESSAGES.businessOnly);
    const clean = nameOrThrow(name);
    const workspaceId = await createWorkspace(ctx, { name: clean, kind, createdBy: ctx.user._id });
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "created", subject: clean });
    return workspaceId;
  },
});

/** Renames a shared workspace (settings: admins and owners); the personal one keeps its name. */
export const rename = workspaceMutation({
  can: "settings",
  kinds: ["household", "business"],
  args: { name: v.string() },
  returns: v.null(),
  handler: async (ctx, { name }) => {
    const renamed = nameOrThrow(name);
    await ctx.db.patch("workspaces", ctx.workspace._id, { name: renamed });
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "renamed", subject: renamed });
    return null;
  },
});

/** What new amounts in the workspace are in (settings: admins and owners); amounts already recorded keep theirs. */
export const setCurrency = workspaceMutation({
  can: "settings",
  args: { currency: v.string() },
  returns: v.null(),
  handler: async (ctx, { currency }) => {
    if (!isCurrency(currency)) throw appError("INVALID", MONEY_MESSAGES.badCurrency("The default currency"));
    await ctx.db.patch("workspaces", ctx.workspace._id, { currency });
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "currency", subject: currency });
    return null;
  },
});

/** The caller's membership, for workspaceAction (lib/access.ts): actions read the database through queries. */
export const access = internalQuery({
  args: { workspaceId: v.id("workspaces"), userId: v.id("users") },
  returns: v.union(v.null(), v.object({ workspace: v.any(), member: v.any() })),
  handler: async (ctx, { workspaceId, userId }) => await membership(ctx, workspaceId, userId),
});
