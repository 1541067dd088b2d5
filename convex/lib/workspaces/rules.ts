// Workspace rules shared by the server and src/: what each role may do (the one table),
// the caps and their messages. Pure: no database, no Convex functions.
import { messageNumber } from "../errors";
import { oneLineError } from "../oneLine";
import { WORKSPACE_ROLES, type WorkspaceKind, type WorkspaceRole } from "./tables";

/**
 * What a member may do, each with the lowest role allowed to. Owner: everything,
 * including deleting the workspace and handing over ownership; admin: members,
 * settings and topping up the wallet; editor: the register (tag, edit, status, import, labels, stickers,
 * transfers); viewer: read. Later roles (auditor, custodian) slot into this table.
 */
const WORKSPACE_PERMISSIONS = {
  read: "viewer",
  edit: "editor",
  // Starting, scanning in, finishing and cancelling an audit (a stock-take): the people who
  // keep the register; a viewer follows its progress. A narrower "auditor" role would slot in here.
  audit: "editor",
  manageMembers: "admin",
  settings: "admin",
  // Defining the workspace's custom fields (editors fill them in).
  manageFields: "admin",
  // Topping up a household or business workspace's wallet (editors spend it; everyone sees it).
  fundWallet: "admin",
  deleteWorkspace: "owner",
  transferOwnership: "owner",
  // Granting or taking away the owner role, and removing an owner.
  manageOwners: "owner",
} as const satisfies Record<string, WorkspaceRole>;
export type WorkspaceCapability = keyof typeof WORKSPACE_PERMISSIONS;

/** 0 for owner, growing downwards: a smaller rank may do more. */
function rank(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.indexOf(role);
}

/** Whether `role` may do `capability` (the server checks; screens use it to hide controls). */
export function can(role: WorkspaceRole | null | undefined, capability: WorkspaceCapability): boolean {
  return role != null && rank(role) <= rank(WORKSPACE_PERMISSIONS[capability]);
}

export const WORKSPACE_KIND_LABELS: Record<WorkspaceKind, string> = {
  personal: "Personal",
  household: "Household",
  business: "Business",
};

/** Kinds a signed-in user may create themselves; personal ones are made at sign-up. */
export const CREATABLE_KINDS = ["household", "business"] as const satisfies readonly WorkspaceKind[];

export const MAX_MEMBERS_PER_WORKSPACE = 50;
/** Workspaces a user may belong to, their personal one included. */
export const MAX_WORKSPACES_PER_USER = 20;
const MAX_WORKSPACE_NAME = 80;
export const PERSONAL_WORKSPACE_NAME = "Personal";
/** Pending e-mail invitations and live join links a workspace may have at once. */
export const MAX_PENDING_INVITATIONS = 30;
/** Invitation e-mails a workspace may send an hour, and one mailbox may receive a day (lib/limits.ts). */
export const WORKSPACE_INVITES_PER_HOUR = 20;
export const WORKSPACE_INVITES_PER_RECIPIENT_PER_DAY = 3;
/** How long an e-mailed invitation stays valid. */
export const INVITATION_TTL_DAYS = 14;
/** The lifetimes a join link may be given, in days. */
export const JOIN_LINK_DAYS = [1, 7, 30] as const;

export const WORKSPACE_MESSAGES = {
  notFound: "Workspace not found",
  nameRequired: "Workspace name is required",
  nameTooLong: `Workspace name must be at most ${messageNumber(MAX_WORKSPACE_NAME)} characters`,
  tooManyWorkspaces: `You can belong to at most ${messageNumber(MAX_WORKSPACES_PER_USER)} workspaces`,
  tooManyMembers: `A workspace can have at most ${messageNumber(MAX_MEMBERS_PER_WORKSPACE)} members`,
  businessOnly: "Only accounts with business features can create a business workspace",
  wrongKind: "This is not available in this workspace",
  willsArePersonal: "Will assets live in your personal workspace. Switch to it to tag one.",
  memberNotFound: "Member not found",
  invitationNotFound: "Invitation not found",
  lastOwner: "A workspace needs at least one owner: make another member an owner first",
  ownersOnly: "Only an owner can grant or take away the owner role, or remove an owner",
  notYourself: "Use Leave workspace to leave it yourself",
  chooseAnother: "Choose another member to hand ownership to",
  alreadyMember: "This address belongs to a member already",
  tooManyInvitations: `A workspace can have at most ${messageNumber(MAX_PENDING_INVITATIONS)} pending invitations and join links`,
  badLinkDays: `A join link lasts ${JOIN_LINK_DAYS.slice(0, -1).join(", ")} or ${JOIN_LINK_DAYS.at(-1)} days`,
  invalidLink: "This invitation is no longer valid. Ask whoever sent it for a new one.",
  wrongAddress: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
} as const;

/** Items moved per scheduled batch when a workspace is emptied before deletion. */
export const MOVE_BATCH = 100;
/** A move with no batch for this long has stopped (a failed run): starting it again resumes it. */
export const MOVE_STALE_MS = 60_000;

const items = (n: number) => (n === 1 ? "1 item" : `${messageNumber(n)} items`);

/** Why a workspace cannot be deleted yet, and what the owner can do about it. */
export const CLOSING_MESSAGES = {
  confirmName: "Type the workspace's name exactly as shown to delete it",
  holdsItems: (n: number) => `This workspace still holds ${items(n)}. Move them to another workspace first: nothing is deleted with it.`,
  holdsTokens: (n: number) => `This workspace's wallet still holds ${messageNumber(n)} TMT. Move it to another workspace first.`,
  importRunning: "An import is still running in this workspace. Wait for it to finish, then try again.",
  moveRunning: "Items are still being moved out of this workspace. Wait for the move to finish.",
  chooseTarget: "Choose another workspace where you can edit",
  targetGone: "The workspace you chose is gone or you can no longer edit there. Choose another one.",
  nothingToMove: "There is nothing left to move.",
  itemsOnLoan: "Some items of this workspace are checked out. Check them in first, then move them.",
} as const;

const MAX_VERIFIED_NAME = 80;

export const VERIFIED_NAME_MESSAGES = {
  required: "Enter the registered name of your business",
  tooLong: `A verified name must be at most ${messageNumber(MAX_VERIFIED_NAME)} characters`,
  pending: "A verified name is already waiting for review. Withdraw it to ask for another.",
  unchanged: "This is already your verified name",
  notFound: "Request not found",
  decided: "This request has already been decided",
  ownWorkspace: "Another admin must review a request from your own workspace",
  noneToRemove: "This workspace has no verified name",
} as const;

/** The trimmed verified name, or why it cannot be used. */
export function checkVerifiedName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = raw.trim();
  if (name === "") return { ok: false, message: VERIFIED_NAME_MESSAGES.required };
  if (name.length > MAX_VERIFIED_NAME) return { ok: false, message: VERIFIED_NAME_MESSAGES.tooLong };
  const control = oneLineError("A verified name", name);
  return control === undefined ? { ok: true, name } : { ok: false, message: control };
}

/** How /verify names a business with a verified name. */
export const registeredBy = (name: string) => `Registered by ${name}`;

/** The name a role is shown by. */
export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };

/** Why `actor` may not set `target`'s role to `next` (null: allowed); `owners` counts the owners now. */
export function roleChangeProblem(actor: WorkspaceRole, target: WorkspaceRole, next: WorkspaceRole, owners: number): string | null {
  if ((target === "owner" || next === "owner") && !can(actor, "manageOwners")) return WORKSPACE_MESSAGES.ownersOnly;
  if (target === "owner" && next !== "owner" && owners <= 1) return WORKSPACE_MESSAGES.lastOwner;
  return null;
}

/** Will assets (and the legacy plan around them) belong to one person: only a personal workspace holds them. */
export function mayHoldKind(workspaceKind: WorkspaceKind, assetKind: string): boolean {
  return assetKind !== "will" || workspaceKind === "personal";
}

/** The trimmed name, or the message saying why it cannot be used. */
export function checkWorkspaceName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = raw.trim();
  if (name === "") return { ok: false, message: WORKSPACE_MESSAGES.nameRequired };
  if (name.length > MAX_WORKSPACE_NAME) return { ok: false, message: WORKSPACE_MESSAGES.nameTooLong };
  return { ok: true, name };
}

/**
 * Where a caller lands when nothing names a workspace: the business workspace they own (an
 * account with business features works there), else their personal one (listed first).
 */
export function homeWorkspace<W extends { kind: WorkspaceKind; role: WorkspaceRole }>(workspaces: readonly W[]): W | undefined {
  return workspaces.find((w) => w.kind === "business" && w.role === "owner") ?? workspaces[0];
}
