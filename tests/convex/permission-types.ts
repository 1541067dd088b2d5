// Shared vocabulary of the permission matrix. Each domain lists its rows in
// tests/convex/permission-rows/<domain>.ts so features add rows without touching
// one shared table.
import type { Id } from "../../convex/_generated/dataModel";
import type { WorkspaceKind, WorkspaceRole } from "../../convex/lib/workspaces/tables";

export const CALLERS = ["anonymous", "influencer", "moderator", "business", "adminInfluencer", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Kind = "query" | "mutation" | "action";
export type Fixture = { target: Id<"users"> };
/**
 * The role dimension of a function that works inside a workspace: the lowest workspace role
 * allowed, the kinds of workspace it works in (default any shared kind), and whether refused
 * callers get an empty answer (`absent`) instead of an error.
 */
export type WorkspaceRow = { minRole: WorkspaceRole; kinds?: readonly WorkspaceKind[]; absent?: true };
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

// The workspace dimension: every function that takes a `workspaceId`, called by a member
// of each role and by a non-member (tests/convex/workspace-permissions.test.ts).
export const WORKSPACE_CALLERS = ["owner", "admin", "editor", "viewer", "nonMember"] as const;
export type WorkspaceCaller = (typeof WORKSPACE_CALLERS)[number];
export const ALL_MEMBERS = ["owner", "admin", "editor", "viewer"] as const;
export const MEMBER_MANAGERS = ["owner", "admin"] as const;
/** A shared workspace with one member of each role, another member to act on and one pending invitation. */
export type WorkspaceFixture = {
  workspaceId: Id<"workspaces">;
  member: Id<"users">;
  invitationId: Id<"workspaceInvitations">;
};
export type RoleRow = {
  kind: Kind;
  args: (f: WorkspaceFixture) => Record<string, unknown>;
  allowed: readonly WorkspaceCaller[];
  // A query's answer to those it refuses, instead of an error (its `absent`).
  absent?: unknown;
  // A ConvexError code the handler itself answers with for some allowed callers.
  handlerErrors?: Partial<Record<WorkspaceCaller, string>>;
};
export type RoleRows = Record<string, RoleRow>;
