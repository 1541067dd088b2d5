// The one read layer of assets: the owner's screens, the verify page (publicView: what a
// finder or buyer may see, and nothing more), public assets and the dashboard.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { KIND_FIELD_SPECS, type FieldSpec } from "./fields";
import { asMoney } from "../money/currency";
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
import { PROVENANCE_LIMIT as VERIFY_PROVENANCE_LIMIT } from "../verify/rules";
import type { VerifyResult } from "../verify/tables";
import { customVerifyFacts } from "../customFields/store";
import { customValuesValidator } from "../customFields/tables";
import { verifyFacts, type VerifyFact } from "../verify/facts";
import { reportedStolen } from "../verify/stolen";
import { inWorkspace, inWorkspaceOrNull } from "../access";
import { appError } from "../errors";
import { personalWorkspaceId } from "../workspaces/store";
import { membership } from "../workspaces/policy";
import { publicOwnerName } from "../workspaces/publicName";
import { FORMER_MEMBER } from "../privacy/rules";

export const ASSET_NOT_FOUND = "Asset not found";
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
  // Custom field values by field id (the category's fields: customFields.list).
  custom: v.optional(customValuesValidator),
  files: v.array(v.object({ ...assetFileValidator.fields, url: v.union(v.string(), v.null()) })),
  taggedAt: v.number(),
  updatedAt: v.number(),
  ownerCount: v.number(),
  owners: v.array(ownerPeriodValidator),
  // What the edit form sends back with a save (lib/assets/versions.ts).
  version: v.number(),
  pendingTransfer: v.union(
    v.object({ _id: v.id("transfers"), toEmail: v.string(), createdAt: v.number() }),
    v.null(),
  ),
});
export type AssetDetail = Infer<typeof assetDetailValidator>;

/**
 * Stored details as screens read them: a will asset's typed-in beneficiaries and a bare
 * amount of pence (both moved by migrations) read as they are now.
 */
export function currentDetails(details: StoredAssetDetails): AssetDetails {
  if (details.kind === "will") {
    const { beneficiaries: _moved, ...rest } = details;
    return rest;
  }
  const money = KIND_FIELD_SPECS[details.kind].filter((spec: FieldSpec) => spec.type === "money" && spec.key in details);
  if (money.length === 0) return details as AssetDetails;
  const stored = details as Readonly<Record<string, unknown>>;
  return { ...details, ...Object.fromEntries(money.map((spec) => [spec.key, asMoney(stored[spec.key])])) } as AssetDetails;
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
/**
 * What anyone reads of a public item beyond its name and status, on /verify and from the verify
 * API alike: its identity facts (the field table's, a maker's serial masked unless its owner
 * shows it whole, and custom fields switched to "show on verify") and, when stolen, the day it
 * was reported. Nothing here names the owner.
 */
export async function publicFacts(ctx: QueryCtx, asset: Doc<"assets">): Promise<{ facts: VerifyFact[]; reportedStolenAt?: number }> {
  const [custom, stolen] = await Promise.all([customVerifyFacts(ctx, asset), reportedStolen(ctx, asset)]);
  return { facts: [...verifyFacts(asset), ...custom], ...stolen };
}

export async function publicView(ctx: QueryCtx, asset: Doc<"assets">, viewer: Doc<"users"> | null): Promise<VerifyResult> {
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
    owner: await publicOwnerName(ctx, asset.workspaceId),
    provenance: { owners: periods.length, periods },
    isOwner: await isHolder(ctx, asset, viewer),
    ...(await publicFacts(ctx, asset)),
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

/** Whether `viewer` is a member of the workspace holding the asset (the verify page's owner view). */
export async function isHolder(ctx: QueryCtx, asset: Doc<"assets">, viewer: Doc<"users"> | null): Promise<boolean> {
  if (viewer === null || asset.workspaceId === undefined) return false;
  return (await membership(ctx, asset.workspaceId, viewer._id)) !== null;
}

/** An asset of the current workspace; another workspace's reads as a missing one (the workspace policy). */
export async function workspaceAsset(ctx: QueryCtx, assetId: Id<"assets">, workspaceId: Id<"workspaces">) {
  return inWorkspace(await ctx.db.get("assets", assetId), workspaceId, ASSET_NOT_FOUND);
}

/**
 * An asset of the user's personal workspace, where will assets and the legacy plan live
 * (the next-of-kin screens act there without a workspace argument); any other reads as missing.
 */
export async function personalAsset(ctx: QueryCtx, assetId: Id<"assets">, userId: Id<"users">) {
  const asset = await personalAssetOrNull(ctx, assetId, userId);
  if (asset === null) throw appError("NOT_FOUND", ASSET_NOT_FOUND);
  return asset;
}

export async function personalAssetOrNull(ctx: QueryCtx, assetId: Id<"assets"> | null, userId: Id<"users">) {
  const personal = await personalWorkspaceId(ctx, userId);
  if (assetId === null || personal === null) return null;
  return inWorkspaceOrNull(await ctx.db.get("assets", assetId), personal);
}

/**
 * The person whose will asset this is: the owner of the personal workspace holding it (or,
 * before the migration has run, its owning user); null for an asset in a shared workspace.
 */
export async function personOfAsset(ctx: QueryCtx, asset: Doc<"assets">): Promise<Id<"users"> | null> {
  if (asset.workspaceId === undefined) return asset.ownerId ?? null;
  const workspace = await ctx.db.get("workspaces", asset.workspaceId);
  return workspace?.kind === "personal" ? workspace.createdBy : null;
}

/** A line of an asset's history, filed under the workspace the asset is in (read from it when not given). */
export async function recordEvent(
  ctx: MutationCtx,
  event: {
    assetId: Id<"assets">;
    actorId: Id<"users">;
    type: AssetEventType;
    summary: string;
    changes?: AssetChange[];
    workspaceId?: Id<"workspaces">;
    at?: number;
  },
) {
  const workspaceId = event.workspaceId ?? (await ctx.db.get("assets", event.assetId))?.workspaceId;
  await ctx.db.insert("assetEvents", { ...event, workspaceId, at: event.at ?? Date.now() });
}

export function displayName(user: Doc<"users"> | null): string {
  if (user === null) return "A former user";
  if (user.deletedAt !== undefined) return FORMER_MEMBER;
  return user.fullName?.trim() || user.name?.trim() || user.email || user.phone || "A TagMyThing user";
}
