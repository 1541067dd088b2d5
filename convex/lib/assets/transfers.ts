// Transfer helpers used by assets.ts and transfers.ts inside their own mutations.
//
// An offer goes to an e-mail address, not to an account: the sender is told the same
// thing whether or not the address has one (no account-existence oracle), the e-mail
// invites a newcomer to sign up with that address, and the offer is then theirs. So the
// recipient side is matched on the signed-in user's (proven) address; `toUserId` is set
// when the offer is accepted.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { recordEvent } from "./read";
import { PRODUCT_NAME } from "../constants";
import { appError } from "../errors";

export const TRANSFER_MESSAGES = {
  self: "You cannot transfer an asset to yourself",
  pending: "This asset already has a pending transfer offer",
  notActive: "Only an active asset can be transferred. Mark it as found first.",
  closed: "This transfer offer is no longer open",
  notFound: "Transfer offer not found",
  sameWorkspace: "This asset is already in this workspace",
  willStaysPersonal: "A will asset can only be accepted into a personal workspace",
} as const;

export async function pendingTransfer(ctx: QueryCtx, assetId: Id<"assets">) {
  return await ctx.db
    .query("transfers")
    .withIndex("by_assetId_and_status", (q) => q.eq("assetId", assetId).eq("status", "pending"))
    .first();
}

/** Ends the asset's open offer, if any (status change away from active, deletion). */
export async function cancelPendingTransfer(ctx: MutationCtx, assetId: Id<"assets">, actorId: Id<"users">) {
  const pending = await pendingTransfer(ctx, assetId);
  if (pending === null) return;
  await ctx.db.patch("transfers", pending._id, { status: "cancelled", respondedAt: Date.now() });
  if ((await ctx.db.get("assets", assetId)) !== null) {
    await recordEvent(ctx, { assetId, actorId, type: "transfer_cancelled", summary: `Transfer offer to ${pending.toEmail} cancelled` });
  }
}

/** The address offers to `user` are sent to (none for an account that signs in by phone only). */
export function inboxOf(user: Doc<"users">): string | null {
  return user.email?.toLowerCase() ?? null;
}

/** The e-mail an offer sends: fixed text and the serial only, nothing the sender wrote. */
export function offerEmail(to: string, serial: string, link: string) {
  return {
    to,
    subject: `You have been offered an item on ${PRODUCT_NAME}`,
    body:
      `A ${PRODUCT_NAME} member offered you ownership of the item with serial number ${serial}. ` +
      `Sign in with this e-mail address, or create an account with it, to see the offer and accept or decline it: ${link}\n\n` +
      "If you were not expecting this, ignore this e-mail: nothing changes unless you accept.",
    link,
  };
}

/** Whether `transfer` was sent to `user`'s address (the recipient side of openTransfer). */
export const sentTo = (user: Doc<"users">) => (transfer: Doc<"transfers">) => transfer.toEmail === inboxOf(user);

/** The pending offers sent to `user`'s address, newest first. */
export async function incomingOffers(ctx: QueryCtx, user: Doc<"users">, limit: number) {
  const inbox = inboxOf(user);
  if (inbox === null) return [];
  return await ctx.db
    .query("transfers")
    .withIndex("by_toEmail_and_status", (q) => q.eq("toEmail", inbox).eq("status", "pending"))
    .order("desc")
    .take(limit);
}

/**
 * A pending transfer the caller is a party to (`isParty`: the sending workspace, or the
 * owner of the address it was sent to, see `sentTo`); to anyone else it reads as missing,
 * whatever its state (the record policy).
 */
export async function openTransfer(
  ctx: QueryCtx,
  transferId: Id<"transfers">,
  isParty: (transfer: Doc<"transfers">) => boolean,
): Promise<Doc<"transfers">> {
  const transfer = await ctx.db.get("transfers", transferId);
  if (transfer === null || !isParty(transfer)) throw appError("NOT_FOUND", TRANSFER_MESSAGES.notFound);
  if (transfer.status !== "pending") throw appError("INVALID", TRANSFER_MESSAGES.closed);
  return transfer;
}

/** Moves the asset to another workspace and appends to the provenance chain. */
export async function moveOwnership(ctx: MutationCtx, asset: Doc<"assets">, toWorkspaceId: Id<"workspaces">, now: number) {
  const owners = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .order("desc")
    .take(1);
  const current = owners[0];
  if (current !== undefined && current.to === undefined) await ctx.db.patch("assetOwners", current._id, { to: now });
  await ctx.db.insert("assetOwners", { assetId: asset._id, workspaceId: toWorkspaceId, from: now });
  await ctx.db.patch("assets", asset._id, { workspaceId: toWorkspaceId, updatedAt: now });
}
