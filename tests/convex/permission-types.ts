// Shared vocabulary of the permission matrix. Each domain lists its rows in
// tests/convex/permission-rows/<domain>.ts so features add rows without touching
// one shared table.
import type { Id } from "../../convex/_generated/dataModel";
import type { WorkspaceKind, WorkspaceRole } from "../../convex/lib/workspaces/tables";

export const CALLERS = ["anonymous", "influencer", "moderator", "business", "adminInfluencer", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Kind = "query" | "mutation" | "action";
export type Fixture = { target: Id<"users"> };
/** Who calls in the role dimension: a member of each role, and someone outside the workspace. */
export type WorkspaceCaller = WorkspaceRole | "nonMember";
/**
 * A shared workspace with one member of each role (`target` is its owner), another editor
 * to act on (`member`) and one pending invitation.
 */
export type WorkspaceFixture = {
  workspaceId: Id<"workspaces">;
  target: Id<"users">;
  member: Id<"users">;
  invitationId: Id<"workspaceInvitations">;
};
/**
 * The role dimension of a function that works inside a workspace: the lowest workspace role
 * allowed and the kinds of workspace it works in (default: a household). Refused callers get
 * NOT_FOUND (a non-member) or FORBIDDEN, or with `absent` the visitor's empty answer. By
 * default it is called with the row's `args` in the fixture's workspace, and an allowed
 * member meets the row's `handlerError`; `args` calls it with the fixture instead (a real
 * invitation, member or room), where `handlerErrors` names what some roles meet.
 */
export type WorkspaceRow = {
  minRole: WorkspaceRole;
  kinds?: readonly WorkspaceKind[];
  absent?: true;
  args?: (f: WorkspaceFixture) => Record<string, unknown>;
  handlerErrors?: Partial<Record<WorkspaceCaller, string>>;
};
export type Row = {
  kind: Kind;
  args: (f: Fixture) => Record<string, unknown>;
  allowed: readonly Caller[];
  // A ConvexError code the handler itself answers with for the fixture (past the access check).
  handlerError?: string;
  // Present exactly for the functions that take a workspaceId (the role matrix checks both).
  workspace?: WorkspaceRow;
};
export type Rows = Record<string, Row>;

export const EVERYONE = CALLERS;
export const SIGNED_IN = CALLERS.filter((c) => c !== "anonymous");
export const ADMINS = ["admin"] as const;
export const MODERATORS = ["moderator", "admin"] as const;

export const READER: WorkspaceRow = { minRole: "viewer", absent: true };
export const EDITOR: WorkspaceRow = { minRole: "editor" };
export const BUSINESS_READER: WorkspaceRow = { minRole: "viewer", kinds: ["business"] };
export const BUSINESS_EDITOR: WorkspaceRow = { minRole: "editor", kinds: ["business"] };
