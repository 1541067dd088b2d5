// Reads behind the verify page: what a finder or buyer may see of an asset, and nothing more.
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { maskOwner, PROVENANCE_LIMIT } from "./rules";
import type { VerifyResult } from "./tables";

export async function assetBySerial(ctx: QueryCtx, serial: string): Promise<Doc<"assets"> | null> {
  return await ctx.db
    .query("assets")
    .withIndex("by_serial", (q) => q.eq("serial", serial))
    .unique();
}

async function firstPhotoUrl(ctx: QueryCtx, asset: Doc<"assets">): Promise<string | null> {
  const photo = asset.files.find((f) => f.kind === "photo");
  return photo ? await ctx.storage.getUrl(photo.storageId) : null;
}

async function provenance(ctx: QueryCtx, asset: Doc<"assets">) {
  const rows = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .take(PROVENANCE_LIMIT);
  const periods =
    rows.length > 0
      ? rows.map((r) => ({ from: r.from, to: r.to ?? null }))
      : [{ from: asset.taggedAt, to: null }];
  return { owners: periods.length, periods };
}

/** The public view of an asset: every field listed, built by hand so nothing else slips out. */
export async function publicView(
  ctx: QueryCtx,
  asset: Doc<"assets">,
  viewer: Doc<"users"> | null,
): Promise<VerifyResult> {
  const owner = await ctx.db.get("users", asset.ownerId);
  return {
    result: "public",
    serial: asset.serial,
    name: asset.name,
    kind: asset.kind,
    status: asset.status,
    photoUrl: await firstPhotoUrl(ctx, asset),
    taggedAt: asset.taggedAt,
    owner: maskOwner({ fullName: owner?.fullName, email: owner?.email }),
    provenance: await provenance(ctx, asset),
    isOwner: viewer !== null && viewer._id === asset.ownerId,
  };
}
