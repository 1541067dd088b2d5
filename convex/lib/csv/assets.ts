// Business assets for the CSV import, created the way assets.tag creates them
// (serial from lib/assets/serial, same fields, provenance and history) minus the
// per-item charge, which the import takes once for the whole file.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { currentDetails, recordEvent } from "../assets/read";
import { searchTextOf, type AssetInput } from "../assets/rules";
import { customSearchWords } from "../customFields/store";
import { customValuesValidator } from "../customFields/tables";
import { reserveSerial } from "../assets/serial";
import { nextVersion } from "../assets/versions";
import type { Tagger } from "../assets/tagging";
import { KIND_FIELD_SPECS } from "../assets/fields";
import { nullableFieldValidators, type NullableValues } from "../assets/tables";
import { asMoney, moneyValidator } from "../money/currency";
import { lineValueOf } from "../inventory/lineValue";
import { worthOf } from "../assets/worth";
import type { assetBeforeValidator } from "./tables";

type AssetBefore = Infer<typeof assetBeforeValidator>;

/** `reserved`: a serial reserved for it beforehand (imports.reserveSerials); otherwise one is drawn and reserved here. */
export async function createBusinessAsset(ctx: MutationCtx, { workspaceId, actorId }: Tagger, input: AssetInput, now: number, reserved?: string) {
  const serial = reserved ?? (await reserveSerial(ctx));
  const assetId = await ctx.db.insert("assets", {
    ...input,
    workspaceId,
    serial,
    status: "active",
    files: [],
    taggedAt: now,
    updatedAt: now,
    searchText: searchTextOf({ ...input, serial }, await customSearchWords(ctx, workspaceId, input)),
    lineValue: lineValueOf(input),
    worth: worthOf({ ...input, workspaceId, status: "active" }),
  });
  await ctx.db.insert("assetOwners", { assetId, workspaceId, from: now });
  await recordEvent(ctx, { assetId, workspaceId, actorId, type: "tagged", summary: `Tagged with serial ${serial} (CSV import)` });
  return assetId;
}

/**
 * Overwrites an item the business holds with a row of the file (same SKU); returns its fields
 * before, for a rollback, or null when the item is no longer the importer's business item.
 */
export async function updateBusinessAsset(ctx: MutationCtx, { workspaceId, actorId }: Tagger, assetId: Id<"assets">, input: AssetInput, now: number): Promise<AssetBefore | null> {
  const asset = await ctx.db.get("assets", assetId);
  if (asset === null || asset.workspaceId !== workspaceId || asset.kind !== "business") return null;
  const before: AssetBefore = { name: asset.name, description: asset.description, category: asset.category, details: currentDetails(asset.details), custom: asset.custom, searchText: asset.searchText };
  // The file's custom values join those the item holds: an import never clears one.
  const custom = input.custom === undefined ? asset.custom : { ...asset.custom, ...input.custom };
  await ctx.db.patch("assets", assetId, {
    name: input.name,
    description: input.description,
    category: input.category,
    details: input.details,
    lineValue: lineValueOf(input),
    worth: worthOf({ ...input, workspaceId, status: asset.status }),
    custom,
    updatedAt: now,
    searchText: searchTextOf({ ...input, custom, serial: asset.serial }, await customSearchWords(ctx, workspaceId, { category: input.category, custom })),
    ...nextVersion(asset),
  });
  await recordEvent(ctx, { assetId, workspaceId, actorId, type: "edited", summary: "Updated by a CSV import" });
  return before;
}

/** Puts back an updated item's fields, while the importer still holds it. */
export async function restoreBusinessAsset(ctx: MutationCtx, { workspaceId, actorId }: Tagger, assetId: Id<"assets">, before: AssetBefore) {
  const asset = await ctx.db.get("assets", assetId);
  if (asset === null || asset.workspaceId !== workspaceId) return;
  await ctx.db.patch("assets", assetId, { ...before, lineValue: lineValueOf(before), updatedAt: Date.now(), ...nextVersion(asset) });
  await recordEvent(ctx, { assetId, workspaceId, actorId, type: "edited", summary: "CSV import undone: previous details restored" });
}

/** Deletes an imported asset and everything created with it (the serial stays reserved). */
export async function deleteImportedAsset(ctx: MutationCtx, assetId: Id<"assets">) {
  const events = await ctx.db.query("assetEvents").withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId)).take(10);
  for (const e of events) await ctx.db.delete("assetEvents", e._id);
  const owners = await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", assetId)).take(10);
  for (const o of owners) await ctx.db.delete("assetOwners", o._id);
  if ((await ctx.db.get("assets", assetId)) !== null) await ctx.db.delete("assets", assetId);
}

/**
 * Whether a rollback may remove this imported asset: only while the importing workspace
 * still holds it and no transfer offer names it. An asset given away (or offered) meanwhile stays
 * with whoever has it, and is not refunded.
 */
export async function stillImportersOwn(ctx: MutationCtx, assetId: Id<"assets">, workspaceId: Id<"workspaces">): Promise<boolean> {
  const asset = await ctx.db.get("assets", assetId);
  if (asset === null || asset.workspaceId !== workspaceId) return false;
  for (const status of ["pending", "accepted"] as const) {
    const offer = await ctx.db
      .query("transfers")
      .withIndex("by_assetId_and_status", (q) => q.eq("assetId", assetId).eq("status", status))
      .first();
    if (offer !== null) return false;
  }
  return true;
}

/** The workspace's business items among `skus` (at most one per SKU: the newest). */
export async function heldBySku(ctx: QueryCtx, workspaceId: Id<"workspaces">, skus: readonly string[]): Promise<{ sku: string; assetId: Id<"assets"> }[]> {
  const held: { sku: string; assetId: Id<"assets"> }[] = [];
  for (const sku of new Set(skus)) {
    const asset = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_sku", (q) => q.eq("workspaceId", workspaceId).eq("details.sku", sku))
      .order("desc")
      .first();
    if (asset !== null && asset.kind === "business") held.push({ sku, assetId: asset._id });
  }
  return held;
}

const BUSINESS_FIELDS = KIND_FIELD_SPECS.business;

/** The fields of an inventory item (itemOf), for returns validators: the business kind's fields, null when absent. */
export const inventoryItemFields = {
  _id: v.id("assets"),
  serial: v.string(),
  name: v.string(),
  ...nullableFieldValidators(BUSINESS_FIELDS),
  // A business item always has these (required in its table).
  sku: v.string(),
  quantity: v.number(),
  // Unit cost × quantity, in the unit cost's currency.
  value: v.union(moneyValidator, v.null()),
  category: v.union(v.string(), v.null()),
  description: v.union(v.string(), v.null()),
  status: v.string(),
  taggedAt: v.number(),
  // Custom field values by field id (columns and CSV cells come from customFields.list).
  custom: customValuesValidator,
};

export function itemOf(a: Doc<"assets">) {
  const d = a.details.kind === "business" ? a.details : { kind: "business" as const, sku: "", quantity: 0 };
  const stored = d as Readonly<Record<string, unknown>>;
  const fields = Object.fromEntries(BUSINESS_FIELDS.map((f) => [f.key, (f.type === "money" ? asMoney(stored[f.key]) : stored[f.key]) ?? null])) as NullableValues<typeof BUSINESS_FIELDS>;
  return {
    _id: a._id,
    serial: a.serial,
    name: a.name,
    ...fields,
    sku: d.sku,
    quantity: d.quantity,
    value: lineValueOf(a) ?? null,
    category: a.category ?? null,
    description: a.description ?? null,
    status: a.status,
    taggedAt: a.taggedAt,
    custom: a.custom ?? {},
  };
}
