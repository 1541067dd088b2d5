// Workspace field shapes and validators, written once for schema, args and returns.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

const WORKSPACE_KINDS = ["personal", "household", "business"] as const;
const workspaceKindValidator = literals(...WORKSPACE_KINDS);
export type WorkspaceKind = Infer<typeof workspaceKindValidator>;

/** Highest first: each role may do everything the roles after it may do. */
export const WORKSPACE_ROLES = ["owner", "admin", "editor", "viewer"] as const;
const workspaceRoleValidator = literals(...WORKSPACE_ROLES);
export type WorkspaceRole = Infer<typeof workspaceRoleValidator>;

export const workspaceFields = {
  name: v.string(),
  kind: workspaceKindValidator,
  createdBy: v.id("users"),
  // A business's published name on /verify ("Registered by Acme Tools Ltd"); unset = masked.
  verifiedName: v.optional(v.string()),
};

export const workspaceMemberFields = {
  workspaceId: v.id("workspaces"),
  userId: v.id("users"),
  role: workspaceRoleValidator,
  joinedAt: v.number(),
};

/** One of the caller's workspaces, as the switcher lists it. */
export const myWorkspaceValidator = v.object({
  _id: v.id("workspaces"),
  name: v.string(),
  kind: workspaceKindValidator,
  role: workspaceRoleValidator,
  verifiedName: v.union(v.string(), v.null()),
});
export type MyWorkspace = Infer<typeof myWorkspaceValidator>;
