import { ADMINS, EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Foundation: profiles, password reset, dev outbox, admin access changes.
export const rows: Rows = {
  "users:me": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "users:updateActivity": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN },
  "users:updateProfile": { kind: "mutation", args: () => ({ fullName: "New Name", avatarUrl: "" }), allowed: SIGNED_IN },
  "users:changePassword": {
    kind: "action",
    args: () => ({ currentPassword: "whatever1", newPassword: "whatever2" }),
    allowed: SIGNED_IN,
    // Fixture users have no password account, so the current password cannot match.
    handlerError: "INVALID",
  },
  "passwordReset:checkResetLink": { kind: "query", args: () => ({ email: "a@example.com", token: "x" }), allowed: EVERYONE },
  "outbox:list": { kind: "query", args: () => ({ key: "not-the-key" }), allowed: EVERYONE },
  "admin:setUserAccess": { kind: "mutation", args: (f) => ({ userId: f.target, role: "moderator" }), allowed: ADMINS },
  "admin:listAuditLog": { kind: "query", args: () => ({ paginationOpts: { numItems: 10, cursor: null } }), allowed: ADMINS },
};

