import { ADMINS, EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Admin panel (issue 9) and business-upgrade requests (issue 8 item 4).
const MISSING_REQUEST = "99999999999999999999businessRequests";
const page = { paginationOpts: { numItems: 10, cursor: null } };

export const rows: Rows = {
  "adminPanel:listUsers": { kind: "query", args: () => ({ search: "", ...page }), allowed: ADMINS },
  "adminPanel:counts": { kind: "query", args: () => ({}), allowed: ADMINS },
  "adminPanel:auditLog": { kind: "query", args: () => page, allowed: ADMINS },
  "businessRequests:mine": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "businessRequests:request": {
    kind: "mutation",
    args: () => ({ note: "" }),
    allowed: SIGNED_IN.filter((c) => c !== "business"),
  },
  "businessRequests:list": { kind: "query", args: () => ({}), allowed: ADMINS },
  "businessRequests:decide": {
    kind: "mutation",
    args: () => ({ requestId: MISSING_REQUEST, grant: true }),
    allowed: ADMINS,
    handlerError: "NOT_FOUND",
  },
};
