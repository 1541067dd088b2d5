import { EVERYONE, READER, SIGNED_IN, type Rows, type WorkspaceRow } from "../permission-types";

// Custom fields (issue 28): members read the definitions and the lists sorted by them; owners
// and admins define, change, remove and restore them (editors fill values in through assets.*).
const MISSING_FIELD = "99999999999999999999customFields";
const MANAGER: WorkspaceRow = { minRole: "admin" };
// The list by a field refuses a non-member (the policy's NOT_FOUND) rather than answering empty.
const MEMBER: WorkspaceRow = { minRole: "viewer" };
const definition = { label: "Frame size", type: "select", options: ["S", "M", "L"], required: false, showOnVerify: true };

export const rows: Rows = {
  "customFields:list": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "customFields:itemsByValue": {
    kind: "query",
    workspace: MEMBER,
    args: () => ({ fieldId: MISSING_FIELD, order: "asc", paginationOpts: { numItems: 10, cursor: null } }),
    allowed: SIGNED_IN,
  },
  "customFields:create": { kind: "mutation", workspace: MANAGER, args: () => ({ category: "Bikes", ...definition }), allowed: SIGNED_IN },
  "customFields:update": { kind: "mutation", workspace: MANAGER, args: () => ({ fieldId: MISSING_FIELD, ...definition }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "customFields:remove": { kind: "mutation", workspace: MANAGER, args: () => ({ fieldId: MISSING_FIELD }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "customFields:restore": { kind: "mutation", workspace: MANAGER, args: () => ({ fieldId: MISSING_FIELD }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
};
