// /verify/{serial}: anyone checks a serial; every visit alerts the owner; finders report found.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalQuery } from "./_generated/server";
import { publicMutation, publicQuery } from "./lib/access";
import { appError } from "./lib/errors";
import { sendEmail } from "./lib/outbound";
import { enforceLimit, takeSlot } from "./lib/limits";
import {
  cleanVisitorId,
  coarsePlace,
  FOUND_CONTACT_MAX,
  FOUND_MESSAGE_MAX,
  PLACE_SHARE_WINDOW_MS,
  VERIFY_MESSAGES,
} from "./lib/verify/rules";
import { placeValidator, verifyResultValidator } from "./lib/verify/tables";
import { foundReportEmail } from "./lib/verify/email";
import { checkMakerSerial, makerSerialResultValidator, type Checker } from "./lib/verify/makerSerial";
import { getAssetBySerial, isHolder, publicView } from "./lib/assets/read";
import { firstOwner } from "./lib/workspaces/store";
import { isSerialFormat, normaliseSerial } from "./lib/assets/serial";
import { oneLineError } from "./lib/oneLine";
import { verifyNotices } from "./lib/custody/store";
import { reportedStolen } from "./lib/verify/stolen";
import { certificateCheckValidator, certificatePeriods, readCertificate, stillCurrent } from "./lib/certificates/facts";

/** What a finder or buyer may see. A private asset shows only that it exists and its status. */
export const bySerial = publicQuery({
  args: { serial: v.string() },
  returns: verifyResultValidator,
  handler: async (ctx, args) => {
    const serial = normaliseSerial(args.serial);
    if (!isSerialFormat(serial)) return { result: "invalid" as const };
    const asset = await getAssetBySerial(ctx, serial);
    if (asset === null) return { result: "notFound" as const, serial };
    const notices = await verifyNotices(ctx, asset._id);
    if (asset.visibility === "private") {
      return { result: "private" as const, serial, status: asset.status, ...(await reportedStolen(ctx, asset)), ...notices };
    }
    return { ...(await publicView(ctx, asset, ctx.user)), ...notices };
  },
});

const MAX_CERTIFICATE_PERIODS = 100;

/**
 * An ownership certificate's QR link (lib/certificates/facts.ts): whether it is genuine (signed
 * by this deployment, unedited), what it states, and whether the item's status and periods are
 * still the same. Dates and statuses only: nothing names an owner.
 */
export const certificate = publicQuery({
  args: { serial: v.string(), cert: v.string() },
  returns: certificateCheckValidator,
  handler: async (ctx, args) => {
    const serial = normaliseSerial(args.serial);
    const stated = isSerialFormat(serial) ? readCertificate(serial, args.cert) : null;
    if (stated === null) return { genuine: false as const };
    const asset = await getAssetBySerial(ctx, serial);
    if (asset === null) return { genuine: true as const, ...stated, currentStatus: null, current: false };
    const owners = await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", asset._id)).take(MAX_CERTIFICATE_PERIODS);
    const now = { status: asset.status, periods: certificatePeriods(asset.taggedAt, owners) };
    return { genuine: true as const, ...stated, currentStatus: asset.status, current: stillCurrent(stated, now) };
  },
});

/**
 * "Is this frame number registered, and is it stolen?" Each check spends one of the caller's
 * (a mutation, so the count sticks; a refusal is answered, not thrown, so it stays spent).
 */
export const byMakerSerial = publicMutation({
  args: { makerSerial: v.string(), visitorId: v.optional(v.string()) },
  returns: makerSerialResultValidator,
  handler: async (ctx, args) => {
    const who: Checker = ctx.user !== null ? { userId: ctx.user._id } : { visitorId: cleanVisitorId(args.visitorId) ?? "anonymous" };
    return await checkMakerSerial(ctx, args.makerSerial, who);
  },
});

/**
 * Called once per page view: a live alert for the owner, naming only whether the viewer
 * was signed in. Returns the alert (to attach a place the visitor agrees to share) or null.
 */
export const recordVisit = publicMutation({
  args: { serial: v.string(), visitorId: v.optional(v.string()) },
  returns: v.union(v.id("verifyAlerts"), v.null()),
  handler: async (ctx, args) => {
    const serial = normaliseSerial(args.serial);
    if (!isSerialFormat(serial)) return null;
    const asset = await getAssetBySerial(ctx, serial);
    if (asset === null || (await isHolder(ctx, asset, ctx.user))) return null;
    const visitor = ctx.user?._id ?? cleanVisitorId(args.visitorId) ?? "anonymous";
    // A visit past the limit is still a visit; it just raises no new alert.
    if (!(await takeSlot(ctx, "visitAlertVisitor", `${asset._id}:${visitor}`)).ok) return null;
    if (!(await takeSlot(ctx, "visitAlertAsset", asset._id)).ok) return null;
    return await ctx.db.insert("verifyAlerts", {
      assetId: asset._id,
      workspaceId: asset.workspaceId,
      at: Date.now(),
      viewer: ctx.user === null ? "visitor" : "member",
    });
  },
});

/** The visitor agreed to share a coarse place for the alert their visit raised. */
export const shareVisitPlace = publicMutation({
  args: { alertId: v.string(), place: placeValidator },
  returns: v.boolean(),
  handler: async (ctx, args) => {
    const alertId = ctx.db.normalizeId("verifyAlerts", args.alertId);
    const alert = alertId === null ? null : await ctx.db.get("verifyAlerts", alertId);
    if (alert === null || alert.place !== undefined) return false;
    if (Date.now() - alert.at > PLACE_SHARE_WINDOW_MS) return false;
    const place = coarsePlace(args.place);
    if (place === null) throw appError("INVALID", VERIFY_MESSAGES.invalidPlace);
    await ctx.db.patch("verifyAlerts", alert._id, { place });
    return true;
  },
});

/** A finder's message: in the owner's app at once, and by email. */
export const reportFound = publicMutation({
  args: {
    serial: v.string(),
    message: v.string(),
    contact: v.optional(v.string()),
    visitorId: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    const serial = normaliseSerial(args.serial);
    if (!isSerialFormat(serial)) throw appError("INVALID", VERIFY_MESSAGES.invalidSerial);
    const message = args.message.trim();
    const contact = args.contact?.trim() || undefined;
    if (message.length === 0) throw appError("INVALID", VERIFY_MESSAGES.emptyMessage);
    if (message.length > FOUND_MESSAGE_MAX) throw appError("INVALID", VERIFY_MESSAGES.messageTooLong);
    if (contact !== undefined && contact.length > FOUND_CONTACT_MAX) {
      throw appError("INVALID", VERIFY_MESSAGES.contactTooLong);
    }
    const contactError = oneLineError("Contact details", contact);
    if (contactError !== undefined) throw appError("INVALID", contactError);
    const asset = await getAssetBySerial(ctx, serial);
    if (asset === null) throw appError("NOT_FOUND", VERIFY_MESSAGES.serialNotFound);
    if (await isHolder(ctx, asset, ctx.user)) throw appError("INVALID", VERIFY_MESSAGES.ownAsset);
    const visitor = ctx.user?._id ?? cleanVisitorId(args.visitorId) ?? "anonymous";
    await enforceLimit(ctx, "foundReportVisitor", `${asset._id}:${visitor}`);
    await enforceLimit(ctx, "foundReportAsset", asset._id);
    const reportId = await ctx.db.insert("foundReports", {
      assetId: asset._id,
      workspaceId: asset.workspaceId,
      message,
      contact,
      at: Date.now(),
    });
    await ctx.scheduler.runAfter(0, internal.verify.emailFoundReport, { reportId });
    return null;
  },
});

export const foundReportMail = internalQuery({
  args: { reportId: v.id("foundReports") },
  returns: v.union(v.null(), v.object({ to: v.string(), subject: v.string(), body: v.string(), link: v.string() })),
  handler: async (ctx, { reportId }) => {
    const report = await ctx.db.get("foundReports", reportId);
    if (report === null) return null;
    // The workspace's first owner is told by email; every member sees it on the dashboard.
    const [asset, owner] = await Promise.all([ctx.db.get("assets", report.assetId), firstOwner(ctx, report.workspaceId)]);
    if (asset === null || !owner?.email) return null;
    return foundReportEmail({ to: owner.email, asset, report });
  },
});

export const emailFoundReport = internalAction({
  args: { reportId: v.id("foundReports") },
  returns: v.null(),
  handler: async (ctx, { reportId }) => {
    const mail = await ctx.runQuery(internal.verify.foundReportMail, { reportId });
    if (mail !== null) await sendEmail(ctx, mail);
    return null;
  },
});
