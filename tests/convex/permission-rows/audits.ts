import { EVERYONE, SIGNED_IN, type Rows, type WorkspaceRow } from "../permission-types";

// Audits (issue 27 item 4): members follow an audit's progress; editors and up start, scan,
// tick, finish, cancel and follow up; a viewer cannot, a non-member gets nothing.
const MISSING_AUDIT = "99999999999999999999audits";
const MISSING_ASSET = "99999999999999999999assets";
const page = { paginationOpts: { numItems: 10, cursor: null } };
const READS: WorkspaceRow = { minRole: "viewer", absent: true };
const AUDITS: WorkspaceRow = { minRole: "editor" };

export const rows: Rows = {
  "audits:list": { kind: "query", workspace: READS, args: () => page, allowed: EVERYONE },
  "audits:get": { kind: "query", workspace: READS, args: () => ({ auditId: MISSING_AUDIT }), allowed: EVERYONE },
  "audits:items": { kind: "query", workspace: READS, args: () => ({ auditId: MISSING_AUDIT, state: "pending", ...page }), allowed: EVERYONE },
  "audits:start": { kind: "mutation", workspace: AUDITS, args: () => ({ scope: { kind: "workspace" } }), allowed: SIGNED_IN },
  "audits:scan": { kind: "mutation", workspace: AUDITS, args: () => ({ auditId: MISSING_AUDIT, code: "TMT-AAAA-BBBB" }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "audits:tick": { kind: "mutation", workspace: AUDITS, args: () => ({ auditId: MISSING_AUDIT, assetId: MISSING_ASSET }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "audits:finish": { kind: "mutation", workspace: AUDITS, args: () => ({ auditId: MISSING_AUDIT }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "audits:cancel": { kind: "mutation", workspace: AUDITS, args: () => ({ auditId: MISSING_AUDIT }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "audits:resolve": { kind: "mutation", workspace: AUDITS, args: () => ({ auditId: MISSING_AUDIT, action: "markLost" }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
};
