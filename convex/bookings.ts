// Bookings: an item (or a kit with its parts) reserved for a future window. Overlaps are
// refused in the booking's own transaction (see the table's note in lib/custody/schema.ts);
// a reminder goes to whoever booked a day before the start; collecting a booking is a
// check-out (custody.checkOut with its bookingId).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { inWorkspace, workspaceMutation, workspaceQuery } from "./lib/access";
import { recordEvent, workspaceAsset } from "./lib/assets/read";
import { appError } from "./lib/errors";
import { hasControlChars } from "./lib/oneLine";
import { sendEmail } from "./lib/outbound";
import { internalMutation } from "./lib/writes";
import { kitOf, kitPartIds } from "./lib/locations/store";
import { closeBooking, overlapping } from "./lib/custody/store";
import { DAY_MS } from "./lib/legacy/rules";
import {
  BOOKING_MESSAGES,
  BOOKING_REMINDER_MS,
  BOOKINGS_READ_MAX,
  dueDateProblem,
  MAX_FOR_WHOM,
} from "./lib/custody/rules";

const bookingViewValidator = v.object({
  _id: v.id("bookings"),
  assetId: v.id("assets"),
  name: v.string(),
  startAt: v.number(),
  endAt: v.number(),
  forWhom: v.string(),
  status: v.union(v.literal("booked"), v.literal("cancelled"), v.literal("collected")),
});

async function view(ctx: Pick<QueryCtx, "db">, b: Doc<"bookings">) {
  const asset = await ctx.db.get("assets", b.assetId);
  return { _id: b._id, assetId: b.assetId, name: asset?.name ?? "", startAt: b.startAt, endAt: b.endAt, forWhom: b.forWhom, status: b.status };
}

function checkForWhom(raw: string): string {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "" || hasControlChars(text)) throw appError("INVALID", BOOKING_MESSAGES.forWhomRequired);
  if (text.length > MAX_FOR_WHOM) throw appError("INVALID", BOOKING_MESSAGES.forWhomTooLong);
  return text;
}

/** Books an item (a kit with its parts) for [startAt, endAt); refused if any of them is booked for part of it. */
export const create = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), startAt: v.number(), endAt: v.number(), forWhom: v.string() },
  returns: v.id("bookings"),
  handler: async (ctx, args) => {
    const now = Date.now();
    if (!(args.startAt > now && args.endAt > args.startAt) || args.endAt - args.startAt > 366 * DAY_MS) throw appError("INVALID", BOOKING_MESSAGES.badWindow);
    if (dueDateProblem(args.startAt, now) !== null) throw appError("INVALID", BOOKING_MESSAGES.tooFar);
    const forWhom = checkForWhom(args.forWhom);
    const kit = await workspaceAsset(ctx, args.assetId, ctx.workspace._id);
    if ((await kitOf(ctx, kit._id)) !== null) throw appError("INVALID", BOOKING_MESSAGES.partOfKit);
    const items = [kit._id, ...(await kitPartIds(ctx, kit._id))];
    for (const id of items) {
      if ((await overlapping(ctx, id, args.startAt, args.endAt)).length > 0) throw appError("INVALID", BOOKING_MESSAGES.overlap);
    }
    const row = { workspaceId: ctx.workspace._id, startAt: args.startAt, endAt: args.endAt, bookedBy: ctx.user._id, forWhom, status: "booked" as const };
    const bookingId = await ctx.db.insert("bookings", { ...row, assetId: kit._id });
    for (const id of items.slice(1)) await ctx.db.insert("bookings", { ...row, assetId: id, kitBookingId: bookingId });
    await recordEvent(ctx, { assetId: kit._id, actorId: ctx.user._id, type: "custody", summary: `Booked for ${forWhom}` });
    await ctx.scheduler.runAt(Math.max(now, args.startAt - BOOKING_REMINDER_MS), internal.bookings.remind, { bookingId });
    return bookingId;
  },
});

async function workspaceBooking(ctx: Pick<QueryCtx, "db">, bookingId: Id<"bookings">, workspaceId: Id<"workspaces">) {
  const booking = inWorkspace(await ctx.db.get("bookings", bookingId), workspaceId, BOOKING_MESSAGES.notFound);
  if (booking.kitBookingId !== undefined) throw appError("INVALID", BOOKING_MESSAGES.partOfKit);
  return booking;
}

export const cancel = workspaceMutation({
  can: "edit",
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await workspaceBooking(ctx, bookingId, ctx.workspace._id);
    await closeBooking(ctx, booking, "cancelled");
    await recordEvent(ctx, { assetId: booking.assetId, actorId: ctx.user._id, type: "custody", summary: `Booking for ${booking.forWhom} cancelled` });
    return null;
  },
});

/** An item's calendar: its bookings that have not ended, soonest first. */
export const forAsset = workspaceQuery({
  absent: [],
  args: { assetId: v.id("assets") },
  returns: v.array(bookingViewValidator),
  handler: async (ctx, { assetId }) => {
    const asset = await ctx.db.get("assets", assetId);
    if (asset === null || asset.workspaceId !== ctx.workspace._id) return [];
    const rows = await ctx.db
      .query("bookings")
      .withIndex("by_assetId_and_endAt", (q) => q.eq("assetId", assetId).gt("endAt", Date.now()))
      .take(BOOKINGS_READ_MAX);
    const open = rows.filter((b) => b.status === "booked").sort((a, b) => a.startAt - b.startAt);
    return await Promise.all(open.map((b) => view(ctx, b)));
  },
});

/** The workspace's calendar: open bookings by start (kit parts under their kit). */
export const calendar = workspaceQuery({
  absent: { page: [], isDone: true, continueCursor: "" },
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(bookingViewValidator),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("bookings")
      .withIndex("by_workspaceId_and_status_and_startAt", (q) => q.eq("workspaceId", ctx.workspace._id).eq("status", "booked"))
      .paginate({ cursor: paginationOpts.cursor, numItems: Math.min(paginationOpts.numItems, BOOKINGS_READ_MAX) });
    const page = await Promise.all(result.page.filter((b) => b.kitBookingId === undefined).map((b) => view(ctx, b)));
    return { ...result, page };
  },
});

/** A day before the start: whoever booked is reminded, if the booking still stands. */
export const remind = internalMutation({
  args: { bookingId: v.id("bookings") },
  returns: v.null(),
  handler: async (ctx, { bookingId }) => {
    const booking = await ctx.db.get("bookings", bookingId);
    if (booking === null || booking.status !== "booked") return null;
    const user = await ctx.db.get("users", booking.bookedBy);
    const asset = await ctx.db.get("assets", booking.assetId);
    if (!user?.email || asset === null) return null;
    const start = `${new Date(booking.startAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;
    await sendEmail(ctx, { to: user.email, subject: BOOKING_MESSAGES.reminderSubject, body: BOOKING_MESSAGES.reminderBody(asset.name, start) });
    return null;
  },
});
