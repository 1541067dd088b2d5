import { EVERYONE, SIGNED_IN, EDITOR, READER, type Rows } from "../permission-types";

// Assets and transfers (issue 7a). Reads answer null/empty to visitors and to
// non-owners; writes need a signed-in owner (ids of no document → NOT_FOUND).
const MISSING_ASSET = "99999999999999999999assets";
const MISSING_TRANSFER = "99999999999999999999transfers";
const page = { paginationOpts: { numItems: 10, cursor: null } };
const input = {
  kind: "general",
  name: "Bike",
  visibility: "public",
  details: { kind: "general" },
};

export const rows: Rows = {
  "assets:tag": { kind: "mutation", workspace: EDITOR, args: () => ({ ...input, files: [] }), allowed: SIGNED_IN, handlerError: "INSUFFICIENT_TOKENS" },
  "assets:listMine": { kind: "query", workspace: READER, args: () => page, allowed: EVERYONE },
  "assets:get": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "assets:history": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "assets:update": { kind: "mutation", workspace: EDITOR, args: () => ({ assetId: MISSING_ASSET, version: 0, ...input }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "assets:setStatus": { kind: "mutation", workspace: EDITOR, args: () => ({ assetId: MISSING_ASSET, status: "lost" }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "assets:stolenReport": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "assets:remove": { kind: "mutation", workspace: EDITOR, args: () => ({ assetId: MISSING_ASSET }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "assetFiles:add": { kind: "mutation", workspace: EDITOR, args: () => ({ assetId: MISSING_ASSET, files: [] }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "assetFiles:remove": {
    kind: "mutation", workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, storageId: "99999999999999999999_storage" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "assetFiles:setCover": {
    kind: "mutation", workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, storageId: "99999999999999999999_storage" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "assetFiles:setKind": {
    kind: "mutation", workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, storageId: "99999999999999999999_storage", kind: "receipt" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "transfers:offer": { kind: "mutation", workspace: EDITOR, args: () => ({ assetId: MISSING_ASSET, email: "a@example.com" }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "transfers:cancel": { kind: "mutation", workspace: EDITOR, args: () => ({ transferId: MISSING_TRANSFER }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "transfers:accept": { kind: "mutation", workspace: EDITOR, args: () => ({ transferId: MISSING_TRANSFER }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "transfers:decline": { kind: "mutation", args: () => ({ transferId: MISSING_TRANSFER }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "transfers:incoming": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "transfers:handedOver": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
};
