import { EDITOR, EVERYONE, READER, SIGNED_IN, type Rows } from "../permission-types";

// Locations, kits and custody (issue 27): members read; editors and up move, lend and take
// back; the borrower's link answers anyone holding a valid token and nothing else.
const MISSING_ASSET = "99999999999999999999assets";
const MISSING_BOOKING = "99999999999999999999bookings";
const MISSING_LOCATION = "99999999999999999999locations";
const DAY = 24 * 3_600_000;
const page = { paginationOpts: { numItems: 10, cursor: null } };

export const rows: Rows = {
  "locations:all": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "locations:contents": { kind: "query", workspace: READER, args: () => ({ locationId: MISSING_LOCATION }), allowed: EVERYONE },
  "locations:create": { kind: "mutation", workspace: EDITOR, args: () => ({ name: "Store room" }), allowed: SIGNED_IN },
  "locations:remove": { kind: "mutation", workspace: EDITOR, args: () => ({ locationId: MISSING_LOCATION }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "locations:moveItems": { kind: "mutation", workspace: EDITOR, args: () => ({ assetIds: [MISSING_ASSET], locationId: null }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "kits:ofAsset": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "kits:addParts": { kind: "mutation", workspace: EDITOR, args: () => ({ kitId: MISSING_ASSET, serials: [] }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "kits:removePart": { kind: "mutation", workspace: EDITOR, args: () => ({ partId: MISSING_ASSET }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "custody:checkOut": {
    kind: "mutation",
    workspace: EDITOR,
    args: () => ({ assetIds: [MISSING_ASSET], borrower: { kind: "outside", name: "Sam Borrower" }, dueAt: Date.now() + DAY }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "custody:checkIn": { kind: "mutation", workspace: EDITOR, args: () => ({ assetIds: [MISSING_ASSET] }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "custody:forAssets": { kind: "query", workspace: READER, args: () => ({ ids: [MISSING_ASSET] }), allowed: EVERYONE },
  "custody:ofAsset": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "custody:list": { kind: "query", workspace: READER, args: () => ({ filter: "out", ...page }), allowed: EVERYONE },
  "bookings:create": {
    kind: "mutation",
    workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, startAt: Date.now() + DAY, endAt: Date.now() + 2 * DAY, forWhom: "Class 4B" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "bookings:cancel": { kind: "mutation", workspace: EDITOR, args: () => ({ bookingId: MISSING_BOOKING }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "bookings:forAsset": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "bookings:calendar": { kind: "query", workspace: READER, args: () => page, allowed: EVERYONE },
  "custody:borrowerView": { kind: "query", args: () => ({ token: "not-a-token" }), allowed: EVERYONE },
  "custody:accept": { kind: "mutation", args: () => ({ token: "not-a-token", signature: "Sam Borrower" }), allowed: EVERYONE, handlerError: "NOT_FOUND" },
};
