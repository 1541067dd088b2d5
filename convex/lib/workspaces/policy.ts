// THE WORKSPACE CONTRACT: how the register is shared, for every function built on it.
//
// Tables (convex/lib/workspaces/schema.ts):
//   workspaces        { name, kind: personal|household|business, createdBy, verifiedName? }
//   workspaceMembers  { workspaceId, userId, role: owner|admin|editor|viewer, joinedAt }
//                     indexes by_workspaceId_and_userId, by_userId, by_workspaceId_and_role
// Every registry record carries `workspaceId` (never a user) and is read through an index
// that starts with it. A personal workspace is made for every user at sign-up
// (`ensurePersonalWorkspace` in ./store.ts, called by ensureProfile); it is never shared,
// and will assets and the legacy plan live only there.
//
// Roles: one table, WORKSPACE_PERMISSIONS in ./rules.ts, maps each capability (read, edit,
// manageMembers, settings, deleteWorkspace, transferOwnership) to the lowest role allowed;
// `can(role, capability)` answers for the server and for screens hiding controls. Account
// roles (influencer/moderator/admin, the business flag) are a separate axis (lib/roles.ts).
//
// Builders (convex/lib/access.ts). A function that works inside a workspace declares it by
// being built from one of these; the builder adds the argument `workspaceId:
// v.id("workspaces")` itself (do not list it in `args`), resolves the caller's live
// session and membership from the database (the client's word is never taken), checks
// the capability and kind, and hands the handler `ctx.user`, `ctx.workspace` (the
// document) and `ctx.member` (the caller's membership, with `role`):
//
//   export const list = workspaceQuery({ can: "read", args: {...}, returns, absent: [], handler });
//   export const update = workspaceMutation({ can: "edit", args: {...}, returns, handler });
//   export const run = workspaceAction({ can: "edit", kinds: ["business"], args, returns, handler });
//
//   - signed out / ended session: NOT_AUTHENTICATED;
//   - not a member, or no such workspace: NOT_FOUND "Workspace not found", the same answer
//     as a missing record, so an id never tells whether a workspace exists;
//   - a member whose role lacks the capability, or a workspace of another kind: FORBIDDEN.
//   A query may declare `absent`: its answer to the signed-out and to non-members instead
//   of throwing, so a screen whose member was just removed empties live without a crash.
//
// Records inside the workspace: `inWorkspace(doc, ctx.workspace._id, notFound)` (throws
// NOT_FOUND) and `inWorkspaceOrNull` in access.ts: another workspace's record reads as
// missing. Membership changes (invitations, roles, leaving) go through ./store.ts, which
// keeps the caps of ./rules.ts and at least one owner.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { appError, MESSAGES } from "../errors";
import { can, WORKSPACE_MESSAGES, type WorkspaceCapability } from "./rules";
import type { WorkspaceKind } from "./tables";

/** What a workspace builder hands its handler beside `ctx.user`. */
export type WorkspaceAccess = { workspace: Doc<"workspaces">; member: Doc<"workspaceMembers"> };

/** What a function needs of the caller's membership. */
export type WorkspaceNeed = { can: WorkspaceCapability; kinds?: readonly WorkspaceKind[] };

/** The caller's membership of `workspaceId`, or null when the workspace or the membership is missing. */
export async function membership(
  ctx: Pick<QueryCtx, "db">,
  workspaceId: Id<"workspaces">,
  userId: Id<"users">,
): Promise<WorkspaceAccess | null> {
  const member = await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId).eq("userId", userId))
    .unique();
  if (member === null) return null;
  const workspace = await ctx.db.get("workspaces", workspaceId);
  return workspace === null ? null : { workspace, member };
}

/** Whether `access` satisfies `need`, without throwing (for queries that answer `absent`). */
export function allows(access: WorkspaceAccess | null, need: WorkspaceNeed): access is WorkspaceAccess {
  return access !== null && problem(access, need) === null;
}

function problem(access: WorkspaceAccess, need: WorkspaceNeed): string | null {
  if (!can(access.member.role, need.can)) return MESSAGES.forbidden;
  if (need.kinds !== undefined && !need.kinds.includes(access.workspace.kind)) return WORKSPACE_MESSAGES.wrongKind;
  return null;
}

/** `access` if it satisfies `need`; NOT_FOUND for a non-member, FORBIDDEN for a role or kind short of it. */
export function checkAccess(access: WorkspaceAccess | null, need: WorkspaceNeed): WorkspaceAccess {
  if (access === null) throw appError("NOT_FOUND", WORKSPACE_MESSAGES.notFound);
  const refused = problem(access, need);
  if (refused !== null) throw appError("FORBIDDEN", refused);
  return access;
}
