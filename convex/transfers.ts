// Two-party transfers between workspaces: an editor of the holding workspace offers the
// asset to a person by email; that person accepts it into a workspace where they may edit
// (or declines), live. Will assets only ever go to a personal workspace.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { env, internalAction } from "./_generated/server";
import { userMutation, viewerQuery, workspaceMutation, workspaceQuery } from "./lib/access";
import { coverPhotoUrl, displayName, recordEvent, workspaceAsset } from "./lib/assets/read";
import { assetKindValidator } from "./lib/assets/tables";
import { parseEmail } from "./lib/auth/input";
import { appError } from "./lib/errors";
import { mayHoldKind } from "./lib/workspaces/rules";
import { sendEmail } from "./lib/outbound";
import { handedOverAt, handoverTime } from "./lib/assets/history";
import { takeOfferSlot } from "./lib/limits";
import {
  inboxOf,
  incomingOffers,
  moveOwnership,
  offerEmail,
  openTransfer,
  pendingTransfer,
  sentTo,
  TRANSFER_MESSAGES,
} from "./lib/assets/transfers";

const INCOMING_LIMIT = 50;

export const offer = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), email: v.string() },
  returns: v.id("transfers"),
  handler: async (ctx, { assetId, email }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    const toEmail = parseEmail(email);
    if (toEmail === inboxOf(ctx.user)) throw appError("INVALID", TRANSFER_MESSAGES.self);
    if (asset.status !== "active") throw appError("INVALID", TRANSFER_MESSAGES.notActive);
    if ((await pendingTransfer(ctx, assetId)) !== null) throw appError("INVALID", TRANSFER_MESSAGES.pending);
    // Whether the address has an account is never looked up here: the answer, the
    // limits and the e-mail are the same either way.
    await takeOfferSlot(ctx, ctx.user._id, toEmail);
    const transferId = await ctx.db.insert("transfers", {
      assetId,
      fromWorkspaceId: ctx.workspace._id,
      fromUserId: ctx.user._id,
      toEmail,
      status: "pending",
      createdAt: Date.now(),
    });
    await recordEvent(ctx, { assetId, actorId: ctx.user._id, type: "transfer_offered", summary: `Transfer offered to ${toEmail}` });
    await ctx.scheduler.runAfter(0, internal.transfers.notifyRecipient, { to: toEmail, serial: asset.serial });
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
    const transfer = await openTransfer(ctx, transferId, sentTo(ctx.user));
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
    const transfer = await openTransfer(ctx, transferId, sentTo(ctx.user));
    const asset = await ctx.db.get("assets", transfer.assetId);
    if (asset === null || asset.workspaceId !== transfer.fromWorkspaceId || asset.status !== "active") {
      throw appError("INVALID", TRANSFER_MESSAGES.closed);
    }
    if (asset.workspaceId === ctx.workspace._id) throw appError("INVALID", TRANSFER_MESSAGES.sameWorkspace);
    if (!mayHoldKind(ctx.workspace.kind, asset.kind)) throw appError("INVALID", TRANSFER_MESSAGES.willStaysPersonal);
    const at = await handoverTime(ctx, asset._id, Date.now());
    await moveOwnership(ctx, asset, ctx.workspace._id, at);
    await ctx.db.patch("transfers", transferId, { status: "accepted", toWorkspaceId: ctx.workspace._id, respondedAt: at, toUserId: ctx.user._id });
    await recordEvent(ctx, {
      assetId: asset._id,
      workspaceId: ctx.workspace._id,
      actorId: ctx.user._id,
      type: "transferred",
      summary: `Ownership transferred to ${displayName(ctx.user)}`,
      at,
    });
    return asset._id;
  },
});

/** A former owner's page of an asset that moved on: when it left this workspace, and nothing about where. */
export const handedOver = workspaceQuery({
  absent: null,
  args: { assetId: v.string() },
  returns: v.union(v.null(), v.object({ at: v.number() })),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = assetId === null ? null : await ctx.db.get("assets", assetId);
    const at = asset === null ? null : await handedOverAt(ctx, asset, ctx.workspace._id);
    return at === null ? null : { at };
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
    const offers = await incomingOffers(ctx, ctx.user, INCOMING_LIMIT);
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
  args: { to: v.string(), serial: v.string() },
  returns: v.null(),
  handler: async (ctx, { to, serial }) => {
    await sendEmail(ctx, offerEmail(to, serial, `${env.SITE_URL ?? ""}/assets`));
    return null;
  },
});
