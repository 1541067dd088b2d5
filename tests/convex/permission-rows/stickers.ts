import { EVERYONE, SIGNED_IN, BUSINESS_EDITOR, BUSINESS_READER, EDITOR, type Rows } from "../permission-types";

// Claimable QR stickers (issue 19): a business workspace's members make and read batches;
// anyone checks a code on /verify; any signed-in member claims one by tagging.
// Business screens work in a business workspace: the business account's own (made with its flag); anyone
// else's home is their personal workspace, where these are refused (the role matrix covers staff).
const BUSINESS = ["business"] as const;
const CODE = "TMT-AAAAAA-AAAAAA-AAAAAA";
const input = { kind: "general", name: "Bike", visibility: "public", details: { kind: "general" }, files: [] };

export const rows: Rows = {
  "stickers:createBatch": { kind: "mutation", workspace: BUSINESS_EDITOR, args: () => ({ count: 2 }), allowed: BUSINESS },
  "stickers:batches": { kind: "query", workspace: BUSINESS_READER, args: () => ({}), allowed: BUSINESS },
  "stickers:batchCodes": { kind: "query", workspace: BUSINESS_READER, args: () => ({ batchId: "99999999999999999999stickerBatches" }), allowed: BUSINESS },
  "stickers:check": { kind: "mutation", args: () => ({ code: CODE }), allowed: EVERYONE },
  "stickers:claim": { kind: "mutation", workspace: EDITOR, args: () => ({ code: CODE, ...input }), allowed: SIGNED_IN },
};
