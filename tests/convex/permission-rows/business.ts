import type { Rows } from "../permission-types";

// Business inventory (issue 8): accounts with the business flag, and admins
// (the guard admits admins everywhere, so the server serves them too).
const BUSINESS = ["business", "admin"] as const;

export const rows: Rows = {
  "business:exportPage": { kind: "query", args: () => ({ cursor: null }), allowed: BUSINESS },
  "business:currentImport": { kind: "query", args: () => ({}), allowed: BUSINESS },
  "business:importCsv": {
    kind: "action",
    args: () => ({ csv: "title\nnothing", expectedCost: 5 }),
    allowed: BUSINESS,
    handlerError: "INVALID",
  },
};
