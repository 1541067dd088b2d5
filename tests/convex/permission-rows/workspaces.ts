import { ADMINS, EVERYONE, SIGNED_IN, type Rows, type WorkspaceRow } from "../permission-types";

// Workspaces (issue 26): the switcher's list, the current workspace, creating and renaming;
// members, invitations, join links and the activity feed.
const MISSING_WORKSPACE = "99999999999999999999workspaces";
const MISSING_INVITATION = "99999999999999999999workspaceInvitations";
const BUSINESS_SETTINGS = { minRole: "admin", kinds: ["business"] } as const;
// The role dimension of the members functions (households by default): every member reads,
// owners and admins manage members and settings.
const MEMBER_READ: WorkspaceRow = { minRole: "viewer", absent: true };
const MANAGER_READ: WorkspaceRow = { minRole: "admin", absent: true };
const managers = (args: WorkspaceRow["args"]): WorkspaceRow => ({ minRole: "admin", args });
const BUSINESS_SETTINGS_READ = { ...BUSINESS_SETTINGS, absent: true } as const;
const FIRST_PAGE = { numItems: 10, cursor: null };
const inMissing = (args: Record<string, unknown> = {}) => () => ({ workspaceId: MISSING_WORKSPACE, ...args });

export const rows: Rows = {
  "workspaces:listMine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  // A workspace the caller is not in reads as absent (null), like a missing one.
  "workspaces:current": { kind: "query", workspace: MEMBER_READ, args: inMissing(), allowed: EVERYONE },
  "workspaces:create": { kind: "mutation", args: () => ({ name: "Home", kind: "household" }), allowed: SIGNED_IN },
  "workspaces:rename": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, name: "Renamed" })),
    args: inMissing({ name: "Home" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  // Any kind of workspace has a currency; owners and admins set it.
  "workspaces:setCurrency": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, currency: "EUR" })),
    args: inMissing({ currency: "EUR" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:list": { kind: "query", workspace: MEMBER_READ, args: inMissing(), allowed: EVERYONE },
  "workspaceMembers:invitations": { kind: "query", workspace: MANAGER_READ, args: inMissing(), allowed: EVERYONE },
  "workspaceActivity:feed": { kind: "query", workspace: MEMBER_READ, args: inMissing({ paginationOpts: FIRST_PAGE }), allowed: EVERYONE },
  "workspaceMembers:invite": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, email: "guest@example.com", role: "editor" })),
    args: inMissing({ email: "guest@example.com", role: "editor" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:createJoinLink": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, role: "viewer", days: 7 })),
    args: inMissing({ role: "viewer", days: 7 }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:revokeInvitation": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, invitationId: f.invitationId })),
    args: inMissing({ invitationId: MISSING_INVITATION }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:changeRole": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, userId: f.member, role: "viewer" })),
    args: (f) => ({ workspaceId: MISSING_WORKSPACE, userId: f.target, role: "viewer" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:remove": {
    kind: "mutation",
    workspace: managers((f) => ({ workspaceId: f.workspaceId, userId: f.member })),
    args: (f) => ({ workspaceId: MISSING_WORKSPACE, userId: f.target }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  // The only owner may not leave (at least one owner always).
  "workspaceMembers:leave": {
    kind: "mutation",
    workspace: { minRole: "viewer", args: (f) => ({ workspaceId: f.workspaceId }), handlerErrors: { owner: "INVALID" } },
    args: inMissing(),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "workspaceMembers:transferOwnership": {
    kind: "mutation",
    workspace: { minRole: "owner", args: (f) => ({ workspaceId: f.workspaceId, userId: f.member }) },
    args: (f) => ({ workspaceId: MISSING_WORKSPACE, userId: f.target }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  // The link is the capability: anyone may look at one; a forged token opens nothing.
  "workspaceMembers:preview": { kind: "query", args: () => ({ token: "forged.token" }), allowed: EVERYONE },
  "workspaceMembers:accept": { kind: "mutation", args: () => ({ token: "forged.token" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  "workspaceMembers:decline": { kind: "mutation", args: () => ({ token: "forged.token" }), allowed: EVERYONE, handlerError: "INVALID" },
  // Invitations for you: the caller's own, by their proven address; another id reads as missing.
  "myInvitations:list": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "myInvitations:accept": { kind: "mutation", args: () => ({ invitationId: MISSING_INVITATION }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "myInvitations:decline": { kind: "mutation", args: () => ({ invitationId: MISSING_INVITATION }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  // Closing a shared workspace: its owners only. A caller's home is personal (refused: never
  // deleted) except the business account's own business workspace, where the fixture's
  // target (a missing workspace) and the wrong name are refused by the handler.
  "workspaceClosing:status": { kind: "query", workspace: { minRole: "owner", absent: true }, args: () => ({}), allowed: EVERYONE },
  "workspaceClosing:moveAll": {
    kind: "mutation",
    workspace: { minRole: "owner" },
    args: () => ({ toWorkspaceId: MISSING_WORKSPACE }),
    allowed: ["business"],
    handlerError: "INVALID",
  },
  // A business's verified name: its owners and admins ask, site admins decide.
  "verifiedNames:status": { kind: "query", workspace: BUSINESS_SETTINGS_READ, args: () => ({}), allowed: EVERYONE },
  "verifiedNames:request": { kind: "mutation", workspace: BUSINESS_SETTINGS, args: () => ({ name: "Acme Tools Ltd" }), allowed: ["business"] },
  "verifiedNames:withdraw": { kind: "mutation", workspace: BUSINESS_SETTINGS, args: () => ({}), allowed: ["business"], handlerError: "NOT_FOUND" },
  "verifiedNames:remove": { kind: "mutation", workspace: BUSINESS_SETTINGS, args: () => ({}), allowed: ["business"], handlerError: "INVALID" },
  "verifiedNames:pending": { kind: "query", args: () => ({}), allowed: ADMINS },
  "verifiedNames:decide": {
    kind: "mutation",
    args: () => ({ requestId: "99999999999999999999verifiedNameRequests", approve: true }),
    allowed: ADMINS,
    handlerError: "NOT_FOUND",
  },
  "workspaceClosing:remove": {
    kind: "mutation",
    workspace: { minRole: "owner" },
    args: () => ({ confirmName: "Not its name" }),
    allowed: ["business"],
    handlerError: "INVALID",
  },
};
