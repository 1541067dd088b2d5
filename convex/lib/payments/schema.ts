// The payments tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";

const topUpStatusValidator = literals("pending", "paid");

export const paymentTables = {
  // TMT top-ups: one order per checkout; paid once, credited through the ledger.
  topUpOrders: defineTable({
    // The buyer; the wallet credited is theirs, or the workspace's when one is named.
    userId: v.id("users"),
    workspaceId: v.optional(v.id("workspaces")),
    packId: v.string(),
    tmt: v.number(),
    priceMinor: v.number(),
    currency: v.string(),
    provider: v.string(),
    test: v.boolean(),
    status: topUpStatusValidator,
    reference: v.optional(v.string()),
    createdAt: v.number(),
    paidAt: v.optional(v.number()),
  })
    // A user's orders, newest first.
    .index("by_userId_and_createdAt", ["userId", "createdAt"]),
};
