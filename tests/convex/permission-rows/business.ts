import { EVERYONE, SIGNED_IN, BUSINESS_EDITOR, BUSINESS_READER, type Rows } from "../permission-types";

// Business inventory (issue 8) and its CSV import (issue 19).
// Business screens work in a business workspace: the business account's own (made with its flag); anyone
// else's home is their personal workspace, where these are refused (the role matrix covers staff).
const BUSINESS = ["business"] as const;
const MISSING_JOB = "99999999999999999999importJobs";

export const rows: Rows = {
  "business:exportPage": { kind: "query", workspace: BUSINESS_READER, args: () => ({ cursor: null }), allowed: BUSINESS },
  "imports:current": { kind: "query", workspace: { minRole: "viewer", kinds: ["business"], absent: true }, args: () => ({}), allowed: EVERYONE },
  "imports:heldSkus": { kind: "query", workspace: BUSINESS_EDITOR, args: () => ({ skus: ["MUG-1"] }), allowed: BUSINESS },
  "imports:start": {
    kind: "action", workspace: BUSINESS_EDITOR,
    args: () => ({ fileName: "x.csv", csv: "title\nnothing", mapping: {}, onDuplicate: "skip", expectedCost: 5 }),
    allowed: BUSINESS,
    handlerError: "INVALID",
  },
  "imports:cancel": { kind: "mutation", workspace: BUSINESS_EDITOR, args: () => ({ jobId: MISSING_JOB }), allowed: BUSINESS, handlerError: "NOT_FOUND" },
  // TMT top-ups: any signed-in account may buy TMT.
  "topUps:offer": { kind: "query", args: () => ({}), allowed: SIGNED_IN },
  "topUps:buy": { kind: "action", args: () => ({ packId: "no-such-pack" }), allowed: SIGNED_IN, handlerError: "INVALID" },
};
