// One asset's status, visibility or deletion, written once: the single-asset mutations
// in convex/assets.ts and the bulk ones in convex/assetBulk.ts both call these, so a
// bulk change leaves exactly the history and side effects a single one does.
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { recordEvent } from "./read";
import { STATUS_LABELS } from "./rules";
import { releaseFile } from "./store";
import type { AssetStatus, Visibility } from "./tables";
import { cancelPendingTransfer } from "./transfers";
import { nextVersion } from "./versions";
import { recordStolenReport } from "../verify/stolen";
import type { StolenDetails } from "../verify/stolenRules";

/** `stolen`: when and where, as the owner reported it (a bulk change has none; the report keeps its date). */
export async function changeStatus(ctx: MutationCtx, asset: Doc<"assets">, status: AssetStatus, actorId: Id<"users">, stolen?: StolenDetails) {
  if (status === "stolen") await recordStolenReport(ctx, asset, actorId, stolen);
  await ctx.db.patch("assets", asset._id, { status, updatedAt: Date.now() });
  const found = status === "active" && (asset.status === "lost" || asset.status === "stolen");
  await recordEvent(ctx, {
    assetId: asset._id,
    actorId,
    type: "status",
    summary: found ? `Found: back to Active (was ${STATUS_LABELS[asset.status]})` : `Marked as ${STATUS_LABELS[status]}`,
    changes: [{ field: "Status", from: STATUS_LABELS[asset.status], to: STATUS_LABELS[status] }],
  });
  // Only an active asset may be handed over: a pending offer ends when it is not.
  if (status !== "active") await cancelPendingTransfer(ctx, asset._id, actorId);
}

const VISIBILITY_LABELS: Record<Visibility, string> = { public: "Public", private: "Private" };

export async function changeVisibility(ctx: MutationCtx, asset: Doc<"assets">, visibility: Visibility, actorId: Id<"users">) {
  await ctx.db.patch("assets", asset._id, { visibility, updatedAt: Date.now(), ...nextVersion(asset) });
  await recordEvent(ctx, {
    assetId: asset._id,
    actorId,
    type: "visibility",
    summary: `Made ${visibility}`,
    changes: [{ field: "Visibility", from: VISIBILITY_LABELS[asset.visibility], to: VISIBILITY_LABELS[visibility] }],
  });
}

export async function deleteAsset(ctx: MutationCtx, asset: Doc<"assets">, actorId: Id<"users">) {
  await cancelPendingTransfer(ctx, asset._id, actorId);
  for (const file of asset.files) await releaseFile(ctx, asset._id, file.storageId);
  // The serial stays in `serials`: it is never issued again.
  await ctx.db.delete("assets", asset._id);
  await ctx.scheduler.runAfter(0, internal.assets.purgeRecords, { assetId: asset._id });
}
