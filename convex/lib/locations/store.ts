// Items moved between locations (a kit with its parts), and kits' parts.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import { recordEvent } from "../assets/read";
import { nextVersion } from "../assets/versions";
import { LOCATION_MESSAGES, MAX_KIT_PARTS } from "./rules";
import { hasPlace, locationText } from "./paths";

/** A kit's parts (at most MAX_KIT_PARTS). */
export async function kitPartIds(ctx: Pick<QueryCtx, "db">, kitId: Id<"assets">): Promise<Id<"assets">[]> {
  const rows = await ctx.db.query("kitParts").withIndex("by_kitId", (q) => q.eq("kitId", kitId)).take(MAX_KIT_PARTS);
  return rows.map((r) => r.partId);
}

export async function kitOf(ctx: Pick<QueryCtx, "db">, partId: Id<"assets">) {
  return await ctx.db.query("kitParts").withIndex("by_partId", (q) => q.eq("partId", partId)).first();
}

/**
 * Moves one item (a kit with its parts) to `location` (null: nowhere). Its location text
 * becomes the location's path, so the inventory's filters and stock follow. Returns the
 * items moved.
 */
export async function moveItem(
  ctx: MutationCtx,
  asset: Doc<"assets">,
  location: Doc<"locations"> | null,
  actorId: Id<"users">,
): Promise<number> {
  if (!hasPlace(asset)) throw appError("INVALID", LOCATION_MESSAGES.noPlace);
  if ((await kitOf(ctx, asset._id)) !== null) throw appError("INVALID", LOCATION_MESSAGES.partMoves);
  const items = [asset];
  for (const id of await kitPartIds(ctx, asset._id)) {
    const part = await ctx.db.get("assets", id);
    if (part !== null) items.push(part);
  }
  let moved = 0;
  for (const item of items) {
    const from = locationText(item) ?? null;
    const to = location?.path ?? null;
    if (from === to || (item.details.kind !== "general" && item.details.kind !== "business")) continue;
    await ctx.db.patch("assets", item._id, {
      details: { ...item.details, location: to ?? undefined },
      ...nextVersion(item),
      updatedAt: Date.now(),
    });
    await recordEvent(ctx, {
      assetId: item._id,
      actorId,
      type: "edited",
      summary: to === null ? "Moved out of its location" : `Moved to ${to}`,
      changes: [{ field: "Location", from, to }],
    });
    moved++;
  }
  return moved;
}
