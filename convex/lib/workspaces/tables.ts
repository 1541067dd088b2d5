// Workspace field shapes and validators, written once for schema, args and returns.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

const WORKSPACE_KINDS = ["personal", "household", "business"] as const;
const workspaceKindValidator = literals(...WORKSPACE_KINDS);
export type WorkspaceKind = Infer<typeof workspaceKindValidator>;

/** Highest first: each role may do everything the roles after it may do. */
export const WORKSPACE_ROLES = ["owner", "admin", "editor", "viewer"] as const;
export const workspaceRoleValidator = literals(...WORKSPACE_ROLES);
export type WorkspaceRole = Infer<typeof workspaceRoleValidator>;

export const workspaceFields = {
  name: v.string(),
  kind: workspaceKindValidator,
  createdBy: v.id("users"),
  // A business's published name on /verify ("Registered by Acme Tools Ltd"); unset = masked.
  verifiedName: v.optional(v.string()),
  // What a new amount is in (ISO 4217); unset: DEFAULT_CURRENCY (lib/money/currency.ts).
  currency: v.optional(v.string()),
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
  // What a new amount is in (workspace settings).
  currency: v.string(),
});
export type MyWorkspace = Infer<typeof myWorkspaceValidator>;

// ---- invitations --------------------------------------------------------------------

/** Roles an invitation or a join link may give; ownership is granted to a member, never by a link. */
export const INVITABLE_ROLES = ["admin", "editor", "viewer"] as const satisfies readonly WorkspaceRole[];
export const invitableRoleValidator = literals(...INVITABLE_ROLES);
const invitationViaValidator = literals("email", "link");

export const workspaceInvitationFields = {
  workspaceId: v.id("workspaces"),
  // "email": one address, one use; "link": anyone holding it, until it expires or is revoked.
  via: invitationViaValidator,
  // The invited address (normalised), for "email" only.
  email: v.optional(v.string()),
  role: invitableRoleValidator,
  // SHA-256 of the signed token the link carries (lib/signedLinks.ts); the token itself is never stored.
  tokenHash: v.string(),
  invitedBy: v.id("users"),
  createdAt: v.number(),
  expiresAt: v.number(),
};

/** A pending invitation or join link, as the members page lists it to those who manage members. */
export const invitationViewValidator = v.object({
  _id: v.id("workspaceInvitations"),
  via: invitationViaValidator,
  email: v.union(v.string(), v.null()),
  role: invitableRoleValidator,
  invitedBy: v.string(),
  createdAt: v.number(),
  expiresAt: v.number(),
});

/** What the invitation page shows to whoever holds a valid link. */
export const invitationPreviewValidator = v.object({
  workspaceName: v.string(),
  kind: workspaceKindValidator,
  via: invitationViaValidator,
  role: invitableRoleValidator,
  invitedBy: v.string(),
  expiresAt: v.number(),
  // For a signed-in caller: already a member; may accept (an e-mail invitation needs the address it went to).
  alreadyMember: v.boolean(),
  mayAccept: v.boolean(),
});

/** A pending e-mail invitation to the signed-in user, as /workspaces lists it. */
export const invitationForMeValidator = v.object({
  _id: v.id("workspaceInvitations"),
  workspaceName: v.string(),
  kind: workspaceKindValidator,
  role: invitableRoleValidator,
  invitedBy: v.string(),
  expiresAt: v.number(),
});

// ---- members --------------------------------------------------------------------------

export const memberViewValidator = v.object({
  userId: v.id("users"),
  name: v.string(),
  email: v.union(v.string(), v.null()),
  role: workspaceRoleValidator,
  joinedAt: v.number(),
  isYou: v.boolean(),
});

// ---- activity -------------------------------------------------------------------------

/**
 * What a workspace's activity log records. Membership kinds are written by the members
 * functions; registry kinds (an asset tagged, edited, transferred...) join this list as
 * the register logs through `logActivity` (./activity.ts).
 */
const ACTIVITY_KINDS = [
  "created",
  "renamed",
  "currency",
  "invited",
  "invitationRevoked",
  "invitationDeclined",
  "joinLinkCreated",
  "joined",
  "roleChanged",
  "removed",
  "left",
  "ownershipTransferred",
  "itemsMoved",
  "verifiedNameRequested",
  "verifiedNameApproved",
  "verifiedNameDeclined",
  "verifiedNameRemoved",
  "auditStarted",
  "auditFinished",
  "auditCancelled",
  "auditResolved",
] as const;
const activityKindValidator = literals(...ACTIVITY_KINDS);
export type ActivityKind = Infer<typeof activityKindValidator>;

export const workspaceActivityFields = {
  workspaceId: v.id("workspaces"),
  // The member who acted; unset for someone without an account (an invitee declining).
  actorId: v.optional(v.id("users")),
  kind: activityKindValidator,
  // What it concerned, as it read at the time: an address, a name, a workspace name.
  subject: v.string(),
  // The member it concerned, whose current name the feed shows (subject is the fallback).
  userId: v.optional(v.id("users")),
  role: v.optional(workspaceRoleValidator),
  at: v.number(),
};

/** One line of the activity feed: who, and what they did, in words. */
export const activityEntryValidator = v.object({
  _id: v.id("workspaceActivity"),
  at: v.number(),
  kind: activityKindValidator,
  actor: v.string(),
  text: v.string(),
});

// ---- closing a workspace ------------------------------------------------------------------

const MOVE_STATUSES = ["running", "done", "failed"] as const;
const moveStatusValidator = literals(...MOVE_STATUSES);

/**
 * Moving everything a shared workspace holds to another one before it is deleted: a job run
 * in scheduled batches (convex/workspaceClosing.ts), its progress live on the settings screen.
 */
export const workspaceMoveFields = {
  workspaceId: v.id("workspaces"),
  toWorkspaceId: v.id("workspaces"),
  // The owner who started it; every batch re-checks they still may (owner here, editor there).
  startedBy: v.id("users"),
  status: moveStatusValidator,
  // Items in the workspace when it started, and moved so far; TMT moved once the items are.
  total: v.number(),
  moved: v.number(),
  tokens: v.number(),
  error: v.optional(v.string()),
  startedAt: v.number(),
  // The last batch's time: a job silent for a while may be resumed by starting it again.
  updatedAt: v.number(),
};

/** What the delete section shows an owner: what the workspace still holds, and the move under way. */
export const closingViewValidator = v.object({
  items: v.number(),
  balance: v.number(),
  importRunning: v.boolean(),
  move: v.union(
    v.null(),
    v.object({
      status: moveStatusValidator,
      to: v.string(),
      total: v.number(),
      moved: v.number(),
      tokens: v.number(),
      error: v.union(v.string(), v.null()),
    }),
  ),
});

// ---- verified names ----------------------------------------------------------------------

const VERIFIED_NAME_STATUSES = ["pending", "approved", "declined"] as const;
const verifiedNameStatusValidator = literals(...VERIFIED_NAME_STATUSES);

/**
 * A business workspace asking to publish a verified name on /verify ("Registered by Acme
 * Tools Ltd"): its owners or admins ask, a site admin checks and approves it in /admin.
 */
export const verifiedNameRequestFields = {
  workspaceId: v.id("workspaces"),
  name: v.string(),
  requestedBy: v.id("users"),
  status: verifiedNameStatusValidator,
  createdAt: v.number(),
  decidedAt: v.optional(v.number()),
  decidedBy: v.optional(v.id("users")),
};

/** The workspace settings' view: the published name and the latest request. */
export const verifiedNameViewValidator = v.object({
  verifiedName: v.union(v.string(), v.null()),
  latest: v.union(
    v.null(),
    v.object({ _id: v.id("verifiedNameRequests"), name: v.string(), status: verifiedNameStatusValidator, createdAt: v.number(), decidedAt: v.union(v.number(), v.null()) }),
  ),
});

/** One pending request as /admin lists it: what is asked, for which workspace, by whom. */
export const verifiedNameRequestRowValidator = v.object({
  _id: v.id("verifiedNameRequests"),
  name: v.string(),
  workspaceName: v.string(),
  requestedBy: v.string(),
  requesterEmail: v.union(v.string(), v.null()),
  isYou: v.boolean(),
  createdAt: v.number(),
});
