// Custody reads and writes shared by the custody functions, the asset trigger and /verify.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import { BOOKING_MESSAGES, BOOKINGS_READ_MAX, MAX_BOOKINGS_AHEAD } from "./rules";
import type { LoanView } from "./tables";

/** The item's loan now, or null when it is in. */
export async function openLoan(ctx: Pick<QueryCtx, "db">, assetId: Id<"assets">): Promise<Doc<"loans"> | null> {
  return await ctx.db
    .query("loans")
    .withIndex("by_assetId_and_open_and_outAt", (q) => q.eq("assetId", assetId).eq("open", true))
    .first();
}

/** Whether any item of the workspace is out on loan (its closing waits until all are checked in). */
export async function hasOpenLoans(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces">): Promise<boolean> {
  const loan = await ctx.db
    .query("loans")
    .withIndex("by_workspaceId_and_open_and_dueAt", (q) => q.eq("workspaceId", workspaceId).eq("open", true))
    .first();
  return loan !== null;
}

export async function toLoanView(ctx: Pick<QueryCtx, "db">, loan: Doc<"loans">): Promise<LoanView> {
  const checkout = await ctx.db.get("checkouts", loan.checkoutId);
  return {
    _id: loan._id,
    assetId: loan.assetId,
    borrowerName: loan.borrowerName,
    dueAt: loan.dueAt,
    outAt: loan.outAt,
    open: loan.open,
    overdue: loan.overdue,
    accepted: checkout?.acceptedAt !== undefined,
    returnedAt: loan.returnedAt ?? null,
    condition: loan.condition ?? null,
  };
}

/** What /verify adds about an item's whereabouts: lent (never to whom), part of a kit (never which). */
export async function verifyNotices(ctx: Pick<QueryCtx, "db">, assetId: Id<"assets">): Promise<{ onLoan?: true; inKit?: true }> {
  const onLoan = (await openLoan(ctx, assetId)) !== null;
  const inKit = (await ctx.db.query("kitParts").withIndex("by_partId", (q) => q.eq("partId", assetId)).first()) !== null;
  return { ...(onLoan ? { onLoan: true as const } : {}), ...(inKit ? { inKit: true as const } : {}) };
}

/** Ends a booking (a kit's with its parts) as cancelled or collected. */
export async function closeBooking(ctx: MutationCtx, booking: Doc<"bookings">, status: "cancelled" | "collected") {
  if (booking.status !== "booked") throw appError("INVALID", BOOKING_MESSAGES.notOpen);
  await ctx.db.patch("bookings", booking._id, { status });
  for (const part of await ctx.db.query("bookings").withIndex("by_kitBookingId", (q) => q.eq("kitBookingId", booking._id)).take(BOOKINGS_READ_MAX)) {
    await ctx.db.patch("bookings", part._id, { status });
  }
}


/** The item's open bookings that overlap [startAt, endAt), read from every booking ending after startAt. */
export async function overlapping(ctx: Pick<QueryCtx, "db">, assetId: Id<"assets">, startAt: number, endAt: number) {
  const later = await ctx.db
    .query("bookings")
    .withIndex("by_assetId_and_endAt", (q) => q.eq("assetId", assetId).gt("endAt", startAt))
    .take(MAX_BOOKINGS_AHEAD + 1);
  if (later.length > MAX_BOOKINGS_AHEAD) throw appError("INVALID", BOOKING_MESSAGES.tooMany);
  return later.filter((b) => b.status === "booked" && b.startAt < endAt);
}
