// The one place that decides who may call what. Every public function is built
// from one of these builders; handlers receive `ctx.user` already checked.
//
// A Convex Auth JWT names "userId|sessionId" and stays valid until it expires, even
// after its session is ended ("sign out other devices", a password change, sign-out).
// So the viewer is resolved only while that session's authSessions row still exists
// and has not expired: a copied token dies with its session. In queries the row is
// part of the read set, so live subscriptions re-run the moment it is deleted.
import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import type { Auth } from "convex/server";
import { v, type GenericValidator, type Infer, type ObjectType, type PropertyValidators } from "convex/values";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { action, query, type ActionCtx, type MutationCtx, type QueryCtx } from "../_generated/server";
import { mutation } from "./writes";
import { canTriageBugReports } from "./bugReports/rules";
import { noteSignOfLife } from "./legacy/signOfLife";
import { appError, MESSAGES } from "./errors";
import { hasAdminView, isAdmin } from "./roles";
import { allows, checkAccess, membership, type WorkspaceAccess, type WorkspaceNeed } from "./workspaces/policy";

type Check = (user: Doc<"users">) => boolean;

/** What the JWT's subject names; either part may be malformed, so both stay strings. */
type SessionClaim = { userId: string; sessionId: string };
/** A signed-in caller whose session is live. */
type ActiveSession = { user: Doc<"users">; sessionId: Id<"authSessions"> };
/**
 * Where the caller stands: no token; a token whose session has ended (or expired,
 * or whose user is gone), which counts as signed out everywhere but sessions.current;
 * or a live session.
 */
type SessionState =
  | { status: "signedOut" }
  | { status: "ended" }
  | ({ status: "active" } & ActiveSession);

async function sessionClaim(ctx: { auth: Auth }): Promise<SessionClaim | null> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) return null;
  // A subject without "|" has no session part (undefined at run time).
  const sessionId: string | null | undefined = await getAuthSessionId(ctx);
  return { userId, sessionId: sessionId ?? "" };
}

/**
 * The live session `claim` names, or null when it is gone, expired or belongs to
 * someone else. Used by the query builders here and, for actions, through the
 * internal query sessions.active.
 */
export async function activeSession(ctx: Pick<QueryCtx, "db">, claim: SessionClaim): Promise<ActiveSession | null> {
  const sessionId = ctx.db.normalizeId("authSessions", claim.sessionId);
  if (sessionId === null) return null;
  const session = await ctx.db.get("authSessions", sessionId);
  if (session === null || session.userId !== claim.userId || session.expirationTime <= Date.now()) return null;
  const user = await ctx.db.get("users", session.userId);
  return user === null ? null : { user, sessionId };
}

function toState(claim: SessionClaim | null, active: ActiveSession | null): SessionState {
  if (claim === null) return { status: "signedOut" };
  return active === null ? { status: "ended" } : { status: "active", ...active };
}

/** The caller's session state in a query or mutation. */
async function getSessionState(ctx: QueryCtx): Promise<SessionState> {
  const claim = await sessionClaim(ctx);
  return toState(claim, claim === null ? null : await activeSession(ctx, claim));
}

/** The caller's session state in an action or HTTP action (no db: one internal query). */
export async function getSessionStateInAction(ctx: ActionCtx): Promise<SessionState> {
  const claim = await sessionClaim(ctx);
  if (claim === null) return toState(null, null);
  const active: ActiveSession | null = await ctx.runQuery(internal.sessions.active, claim);
  return toState(claim, active);
}

function requireUser(state: SessionState, check?: Check): ActiveSession {
  if (state.status !== "active") {
    throw appError("NOT_AUTHENTICATED", MESSAGES.notAuthenticated);
  }
  if (check !== undefined && !check(state.user)) {
    throw appError("FORBIDDEN", MESSAGES.forbidden);
  }
  return { user: state.user, sessionId: state.sessionId };
}

/** Handlers get `ctx.user` and `ctx.sessionId` (the caller's live session). */
const withUser = (check?: Check) =>
  customCtx(async (ctx: QueryCtx) => requireUser(await getSessionState(ctx), check));

/** The same in a mutation, where the caller's acting is also a sign of life (legacy release). */
const withUserActing = (check?: Check) =>
  customCtx(async (ctx: MutationCtx) => {
    const active = requireUser(await getSessionState(ctx), check);
    await noteSignOfLife(ctx, active.user);
    return active;
  });

const withUserInAction = (check?: Check) =>
  customCtx(async (ctx: ActionCtx) => requireUser(await getSessionStateInAction(ctx), check));

/** `ctx.user` is the viewer with a live session or null; `ctx.session` tells an ended token from none. */
const withViewer = customCtx(async (ctx: QueryCtx) => {
  const session = await getSessionState(ctx);
  return { user: session.status === "active" ? session.user : null, session };
});

/** Anyone, signed in or not. */
export const publicQuery = customQuery(query, withViewer);

/** Anyone, signed in or not (the verify page's visit alert and found report); a signed-in caller is alive. */
export const publicMutation = customMutation(
  mutation,
  customCtx(async (ctx: MutationCtx) => {
    const session = await getSessionState(ctx);
    if (session.status === "active") await noteSignOfLife(ctx, session.user);
    return { user: session.status === "active" ? session.user : null, session };
  }),
);

export const userQuery = customQuery(query, withUser());
export const userMutation = customMutation(mutation, withUserActing());
export const userAction = customAction(action, withUserInAction());

/** Admin permission: role admin only. */
export const adminQuery = customQuery(query, withUser(isAdmin));
export const adminMutation = customMutation(mutation, withUserActing(isAdmin));

/** News management: admins and admin-influencers. */
export const newsManagerQuery = customQuery(query, withUser(hasAdminView));
export const newsManagerMutation = customMutation(mutation, withUserActing(hasAdminView));

/** Bug-report triage: moderators, admins and admin-influencers (see canTriageBugReports). */
export const triageQuery = customQuery(query, withUser(canTriageBugReports));
export const triageMutation = customMutation(mutation, withUserActing(canTriageBugReports));

/** Admin views (referral dashboard): admins and admin-influencers. */
export const adminViewQuery = customQuery(query, withUser(hasAdminView));

/**
 * A query about the signed-in viewer's own data that answers `signedOut` to a caller
 * without a live session instead of throwing: while sign-in resolves, or after a
 * session ends, pages render an empty state rather than an error. Each query declares
 * that answer once; the handler always gets a non-null `ctx.user`.
 */
export function viewerQuery<Args extends PropertyValidators, Returns extends GenericValidator>(definition: {
  args: Args;
  returns: Returns;
  signedOut: Infer<Returns>;
  handler: (ctx: QueryCtx & ActiveSession, args: ObjectType<Args>) => Promise<Infer<Returns>>;
}) {
  const { signedOut, handler, ...rest } = definition;
  return publicQuery({
    ...rest,
    handler: async (ctx, args: ObjectType<Args>): Promise<Infer<Returns>> => {
      const { session } = ctx;
      if (session.status !== "active") return signedOut;
      return await handler({ ...ctx, user: session.user, sessionId: session.sessionId }, args);
    },
  });
}

/**
 * The ownership policy, one answer everywhere: a document the caller does not own reads
 * exactly like one that does not exist (NOT_FOUND, same message), so an id never tells
 * whether it names someone else's document. `owner` names the field that holds its user.
 */
export function ownedBy<D>(doc: D | null, owner: (doc: D) => Id<"users">, userId: Id<"users">, notFound: string): D {
  if (doc === null || owner(doc) !== userId) throw appError("NOT_FOUND", notFound);
  return doc;
}


// Workspace builders: the contract is written at the top of lib/workspaces/policy.ts.

/** The argument every workspace function takes; the builders add it. */
const workspaceArgs = { workspaceId: v.id("workspaces") };
type WorkspaceArgs = ObjectType<typeof workspaceArgs>;
/** A workspace handler's context: the caller, their live session, the workspace and their membership. */
type WorkspaceQueryCtx = QueryCtx & ActiveSession & WorkspaceAccess;

/**
 * A query inside the workspace `workspaceId` names, for members whose role has `can`
 * (default "read"). With `absent`, the signed-out and non-members get that answer
 * instead of an error, as a missing record would read.
 */
export function workspaceQuery<Args extends PropertyValidators, Returns extends GenericValidator>(definition: {
  args: Args;
  returns: Returns;
  can?: WorkspaceNeed["can"];
  kinds?: WorkspaceNeed["kinds"];
  absent?: Infer<Returns>;
  handler: (ctx: WorkspaceQueryCtx, args: ObjectType<Args> & WorkspaceArgs) => Promise<Infer<Returns>>;
}) {
  const { args, returns, handler, absent, kinds } = definition;
  const need: WorkspaceNeed = { can: definition.can ?? "read", kinds };
  const answersAbsent = "absent" in definition;
  const allArgs: Args & typeof workspaceArgs = { ...args, ...workspaceArgs };
  return publicQuery({
    args: allArgs,
    returns,
    handler: async (ctx, raw: ObjectType<typeof allArgs>): Promise<Infer<Returns>> => {
      // ObjectType does not distribute over the intersection; the validator guarantees both parts.
      const input = raw as ObjectType<Args> & WorkspaceArgs;
      const { session } = ctx;
      if (session.status !== "active") {
        if (answersAbsent) return absent as Infer<Returns>;
        throw appError("NOT_AUTHENTICATED", MESSAGES.notAuthenticated);
      }
      const access = await membership(ctx, input.workspaceId, session.user._id);
      if (answersAbsent && !allows(access, need)) return absent as Infer<Returns>;
      const { workspace, member } = checkAccess(access, need);
      return await handler({ ...ctx, user: session.user, sessionId: session.sessionId, workspace, member }, input);
    },
  });
}

/** A mutation inside the workspace `workspaceId` names; each declares the capability it needs (`can`). */
export const workspaceMutation = customMutation(mutation, {
  args: workspaceArgs,
  input: async (ctx, { workspaceId }, need: WorkspaceNeed) => {
    const session = requireUser(await getSessionState(ctx));
    // Acting in any workspace is a sign of life too (legacy release), as in userMutation.
    await noteSignOfLife(ctx, session.user);
    const access = checkAccess(await membership(ctx, workspaceId, session.user._id), need);
    return { ctx: { ...session, ...access }, args: { workspaceId } };
  },
});

/** The caller's membership in an action (no db: one internal query). */
async function membershipInAction(ctx: ActionCtx, workspaceId: Id<"workspaces">, userId: Id<"users">): Promise<WorkspaceAccess | null> {
  return (await ctx.runQuery(internal.workspaces.access, { workspaceId, userId })) as WorkspaceAccess | null;
}

/** An action inside a workspace, with the same checks as workspaceMutation. */
export const workspaceAction = customAction(action, {
  args: workspaceArgs,
  input: async (ctx, { workspaceId }, need: WorkspaceNeed) => {
    const session = requireUser(await getSessionStateInAction(ctx));
    const access = checkAccess(await membershipInAction(ctx, workspaceId, session.user._id), need);
    return { ctx: { ...session, ...access }, args: { workspaceId } };
  },
});

/**
 * A record of the workspace policy: one in another workspace reads exactly like a missing
 * one (NOT_FOUND with the record's own message).
 */
export function inWorkspace<D extends { workspaceId?: Id<"workspaces"> }>(
  doc: D | null,
  workspaceId: Id<"workspaces">,
  notFound: string,
): D {
  if (doc === null || doc.workspaceId !== workspaceId) throw appError("NOT_FOUND", notFound);
  return doc;
}

/** The same policy for queries that answer "nothing" (null) instead of an error. */
export function inWorkspaceOrNull<D extends { workspaceId?: Id<"workspaces"> }>(
  doc: D | null,
  workspaceId: Id<"workspaces">,
): D | null {
  return doc !== null && doc.workspaceId === workspaceId ? doc : null;
}
