import { ADMINS, EVERYONE, SIGNED_IN, BUSINESS_READER, EDITOR, READER, type Rows } from "../permission-types";

// The lists at scale (issue 19 item 1): exact totals, "select all matching" id pages,
// bulk actions (per item, on the caller's own assets only) and export rows.
const MISSING_ASSET = "99999999999999999999assets";
const MISSING_USER = "99999999999999999999users";
// Business screens work in a business workspace: the business account's own (made with its flag); anyone
// else's home is their personal workspace, where these are refused (the role matrix covers staff).
const BUSINESS = ["business"] as const;
const page = { paginationOpts: { numItems: 10, cursor: null } };

export const rows: Rows = {
  "assets:countMine": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  // The insurance report (issue 28 item 7): every member, viewers too (it holds only what they read).
  "insuranceReports:start": { kind: "mutation", workspace: { minRole: "viewer" }, args: () => ({}), allowed: SIGNED_IN },
  "insuranceReports:latest": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "assetBulk:matchingIds": { kind: "query", workspace: READER, args: () => ({ cursor: null }), allowed: EVERYONE },
  "assetBulk:exportRows": { kind: "query", workspace: READER, args: () => ({ ids: [MISSING_ASSET] }), allowed: EVERYONE },
  "assetBulk:setStatus": { kind: "mutation", workspace: EDITOR, args: () => ({ ids: [MISSING_ASSET], status: "lost" }), allowed: SIGNED_IN },
  "assetBulk:setVisibility": { kind: "mutation", workspace: EDITOR, args: () => ({ ids: [MISSING_ASSET], visibility: "private" }), allowed: SIGNED_IN },
  "assetBulk:remove": { kind: "mutation", workspace: EDITOR, args: () => ({ ids: [MISSING_ASSET] }), allowed: SIGNED_IN },
  "inventory:summary": { kind: "query", workspace: BUSINESS_READER, args: () => ({}), allowed: BUSINESS },
  "inventory:items": { kind: "query", workspace: BUSINESS_READER, args: () => page, allowed: BUSINESS },
  "publicAssets:count": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "publicAssets:matchingSerials": { kind: "query", args: () => ({ cursor: null }), allowed: EVERYONE },
  "publicAssets:cards": { kind: "query", args: () => ({ serials: ["TMT-0000-0000"] }), allowed: EVERYONE },
  "adminPanel:userCount": { kind: "query", args: () => ({ search: "" }), allowed: ADMINS },
  "adminPanel:userIds": { kind: "query", args: () => ({ search: "", cursor: null }), allowed: ADMINS },
  "adminPanel:userRows": { kind: "query", args: () => ({ ids: [MISSING_USER] }), allowed: ADMINS },
};
