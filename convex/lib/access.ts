// The one place that decides who may call what. Every public function is built
// from one of these builders; handlers receive `ctx.user` already checked.
import { getAuthUserId } from "@convex-dev/auth/server";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import { internal } from "../_generated/api";
import type { Doc } from "../_generated/dataModel";
import {
  action,
  mutation,
  query,
  type ActionCtx,
  type QueryCtx,
} from "../_generated/server";
import { canTriageBugReports } from "./bugReportRules";
import { appError, MESSAGES } from "./errors";
import { hasAdminView, hasModeration, isAdmin, isBusiness } from "./roles";

type Viewer = Doc<"users"> | null;
type Check = (user: Doc<"users">) => boolean;

export async function getViewer(ctx: QueryCtx): Promise<Viewer> {
  const userId = await getAuthUserId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

function requireUser(user: Viewer, check?: Check): Doc<"users"> {
  if (user === null) {
    throw appError("NOT_AUTHENTICATED", MESSAGES.notAuthenticated);
  }
  if (check !== undefined && !check(user)) {
    throw appError("FORBIDDEN", MESSAGES.forbidden);
  }
  return user;
}

const withUser = (check?: Check) =>
  customCtx(async (ctx: QueryCtx) => ({
    user: requireUser(await getViewer(ctx), check),
  }));

async function viewerInAction(ctx: ActionCtx): Promise<Viewer> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) return null;
  const user: Viewer = await ctx.runQuery(internal.users.getById, { userId });
  return user;
}

/** Anyone, signed in or not; `ctx.user` is the viewer or null. */
export const publicQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ user: await getViewer(ctx) })),
);

/** Anyone, signed in or not (the verify page's visit alert and found report); `ctx.user` is the viewer or null. */
export const publicMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ user: await getViewer(ctx) })),
);

export const userQuery = customQuery(query, withUser());
export const userMutation = customMutation(mutation, withUser());
export const userAction = customAction(
  action,
  customCtx(async (ctx: ActionCtx) => ({
    user: requireUser(await viewerInAction(ctx)),
  })),
);

/** Moderation permission: moderator or admin. */
export const moderatorQuery = customQuery(query, withUser(hasModeration));
export const moderatorMutation = customMutation(mutation, withUser(hasModeration));

/** Admin permission: role admin only. */
export const adminQuery = customQuery(query, withUser(isAdmin));
export const adminMutation = customMutation(mutation, withUser(isAdmin));

/** News management: admins and admin-influencers. */
export const newsManagerQuery = customQuery(query, withUser(hasAdminView));
export const newsManagerMutation = customMutation(mutation, withUser(hasAdminView));

/** Bug-report triage: moderators, admins and admin-influencers (see canTriageBugReports). */
export const triageQuery = customQuery(query, withUser(canTriageBugReports));
export const triageMutation = customMutation(mutation, withUser(canTriageBugReports));

/** Admin views (referral dashboard): admins and admin-influencers. */
export const adminViewQuery = customQuery(query, withUser(hasAdminView));

/**
 * Business features (/business-dashboard): accounts with the business flag, and
 * admins, whom the route guard admits everywhere (an admin's own inventory).
 */
const hasBusinessFeatures: Check = (user) => isBusiness(user) || isAdmin(user);
export const businessQuery = customQuery(query, withUser(hasBusinessFeatures));
export const businessMutation = customMutation(mutation, withUser(hasBusinessFeatures));
export const businessAction = customAction(
  action,
  customCtx(async (ctx: ActionCtx) => ({
    user: requireUser(await viewerInAction(ctx), hasBusinessFeatures),
  })),
);
