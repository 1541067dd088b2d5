import { ADMINS, EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Your data (issue 32): downloading and deleting one's own; admins act for a user who asks by e-mail.
export const rows: Rows = {
  "accountDeletion:status": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "accountDeletion:plan": { kind: "query", args: () => ({}), allowed: SIGNED_IN },
  // The fixture users have no password, and no code was sent.
  "accountDeletion:confirmWithPassword": { kind: "action", args: () => ({ password: "not-it-123" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  "accountDeletion:sendCode": { kind: "action", args: () => ({}), allowed: SIGNED_IN },
  "accountDeletion:confirmWithCode": { kind: "action", args: () => ({ code: "123456" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  "accountDeletion:cancel": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN, handlerError: "INVALID" },
  "accountDeletion:adminStatus": { kind: "query", args: (f) => ({ userId: f.target }), allowed: ADMINS },
  "accountDeletion:adminSchedule": { kind: "mutation", args: (f) => ({ userId: f.target }), allowed: ADMINS },
  "accountDeletion:adminCancel": { kind: "mutation", args: (f) => ({ userId: f.target }), allowed: ADMINS, handlerError: "INVALID" },
  "dataExport:mine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "dataExport:request": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN },
  "dataExport:adminRequest": { kind: "mutation", args: (f) => ({ userId: f.target }), allowed: ADMINS },
  // Nothing is being prepared: refused by the handler.
  "dataExport:cancel": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN, handlerError: "INVALID" },
  "dataExport:adminStatus": { kind: "query", args: (f) => ({ userId: f.target }), allowed: ADMINS },
  // A workspace's export and import: its owners and admins (each caller's home workspace is theirs).
  "workspacePorts:latestPorts": { kind: "query", workspace: { minRole: "admin", absent: true }, args: () => ({}), allowed: EVERYONE },
  "workspacePorts:startExport": { kind: "mutation", workspace: { minRole: "admin" }, args: () => ({}), allowed: SIGNED_IN },
  // Nothing uploaded yet: refused by the handler.
  "workspacePorts:startImport": { kind: "mutation", workspace: { minRole: "admin" }, args: () => ({}), allowed: SIGNED_IN, handlerError: "INVALID" },
  // A large part's upload URL; its storage id (none stored here) is refused by the handler.
  "workspacePorts:importUploadUrl": { kind: "mutation", workspace: { minRole: "admin" }, args: () => ({ size: 1000, sha256: "0".repeat(64) }), allowed: SIGNED_IN },
  "workspacePorts:addUploadedPart": { kind: "mutation", workspace: { minRole: "admin" }, args: () => ({ storageId: "99999999999999999999_storage" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  // Nothing running: refused by the handler.
  "workspacePorts:cancel": { kind: "mutation", workspace: { minRole: "admin" }, args: () => ({ kind: "export" }), allowed: SIGNED_IN, handlerError: "INVALID" },
};
