import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Claimable QR stickers (issue 19): businesses and admins make and read batches; anyone checks
// a code on /verify; any signed-in member claims one by tagging.
const BUSINESS = ["business", "admin"] as const;
const CODE = "TMT-AAAAAA-AAAAAA-AAAAAA";
const input = { kind: "general", name: "Bike", visibility: "public", details: { kind: "general" }, files: [] };

export const rows: Rows = {
  "stickers:createBatch": { kind: "mutation", args: () => ({ count: 2 }), allowed: BUSINESS },
  "stickers:batches": { kind: "query", args: () => ({}), allowed: BUSINESS },
  "stickers:batchCodes": { kind: "query", args: () => ({ batchId: "99999999999999999999stickerBatches" }), allowed: BUSINESS },
  "stickers:check": { kind: "mutation", args: () => ({ code: CODE }), allowed: EVERYONE },
  "stickers:claim": { kind: "mutation", args: () => ({ code: CODE, ...input }), allowed: SIGNED_IN },
};
