// The custody tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { borrowerValidator } from "./tables";

export const custodyTables = {
  // One check-out: items handed to one borrower at once, with a due date, and the link
  // the borrower accepts it through (only its SHA-256 is kept, lib/signedLinks.ts).
  checkouts: defineTable({
    workspaceId: v.id("workspaces"),
    borrower: borrowerValidator,
    // The name the lists show and filter by ("to whom").
    borrowerName: v.string(),
    dueAt: v.number(),
    outAt: v.number(),
    // The condition the items left in.
    notes: v.optional(v.string()),
    checkedOutBy: v.id("users"),
    tokenHash: v.string(),
    tokenExpiresAt: v.number(),
    // The borrower's acceptance: when, and the name they typed as their signature.
    acceptedAt: v.optional(v.number()),
    acceptedName: v.optional(v.string()),
    // When the overdue reminders went out.
    remindedAt: v.optional(v.number()),
  })
    // The borrower's link.
    .index("by_tokenHash", ["tokenHash"])
    // Erasing a workspace (lib/workspaces/erase.ts).
    .index("by_workspaceId", ["workspaceId"])
    // A member borrower's account erased: their name leaves the check-outs still naming it (lib/privacy/redact.ts).
    .index("by_borrowerUserId_and_borrowerName", ["borrower.userId", "borrowerName"]),
  // One item of a check-out; open until it is checked in.
  loans: defineTable({
    workspaceId: v.id("workspaces"),
    checkoutId: v.id("checkouts"),
    assetId: v.id("assets"),
    borrowerName: v.string(),
    // borrowerKey(borrowerName): the "to whom" filter matches it whatever the case.
    borrowerKey: v.string(),
    dueAt: v.number(),
    outAt: v.number(),
    open: v.boolean(),
    // Set by the scheduled reminder when the due date passes with the item still out.
    overdue: v.boolean(),
    returnedAt: v.optional(v.number()),
    returnedBy: v.optional(v.id("users")),
    // The condition it came back in.
    condition: v.optional(v.string()),
  })
    // An item's loan now (open) and its past loans.
    .index("by_assetId_and_open_and_outAt", ["assetId", "open", "outAt"])
    // A check-out's items.
    .index("by_checkoutId", ["checkoutId"])
    // The lists' filters: checked out, overdue, to whom; each by due date.
    .index("by_workspaceId_and_open_and_dueAt", ["workspaceId", "open", "dueAt"])
    .index("by_workspaceId_and_open_and_overdue_and_dueAt", ["workspaceId", "open", "overdue", "dueAt"])
    .index("by_workspaceId_and_open_and_borrowerKey_and_dueAt", ["workspaceId", "open", "borrowerKey", "dueAt"]),
  // A reservation of an item for a future window; a kit's booking holds its parts too (their
  // rows name the kit's). Overlapping windows of one item are refused in the booking's own
  // transaction: it reads the item's bookings that end after its start, so two bookings of
  // one slot conflict and Convex runs them one after the other (the second sees the first).
  bookings: defineTable({
    workspaceId: v.id("workspaces"),
    assetId: v.id("assets"),
    startAt: v.number(),
    endAt: v.number(),
    bookedBy: v.id("users"),
    // Who it is for (free text: a member, a class, a customer).
    forWhom: v.string(),
    status: v.union(v.literal("booked"), v.literal("cancelled"), v.literal("collected")),
    // On a kit part's row: the kit's booking, cancelled and collected with it.
    kitBookingId: v.optional(v.id("bookings")),
  })
    // The overlap check and an item's calendar: its bookings ending after a moment.
    .index("by_assetId_and_endAt", ["assetId", "endAt"])
    // The workspace's calendar, by start.
    .index("by_workspaceId_and_status_and_startAt", ["workspaceId", "status", "startAt"])
    // A kit booking's parts.
    .index("by_kitBookingId", ["kitBookingId"]),
};
