// Two-party transfers between workspaces: an editor of the holding workspace offers the
// asset to a person by email; that person accepts it into a workspace where they may edit
// (or declines), live. Will assets only ever go to a personal workspace.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { env, internalAction } from "./_generated/server";
import { userMutation, viewerQuery, workspaceMutation } from "./lib/access";
import { coverPhotoUrl, displayName, recordEvent, workspaceAsset } from "./lib/assets/read";
import { assetKindValidator } from "./lib/assets/tables";
import { parseEmail } from "./lib/auth/input";
import { appError } from "./lib/errors";
import { mayHoldKind } from "./lib/workspaces/rules";
import { sendEmail } from "./lib/outbound";
import { moveOwnership, openTransfer, pendingTransfer, TRANSFER_MESSAGES } from "./lib/assets/transfers";

const INCOMING_LIMIT = 50;

export const offer = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), email: v.string() },
  returns: v.id("transfers"),
  handler: async (ctx, { assetId, email }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    const toEmail = parseEmail(email);
    if (toEmail === ctx.user.email?.toLowerCase()) throw appError("INVALID", TRANSFER_MESSAGES.self);
    if (asset.status !== "active") throw appError("INVALID", TRANSFER_MESSAGES.notActive);
    const recipient = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", toEmail))
      .first();
    if (recipient === null) throw appError("NOT_FOUND", TRANSFER_MESSAGES.unknownEmail);
    if (recipient._id === ctx.user._id) throw appError("INVALID", TRANSFER_MESSAGES.self);
    if ((await pendingTransfer(ctx, assetId)) !== null) throw appError("INVALID", TRANSFER_MESSAGES.pending);
    const transferId = await ctx.db.insert("transfers", {
      assetId,
      fromWorkspaceId: ctx.workspace._id,
      fromUserId: ctx.user._id,
      toUserId: recipient._id,
      toEmail,
      status: "pending",
      createdAt: Date.now(),
    });
    await recordEvent(ctx, { assetId, actorId: ctx.user._id, type: "transfer_offered", summary: `Transfer offered to ${toEmail}` });
    await ctx.scheduler.runAfter(0, internal.transfers.notifyRecipient, {
      to: toEmail,
      fromName: displayName(ctx.user),
      assetName: asset.name,
      serial: asset.serial,
    });
    return transferId;
  },
});

export const cancel = workspaceMutation({
  can: "edit",
  args: { transferId: v.id("transfers") },
  returns: v.null(),
  handler: async (ctx, { transferId }) => {
    const transfer = await openTransfer(ctx, transferId, (t) => t.fromWorkspaceId === ctx.workspace._id);
    await ctx.db.patch("transfers", transferId, { status: "cancelled", respondedAt: Date.now() });
    await recordEvent(ctx, { assetId: transfer.assetId, actorId: ctx.user._id, type: "transfer_cancelled", summary: `Transfer offer to ${transfer.toEmail} cancelled` });
    return null;
  },
});

export const decline = userMutation({
  args: { transferId: v.id("transfers") },
  returns: v.null(),
  handler: async (ctx, { transferId }) => {
    const transfer = await openTransfer(ctx, transferId, (t) => t.toUserId === ctx.user._id);
    await ctx.db.patch("transfers", transferId, { status: "declined", respondedAt: Date.now() });
    await recordEvent(ctx, { assetId: transfer.assetId, actorId: ctx.user._id, type: "transfer_declined", summary: `${displayName(ctx.user)} declined the transfer` });
    return null;
  },
});

/** The person addressed takes the asset into the current workspace (where they may edit). */
export const accept = workspaceMutation({
  can: "edit",
  args: { transferId: v.id("transfers") },
  returns: v.id("assets"),
  handler: async (ctx, { transferId }) => {
    const transfer = await openTransfer(ctx, transferId, (t) => t.toUserId === ctx.user._id);
    const asset = await ctx.db.get("assets", transfer.assetId);
    if (asset === null || asset.workspaceId !== transfer.fromWorkspaceId || asset.status !== "active") {
      throw appError("INVALID", TRANSFER_MESSAGES.closed);
    }
    if (asset.workspaceId === ctx.workspace._id) throw appError("INVALID", TRANSFER_MESSAGES.sameWorkspace);
    if (!mayHoldKind(ctx.workspace.kind, asset.kind)) throw appError("INVALID", TRANSFER_MESSAGES.willStaysPersonal);
    const now = Date.now();
    await moveOwnership(ctx, asset, ctx.workspace._id, now);
    await ctx.db.patch("transfers", transferId, { status: "accepted", toWorkspaceId: ctx.workspace._id, respondedAt: now });
    const from = displayName(await ctx.db.get("users", transfer.fromUserId));
    await recordEvent(ctx, {
      assetId: asset._id,
      workspaceId: ctx.workspace._id,
      actorId: ctx.user._id,
      type: "transferred",
      summary: `Ownership transferred from ${from} to ${displayName(ctx.user)}`,
      changes: [{ field: "Owner", from, to: displayName(ctx.user) }],
    });
    return asset._id;
  },
});

/** Offers addressed to the caller (a person: they choose the workspace on accepting). */
export const incoming = viewerQuery({
  signedOut: [],
  args: {},
  returns: v.array(
    v.object({
      _id: v.id("transfers"),
      assetId: v.id("assets"),
      serial: v.string(),
      assetName: v.string(),
      kind: assetKindValidator,
      coverUrl: v.union(v.string(), v.null()),
      fromName: v.string(),
      createdAt: v.number(),
    }),
  ),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    const offers = await ctx.db
      .query("transfers")
      .withIndex("by_toUserId_and_status", (q) => q.eq("toUserId", userId).eq("status", "pending"))
      .take(INCOMING_LIMIT);
    const rows = await Promise.all(
      offers.map(async (t) => {
        const asset = await ctx.db.get("assets", t.assetId);
        if (asset === null) return null;
        return {
          _id: t._id,
          assetId: asset._id,
          serial: asset.serial,
          assetName: asset.name,
          kind: asset.kind,
          coverUrl: await coverPhotoUrl(ctx, asset),
          fromName: displayName(await ctx.db.get("users", t.fromUserId)),
          createdAt: t.createdAt,
        };
      }),
    );
    return rows.filter((r) => r !== null);
  },
});

export const notifyRecipient = internalAction({
  args: { to: v.string(), fromName: v.string(), assetName: v.string(), serial: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const link = `${env.SITE_URL ?? ""}/assets`;
    await sendEmail(ctx, {
      to: args.to,
      subject: `${args.fromName} wants to transfer "${args.assetName}" to you`,
      body: `${args.fromName} offered you ownership of "${args.assetName}" (${args.serial}) on TagMyThing. Open your assets to accept or decline: ${link}`,
      link,
    });
    return null;
  },
});
