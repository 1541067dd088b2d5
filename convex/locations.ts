// Nested locations of a workspace (site → room → shelf): each has a page listing what is
// in it, reached by scanning its QR label; items move between them one at a time or in bulk.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { inWorkspace, workspaceMutation, workspaceQuery } from "./lib/access";
import { workspaceAsset } from "./lib/assets/read";
import { BULK_BATCH, BULK_MESSAGES } from "./lib/assets/bulk";
import { ASSET_LIMITS } from "./lib/assets/fields";
import { assetStatusValidator } from "./lib/assets/tables";
import { appError } from "./lib/errors";
import {
  checkLocationName,
  joinPath,
  LOCATION_ITEMS_MAX,
  LOCATION_MESSAGES,
  LOCATIONS_READ_MAX,
  MAX_LOCATION_DEPTH,
  splitPath,
} from "./lib/locations/rules";
import { kitOf, moveItem } from "./lib/locations/store";
import { locationByPath } from "./lib/locations/paths";

const locationRowValidator = v.object({ _id: v.id("locations"), name: v.string(), path: v.string(), parentId: v.union(v.id("locations"), v.null()) });
const itemRowValidator = v.object({ _id: v.id("assets"), serial: v.string(), name: v.string(), status: assetStatusValidator });

const row = (l: Doc<"locations">) => ({ _id: l._id, name: l.name, path: l.path, parentId: l.parentId ?? null });

async function workspaceLocation(ctx: QueryCtx, locationId: Id<"locations">, workspaceId: Id<"workspaces">) {
  return inWorkspace(await ctx.db.get("locations", locationId), workspaceId, LOCATION_MESSAGES.notFound);
}

/** Every location of the workspace in path order (the tree, and the move picker). */
export const all = workspaceQuery({
  absent: [],
  args: {},
  returns: v.array(locationRowValidator),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("locations")
      .withIndex("by_workspaceId_and_path", (q) => q.eq("workspaceId", ctx.workspace._id))
      .take(LOCATIONS_READ_MAX);
    return rows.map(row);
  },
});

/** A location's page: where it sits, what is directly inside (inner locations and items). */
export const contents = workspaceQuery({
  absent: null,
  args: { locationId: v.string() },
  returns: v.union(
    v.null(),
    v.object({
      location: locationRowValidator,
      trail: v.array(locationRowValidator),
      children: v.array(locationRowValidator),
      items: v.array(itemRowValidator),
      more: v.boolean(),
    }),
  ),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("locations", args.locationId);
    const location = id === null ? null : await ctx.db.get("locations", id);
    if (location === null || location.workspaceId !== ctx.workspace._id) return null;
    const trail: Doc<"locations">[] = [];
    let parentPath = "";
    for (const name of splitPath(location.path).slice(0, -1)) {
      parentPath = joinPath(parentPath === "" ? null : parentPath, name);
      const parent = await locationByPath(ctx, ctx.workspace._id, parentPath);
      if (parent !== null) trail.push(parent);
    }
    const children = await ctx.db
      .query("locations")
      .withIndex("by_workspaceId_and_parentId_and_name", (q) => q.eq("workspaceId", ctx.workspace._id).eq("parentId", location._id))
      .take(LOCATIONS_READ_MAX);
    const items = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_location_and_name", (q) => q.eq("workspaceId", ctx.workspace._id).eq("details.location", location.path))
      .take(LOCATION_ITEMS_MAX + 1);
    return {
      location: row(location),
      trail: trail.map(row),
      children: children.map(row),
      items: items.slice(0, LOCATION_ITEMS_MAX).map((a) => ({ _id: a._id, serial: a.serial, name: a.name, status: a.status })),
      more: items.length > LOCATION_ITEMS_MAX,
    };
  },
});

export const create = workspaceMutation({
  can: "edit",
  args: { name: v.string(), parentId: v.optional(v.id("locations")) },
  returns: v.id("locations"),
  handler: async (ctx, args) => {
    const checked = checkLocationName(args.name);
    if (!checked.ok) throw appError("INVALID", checked.message);
    const parent = args.parentId === undefined ? null : await workspaceLocation(ctx, args.parentId, ctx.workspace._id);
    const path = joinPath(parent?.path ?? null, checked.name);
    if (parent !== null && splitPath(parent.path).length >= MAX_LOCATION_DEPTH + 1) throw appError("INVALID", LOCATION_MESSAGES.tooDeep);
    if (path.length > ASSET_LIMITS.location) throw appError("INVALID", LOCATION_MESSAGES.pathTooLong);
    if ((await locationByPath(ctx, ctx.workspace._id, path)) !== null) throw appError("INVALID", LOCATION_MESSAGES.exists);
    return await ctx.db.insert("locations", { workspaceId: ctx.workspace._id, name: checked.name, parentId: parent?._id, path, createdAt: Date.now() });
  },
});

/** Deletes an empty location (no items, no inner locations). */
export const remove = workspaceMutation({
  can: "edit",
  args: { locationId: v.id("locations") },
  returns: v.null(),
  handler: async (ctx, { locationId }) => {
    const location = await workspaceLocation(ctx, locationId, ctx.workspace._id);
    const child = await ctx.db
      .query("locations")
      .withIndex("by_workspaceId_and_parentId_and_name", (q) => q.eq("workspaceId", ctx.workspace._id).eq("parentId", locationId))
      .first();
    const item = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_location_and_name", (q) => q.eq("workspaceId", ctx.workspace._id).eq("details.location", location.path))
      .first();
    if (child !== null || item !== null) throw appError("INVALID", LOCATION_MESSAGES.notEmpty);
    await ctx.db.delete("locations", location._id);
    return null;
  },
});

/**
 * Moves items (a kit carries its parts) into a location, or out of any (`locationId` null).
 * All or nothing: an item that cannot move refuses the whole call.
 */
export const moveItems = workspaceMutation({
  can: "edit",
  args: { assetIds: v.array(v.id("assets")), locationId: v.union(v.id("locations"), v.null()) },
  returns: v.object({ moved: v.number() }),
  handler: async (ctx, args) => {
    if (args.assetIds.length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
    const location = args.locationId === null ? null : await workspaceLocation(ctx, args.locationId, ctx.workspace._id);
    let moved = 0;
    const ids = new Set(args.assetIds);
    for (const assetId of ids) {
      const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
      // A part chosen with its kit goes with the kit.
      const kit = await kitOf(ctx, assetId);
      if (kit !== null && ids.has(kit.kitId)) continue;
      moved += await moveItem(ctx, asset, location, ctx.user._id);
    }
    return { moved };
  },
});
