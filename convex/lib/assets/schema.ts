// The assets tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { assetChangeValidator, assetEventTypeValidator, assetFields, transferStatusValidator } from "./tables";

export const assetTables = {
  // Assets: the registry, serials reserved forever, history, provenance and transfers.
  assets: defineTable(assetFields)
    // /verify/{serial} and tagging's uniqueness check.
    .index("by_serial", ["serial"])
    // /assets newest or oldest first; dashboard counts.
    .index("by_workspaceId_and_taggedAt", ["workspaceId", "taggedAt"])
    // /assets filtered by kind.
    .index("by_workspaceId_and_kind_and_taggedAt", ["workspaceId", "kind", "taggedAt"])
    // /assets filtered by status.
    .index("by_workspaceId_and_status_and_taggedAt", ["workspaceId", "status", "taggedAt"])
    // /public-assets newest or oldest first.
    .index("by_visibility_and_taggedAt", ["visibility", "taggedAt"])
    // /public-assets sorted by name.
    .index("by_visibility_and_name", ["visibility", "name"])
    // /assets filtered by kind and status.
    .index("by_workspaceId_and_kind_and_status_and_taggedAt", ["workspaceId", "kind", "status", "taggedAt"])
    // /assets sorted by name, unfiltered or filtered by kind, status or both.
    .index("by_workspaceId_and_name", ["workspaceId", "name"])
    .index("by_workspaceId_and_kind_and_name", ["workspaceId", "kind", "name"])
    .index("by_workspaceId_and_status_and_name", ["workspaceId", "status", "name"])
    .index("by_workspaceId_and_kind_and_status_and_name", ["workspaceId", "kind", "status", "name"])
    // /verify's maker's serial check: public assets with a frame number / IMEI (private ones are outside the range read).
    .index("by_makerSerial_and_visibility", ["details.makerSerial", "visibility"])
    // /assets search by a maker's serial, however it is typed (normalised: lib/assets/fieldValues.ts).
    .index("by_workspaceId_and_makerSerial", ["workspaceId", "details.makerSerial"])
    // The CSV import's duplicate check: a business workspace's items by SKU.
    .index("by_workspaceId_and_sku", ["workspaceId", "details.sku"])
    // The business inventory (lib/inventory/list.ts): its location / category filters are
    // index ranges, so a filtered page reads only matches, dated or by name...
    .index("by_workspaceId_and_kind_and_location_and_taggedAt", ["workspaceId", "kind", "details.location", "taggedAt"])
    .index("by_workspaceId_and_kind_and_category_and_taggedAt", ["workspaceId", "kind", "category", "taggedAt"])
    .index("by_workspaceId_and_kind_and_location_and_category_and_taggedAt", ["workspaceId", "kind", "details.location", "category", "taggedAt"])
    .index("by_workspaceId_and_kind_and_location_and_name", ["workspaceId", "kind", "details.location", "name"])
    .index("by_workspaceId_and_kind_and_category_and_name", ["workspaceId", "kind", "category", "name"])
    .index("by_workspaceId_and_kind_and_location_and_category_and_name", ["workspaceId", "kind", "details.location", "category", "name"])
    // ...and its SKU, quantity, unit cost and value columns sort (location, category and status
    // sort by the indexes above and by_workspaceId_and_kind_and_status_and_taggedAt).
    .index("by_workspaceId_and_kind_and_sku", ["workspaceId", "kind", "details.sku"])
    .index("by_workspaceId_and_kind_and_quantity", ["workspaceId", "kind", "details.quantity"])
    // An amount orders by its amount, then its currency (Convex orders an object by its sorted fields).
    .index("by_workspaceId_and_kind_and_unitCost", ["workspaceId", "kind", "details.unitCost"])
    .index("by_workspaceId_and_kind_and_lineValue", ["workspaceId", "kind", "lineValue"])
    // Warranties ending soon: the reminder sweep across workspaces, and a workspace's Upcoming list (lib/upkeep/).
    .index("by_warrantyEnd", ["details.warrantyEnd"])
    .index("by_workspaceId_and_warrantyEnd", ["workspaceId", "details.warrantyEnd"])
    // A location's items: their location text is its path (lib/locations/follow.ts).
    .index("by_workspaceId_and_location_and_name", ["workspaceId", "details.location", "name"])
    // /assets search (workspaceId, kind, status), /public-assets search (visibility) and the
    // inventory's search within a location / category.
    .searchIndex("search_text", {
      searchField: "searchText",
      filterFields: ["workspaceId", "visibility", "kind", "status", "category", "details.location"],
    }),
  // What each workspace's items are worth, one row per currency: the sum of their `worth`, kept
  // by the assets trigger (lib/assets/worth.ts) in the mutation's tally, so the dashboard's
  // Value is exact at any size and costs one bounded read.
  worthTotals: defineTable({ workspaceId: v.id("workspaces"), currency: v.string(), amount: v.number(), items: v.number() })
    .index("by_workspaceId_and_currency", ["workspaceId", "currency"]),
  // Every serial ever issued, kept after the asset is deleted so it is never reused.
  serials: defineTable({ serial: v.string() })
    // Uniqueness check when a serial is drawn.
    .index("by_serial", ["serial"]),
  // The history of every change to an asset (who and when).
  assetEvents: defineTable({
    assetId: v.id("assets"),
    // The workspace the asset was in when it happened (optional until the migration has run).
    workspaceId: v.optional(v.id("workspaces")),
    // The member who made the change.
    actorId: v.id("users"),
    type: assetEventTypeValidator,
    summary: v.string(),
    changes: v.optional(v.array(assetChangeValidator)),
    at: v.number(),
    // Copied from an imported ZIP (convex/workspacePorts.ts): a record someone else's export
    // stated, not a change made here; its summary says so too.
    imported: v.optional(v.literal(true)),
  })
    // An asset's history, newest first.
    .index("by_assetId_and_at", ["assetId", "at"])
    // A workspace's activity, newest first (the dashboard's recent activity).
    .index("by_workspaceId_and_at", ["workspaceId", "at"]),
  // Append-only chain of owning workspaces; `to` is set when ownership moves on.
  assetOwners: defineTable({
    assetId: v.id("assets"),
    // Optional only until the migration has run; it moves `ownerId` (a user) here.
    workspaceId: v.optional(v.id("workspaces")),
    ownerId: v.optional(v.id("users")),
    from: v.number(),
    to: v.optional(v.number()),
  })
    // Provenance of one asset in order.
    .index("by_assetId", ["assetId"]),
  // Which asset holds each stored file, so one upload is never attached twice.
  assetFileRefs: defineTable({ storageId: v.id("_storage"), assetId: v.id("assets") })
    // Attach check and file removal.
    .index("by_storageId", ["storageId"]),
  // Between workspaces: a member of the sending one offers to a person, who accepts into a
  // workspace of theirs (set on accept). Both sides are set by the migration for older offers.
  transfers: defineTable({
    assetId: v.id("assets"),
    fromWorkspaceId: v.optional(v.id("workspaces")),
    toWorkspaceId: v.optional(v.id("workspaces")),
    // The member who offered, and the person addressed.
    fromUserId: v.id("users"),
    // Set when the offer is accepted: an offer goes to an address, which may have no account yet.
    toUserId: v.optional(v.id("users")),
    toEmail: v.string(),
    status: transferStatusValidator,
    createdAt: v.number(),
    respondedAt: v.optional(v.number()),
  })
    // Transfers received (the dashboard's activity).
    .index("by_toUserId_and_status", ["toUserId", "status"])
    // Incoming offers panel on /assets: offers to the signed-in user's address.
    .index("by_toEmail_and_status", ["toEmail", "status"])
    // One pending offer per asset; the detail page's pending offer.
    .index("by_assetId_and_status", ["assetId", "status"])
    // A workspace's outgoing offers.
    .index("by_fromWorkspaceId_and_status", ["fromWorkspaceId", "status"]),
  // Idempotency keys of recent tags and sticker claims (lib/assets/tagRequests.ts).
  tagRequests: defineTable({
    workspaceId: v.id("workspaces"),
    key: v.string(),
    assetId: v.id("assets"),
    serial: v.string(),
    at: v.number(),
  })
    // A repeated request's lookup.
    .index("by_workspaceId_and_key", ["workspaceId", "key"])
    // Forgetting keys past the window.
    .index("by_at", ["at"]),
};
