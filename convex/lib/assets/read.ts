// The one read layer of assets: the owner's screens, the verify page (publicView: what a
// finder or buyer may see, and nothing more), public assets and the dashboard.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { normaliseSerial } from "./serial";
import {
  assetDetailsValidator,
  assetFileValidator,
  assetKindValidator,
  assetStatusValidator,
  ownerPeriodValidator,
  visibilityValidator,
  type AssetChange,
  type AssetDetails,
  type AssetEventType,
  type StoredAssetDetails,
} from "./tables";
import { maskOwner, PROVENANCE_LIMIT as VERIFY_PROVENANCE_LIMIT } from "../verify/rules";
import type { VerifyResult } from "../verify/tables";
import { ownedBy } from "../access";

const ASSET_NOT_FOUND = "Asset not found";
const PROVENANCE_LIMIT = 100;

export const assetSummaryValidator = v.object({
  _id: v.id("assets"),
  serial: v.string(),
  kind: assetKindValidator,
  name: v.string(),
  category: v.union(v.string(), v.null()),
  visibility: visibilityValidator,
  status: assetStatusValidator,
  taggedAt: v.number(),
  updatedAt: v.number(),
  coverUrl: v.union(v.string(), v.null()),
  fileCount: v.number(),
});
export type AssetSummary = Infer<typeof assetSummaryValidator>;

export const assetDetailValidator = v.object({
  _id: v.id("assets"),
  serial: v.string(),
  kind: assetKindValidator,
  name: v.string(),
  description: v.union(v.string(), v.null()),
  category: v.union(v.string(), v.null()),
  visibility: visibilityValidator,
  status: assetStatusValidator,
  details: assetDetailsValidator,
  files: v.array(v.object({ ...assetFileValidator.fields, url: v.union(v.string(), v.null()) })),
  taggedAt: v.number(),
  updatedAt: v.number(),
  ownerCount: v.number(),
  owners: v.array(ownerPeriodValidator),
  pendingTransfer: v.union(
    v.object({ _id: v.id("transfers"), toEmail: v.string(), createdAt: v.number() }),
    v.null(),
  ),
});
export type AssetDetail = Infer<typeof assetDetailValidator>;

/** Stored details as screens read them: a will asset's typed-in beneficiaries (moved by a migration) left out. */
export function currentDetails(details: StoredAssetDetails): AssetDetails {
  if (details.kind !== "will") return details;
  const { beneficiaries: _moved, ...rest } = details;
  return rest;
}

export async function getAssetBySerial(ctx: QueryCtx, serial: string): Promise<Doc<"assets"> | null> {
  return await ctx.db
    .query("assets")
    .withIndex("by_serial", (q) => q.eq("serial", normaliseSerial(serial)))
    .unique();
}

export async function coverPhotoUrl(ctx: QueryCtx, asset: Doc<"assets">): Promise<string | null> {
  const photo = asset.files.find((f) => f.kind === "photo");
  return photo === undefined ? null : await ctx.storage.getUrl(photo.storageId);
}

/** Past and present owners in order, without who they are. */
async function provenance(ctx: QueryCtx, assetId: Id<"assets">, limit = PROVENANCE_LIMIT) {
  const rows = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", assetId))
    .take(limit);
  return rows.map((r) => ({ from: r.from, to: r.to ?? null }));
}

/** The public view of an asset: every field listed, built by hand so nothing else slips out. */
export async function publicView(ctx: QueryCtx, asset: Doc<"assets">, viewer: Doc<"users"> | null): Promise<VerifyResult> {
  const owner = await ctx.db.get("users", asset.ownerId);
  const rows = await provenance(ctx, asset._id, VERIFY_PROVENANCE_LIMIT);
  const periods = rows.length > 0 ? rows : [{ from: asset.taggedAt, to: null }];
  return {
    result: "public",
    serial: asset.serial,
    name: asset.name,
    kind: asset.kind,
    status: asset.status,
    photoUrl: await coverPhotoUrl(ctx, asset),
    taggedAt: asset.taggedAt,
    owner: maskOwner({ fullName: owner?.fullName, email: owner?.email }),
    provenance: { owners: periods.length, periods },
    isOwner: viewer !== null && viewer._id === asset.ownerId,
  };
}

export async function toSummary(ctx: QueryCtx, asset: Doc<"assets">): Promise<AssetSummary> {
  return {
    _id: asset._id,
    serial: asset.serial,
    kind: asset.kind,
    name: asset.name,
    category: asset.category ?? null,
    visibility: asset.visibility,
    status: asset.status,
    taggedAt: asset.taggedAt,
    updatedAt: asset.updatedAt,
    coverUrl: await coverPhotoUrl(ctx, asset),
    fileCount: asset.files.length,
  };
}

/** The caller's own asset; someone else's reads as a missing one (the ownership policy). */
export async function ownedAsset(ctx: QueryCtx, assetId: Id<"assets">, userId: Id<"users">) {
  return ownedBy(await ctx.db.get("assets", assetId), (asset) => asset.ownerId, userId, ASSET_NOT_FOUND);
}

export async function recordEvent(
  ctx: MutationCtx,
  event: { assetId: Id<"assets">; actorId: Id<"users">; type: AssetEventType; summary: string; changes?: AssetChange[]; at?: number },
) {
  await ctx.db.insert("assetEvents", { ...event, at: event.at ?? Date.now() });
}

export function displayName(user: Doc<"users"> | null): string {
  if (user === null) return "A former user";
  return user.fullName?.trim() || user.name?.trim() || user.email || user.phone || "A TagMyThing user";
}
