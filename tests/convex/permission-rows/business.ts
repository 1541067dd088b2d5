import { SIGNED_IN, type Rows } from "../permission-types";

// Business inventory (issue 8) and its CSV import (issue 19): accounts with the business
// flag, and admins (the guard admits admins everywhere, so the server serves them too).
const BUSINESS = ["business", "admin"] as const;
const MISSING_JOB = "99999999999999999999importJobs";

export const rows: Rows = {
  "business:exportPage": { kind: "query", args: () => ({ cursor: null }), allowed: BUSINESS },
  "imports:current": { kind: "query", args: () => ({}), allowed: BUSINESS },
  "imports:heldSkus": { kind: "query", args: () => ({ skus: ["MUG-1"] }), allowed: BUSINESS },
  "imports:start": {
    kind: "action",
    args: () => ({ fileName: "x.csv", csv: "title\nnothing", mapping: {}, onDuplicate: "skip", expectedCost: 5 }),
    allowed: BUSINESS,
    handlerError: "INVALID",
  },
  "imports:cancel": { kind: "mutation", args: () => ({ jobId: MISSING_JOB }), allowed: BUSINESS, handlerError: "NOT_FOUND" },
  // TMT top-ups: any signed-in account may buy TMT.
  "topUps:offer": { kind: "query", args: () => ({}), allowed: SIGNED_IN },
  "topUps:buy": { kind: "action", args: () => ({ packId: "no-such-pack" }), allowed: SIGNED_IN, handlerError: "INVALID" },
};
