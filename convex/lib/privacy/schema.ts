import { defineTable } from "convex/server";
import { v } from "convex/values";
import { chainValidator, heldFilesValidator } from "../ports/chain";

export const privacyTables = {
  // One row per account on its way out: first a confirmation code (accounts without a
  // password), then the erasure moment and its scheduled job. Cancelling deletes the row.
  accountDeletions: defineTable({
    userId: v.id("users"),
    // Set once confirmed: when the account is erased, and the job that erases it.
    eraseAt: v.optional(v.number()),
    job: v.optional(v.id("_scheduled_functions")),
    // "admin" when an administrator ran it for a user who asked by e-mail.
    requestedBy: v.optional(v.literal("admin")),
    codeHash: v.optional(v.string()),
    codeExpiresAt: v.optional(v.number()),
    codeFailures: v.optional(v.number()),
  })
    .index("by_userId", ["userId"])
    // The hourly sweep: erasures that are due (a safety net behind each one's scheduled job).
    .index("by_eraseAt", ["eraseAt"]),
  // "Download my data": one row per export, built in the background (convex/dataExport.ts);
  // its ZIP is deleted when the link expires.
  dataExports: defineTable({
    userId: v.id("users"),
    status: v.union(v.literal("building"), v.literal("ready"), v.literal("failed"), v.literal("expired"), v.literal("cancelled")),
    requestedAt: v.number(),
    requestedBy: v.optional(v.literal("admin")),
    // Sections written so far, of `total` (the progress bar).
    done: v.number(),
    total: v.number(),
    // The ZIP, in parts when large (lib/privacy/zipParts.ts).
    parts: v.optional(v.array(v.id("_storage"))),
    expiresAt: v.optional(v.number()),
    // While building: where its chain of steps stands, and parts a step stored that the chain does not keep yet (lib/ports/chain.ts).
    chain: v.optional(chainValidator),
    held: v.optional(heldFilesValidator),
  }).index("by_userId_and_requestedAt", ["userId", "requestedAt"]),
};
