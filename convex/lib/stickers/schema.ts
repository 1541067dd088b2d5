// Claimable QR stickers: batches of unclaimed codes printed ahead of time; scanning one
// offers to tag the item it is stuck on, with the code as its serial.
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const stickerTables = {
  // One row per batch, also its audit record: who made it, when, how many, how many claimed.
  stickerBatches: defineTable({
    // The workspace whose label sheet it is (optional until the migration has run).
    workspaceId: v.optional(v.id("workspaces")),
    createdBy: v.id("users"),
    createdAt: v.number(),
    count: v.number(),
    claimed: v.number(),
  })
    // A workspace's batches, newest first.
    .index("by_workspaceId_and_createdAt", ["workspaceId", "createdAt"])
    // Every batch, newest first (admins).
    .index("by_createdAt", ["createdAt"]),
  stickerCodes: defineTable({
    code: v.string(),
    batchId: v.id("stickerBatches"),
    // Set together, once, by the tagging that claims the code.
    claimedBy: v.optional(v.id("users")),
    claimedAt: v.optional(v.number()),
    assetId: v.optional(v.id("assets")),
  })
    // /verify and claiming look a code up; drawing checks it is new.
    .index("by_code", ["code"])
    // A batch's label sheet.
    .index("by_batchId", ["batchId"]),
};
