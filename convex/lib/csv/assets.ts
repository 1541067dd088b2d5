// Business assets for the CSV import, created the way assets.tag creates them
// (serial from lib/assets/serial, same fields, provenance and history) minus the
// per-item charge, which the import takes once for the whole file.
import { v } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { recordEvent } from "../assets/read";
import { searchTextOf, type AssetInput } from "../assets/rules";
import { reserveSerial } from "../assets/serial";

export async function createBusinessAsset(ctx: MutationCtx, ownerId: Id<"users">, input: AssetInput, now: number) {
  const serial = await reserveSerial(ctx);
  const assetId = await ctx.db.insert("assets", {
    ...input,
    ownerId,
    serial,
    status: "active",
    files: [],
    taggedAt: now,
    updatedAt: now,
    searchText: searchTextOf({ ...input, serial }),
  });
  await ctx.db.insert("assetOwners", { assetId, ownerId, from: now });
  await recordEvent(ctx, { assetId, actorId: ownerId, type: "tagged", summary: `Tagged with serial ${serial} (CSV import)` });
  return assetId;
}

/** Deletes an imported asset and everything created with it (the serial stays reserved). */
export async function deleteImportedAsset(ctx: MutationCtx, assetId: Id<"assets">) {
  const events = await ctx.db.query("assetEvents").withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId)).take(10);
  for (const e of events) await ctx.db.delete("assetEvents", e._id);
  const owners = await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", assetId)).take(10);
  for (const o of owners) await ctx.db.delete("assetOwners", o._id);
  if ((await ctx.db.get("assets", assetId)) !== null) await ctx.db.delete("assets", assetId);
}

/** The fields of an inventory item (itemOf), for returns validators. */
export const inventoryItemFields = {
  _id: v.id("assets"),
  serial: v.string(),
  name: v.string(),
  sku: v.string(),
  quantity: v.number(),
  unitCost: v.union(v.number(), v.null()),
  value: v.union(v.number(), v.null()),
  location: v.union(v.string(), v.null()),
  category: v.union(v.string(), v.null()),
  description: v.union(v.string(), v.null()),
  status: v.string(),
  taggedAt: v.number(),
};

export function itemOf(a: Doc<"assets">) {
  const d = a.details.kind === "business" ? a.details : { sku: "", quantity: 0, unitCost: undefined, location: undefined };
  return {
    _id: a._id,
    serial: a.serial,
    name: a.name,
    sku: d.sku,
    quantity: d.quantity,
    unitCost: d.unitCost ?? null,
    value: d.unitCost === undefined ? null : d.unitCost * d.quantity,
    location: d.location ?? null,
    category: a.category ?? null,
    description: a.description ?? null,
    status: a.status,
    taggedAt: a.taggedAt,
  };
}
