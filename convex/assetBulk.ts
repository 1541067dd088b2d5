// Bulk actions on a workspace's asset lists (/assets and the business inventory): each
// call takes at most BULK_BATCH ids, checks every one against the workspace (another
// workspace's or a deleted asset is skipped, never touched), and says what it did.
// `matchingIds` lets "select all matching" walk a filter of any size page by page.
import { v } from "convex/values";
import { customValuesValidator } from "./lib/customFields/tables";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { inWorkspaceOrNull, workspaceMutation, workspaceQuery } from "./lib/access";
import { BULK_BATCH, BULK_MESSAGES, bulkResultValidator, bulkStatusResultValidator, FILTER_MAX, IDS_PAGE, matchesKindAndStatus, matchesStock, type StaleItem } from "./lib/assets/bulk";
import { changeStatus, changeVisibility, deleteAsset } from "./lib/assets/changes";
import { csvCells } from "./lib/assets/columns";
import { listMineQuery, serialMatch } from "./lib/assets/list";
import { ASSET_SORTS, type AssetSort } from "./lib/assets/sorts";
import { assetKindValidator, assetStatusValidator, visibilityValidator } from "./lib/assets/tables";
import { appError } from "./lib/errors";
import { inventoryListArgs, inventoryPage } from "./lib/inventory/list";
import { fieldPage } from "./lib/customFields/list";

const idsArg = v.array(v.id("assets"));

/** Runs `apply` on each of the workspace's assets among `ids` that `wants` a change. */
async function eachOwned(
  ctx: MutationCtx & { workspace: Doc<"workspaces"> },
  ids: Id<"assets">[],
  wants: (asset: Doc<"assets">) => boolean,
  apply: (asset: Doc<"assets">) => Promise<void>,
) {
  if (ids.length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
  let changed = 0;
  for (const id of new Set(ids)) {
    const asset = inWorkspaceOrNull(await ctx.db.get("assets", id), ctx.workspace._id);
    if (asset === null || !wants(asset)) continue;
    await apply(asset);
    changed += 1;
  }
  return { changed, skipped: ids.length - changed };
}

/**
 * Sets the status of the selected items. `seen` holds the status each item had when the
 * caller selected it (as the edit form sends the version it loaded): an item whose status
 * has changed since is refused and named in `stale`, never overwritten.
 */
export const setStatus = workspaceMutation({
  can: "edit",
  args: { ids: idsArg, status: assetStatusValidator, seen: v.optional(v.record(v.id("assets"), assetStatusValidator)) },
  returns: bulkStatusResultValidator,
  handler: async (ctx, { ids, status, seen = {} }) => {
    if (Object.keys(seen).length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
    const stale: StaleItem[] = [];
    const isStale = (a: Doc<"assets">) => {
      const was = seen[a._id];
      if (was === undefined || was === a.status) return false;
      stale.push({ _id: a._id, name: a.name, serial: a.serial, status: a.status });
      return true;
    };
    const result = await eachOwned(ctx, ids, (a) => !isStale(a) && a.status !== status, (a) => changeStatus(ctx, a, status, ctx.user._id));
    return { ...result, stale };
  },
});

export const setVisibility = workspaceMutation({
  can: "edit",
  args: { ids: idsArg, visibility: visibilityValidator },
  returns: bulkResultValidator,
  handler: async (ctx, { ids, visibility }) =>
    await eachOwned(ctx, ids, (a) => a.visibility !== visibility, (a) => changeVisibility(ctx, a, visibility, ctx.user._id)),
});

export const remove = workspaceMutation({
  can: "edit",
  args: { ids: idsArg },
  returns: bulkResultValidator,
  handler: async (ctx, { ids }) => await eachOwned(ctx, ids, () => true, (a) => deleteAsset(ctx, a, ctx.user._id)),
});

const idsAndStamps = (assets: Doc<"assets">[]) => ({ ids: assets.map((a) => a._id), stamps: assets.map((a) => a.status) });

// /assets' filters and the inventory's (whose sorts include the /assets ones).
const filterArgs = { kind: v.optional(assetKindValidator), status: v.optional(assetStatusValidator), ...inventoryListArgs };

/**
 * One page of the ids a list's filter matches, in the list's order: "select all N matching".
 * `stamps[i]` is the status of `ids[i]` as read now: what the row is selected with, so a bulk
 * status change refuses (and names) a row someone else changes in between, as it does for a
 * row selected on screen.
 */
export const matchingIds = workspaceQuery({
  absent: { ids: [], stamps: [], continueCursor: "", isDone: true },
  args: { ...filterArgs, cursor: v.union(v.string(), v.null()) },
  returns: v.object({ ids: v.array(v.id("assets")), stamps: v.array(assetStatusValidator), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { cursor, ...filter }) => {
    if ([filter.search, filter.location, filter.category].some((f) => f !== undefined && f.length > FILTER_MAX)) {
      throw appError("INVALID", BULK_MESSAGES.filterTooLong);
    }
    const { sort, ...rest } = filter;
    const exact = await serialMatch(ctx, ctx.workspace._id, rest);
    if (exact !== null) return { ...idsAndStamps(exact.filter((a) => matchesStock(a, filter))), continueCursor: "", isDone: true };
    // Business items without a status filter are the inventory's: its filters are index ranges.
    const byField = filter.field !== undefined && (filter.search ?? "").trim() === "";
    const page =
      filter.kind === "business" && filter.status === undefined
        ? await inventoryPage(ctx, ctx.workspace._id, filter, { cursor, numItems: IDS_PAGE })
        : byField
          ? await fieldPage(ctx, ctx.workspace._id, filter.field!, (a) => matchesKindAndStatus(a, filter), { cursor, numItems: IDS_PAGE })
          : await listMineQuery(ctx, ctx.workspace._id, { ...rest, sort: (ASSET_SORTS as readonly string[]).includes(sort ?? "") ? (sort as AssetSort) : undefined }).paginate({ cursor, numItems: IDS_PAGE });
    return {
      ...idsAndStamps(page.page.filter((a) => matchesStock(a, filter))),
      continueCursor: page.continueCursor,
      isDone: page.isDone,
    };
  },
});

const exportRowValidator = v.object({
  serial: v.string(),
  name: v.string(),
  kind: v.string(),
  status: v.string(),
  visibility: v.string(),
  taggedAt: v.number(),
  // The asset's fields as CSV cells, by column (lib/assets/columns.ts): its kind's columns.
  cells: v.record(v.string(), v.string()),
  // Custom field values by field id: their columns come from customFields.list (lib/customFields/csv.ts).
  custom: customValuesValidator,
});

/** The workspace's assets among `ids`, as rows for "Export selection" (others' are left out). */
export const exportRows = workspaceQuery({
  absent: [],
  args: { ids: idsArg },
  returns: v.array(exportRowValidator),
  handler: async (ctx, { ids }) => {
    if (ids.length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
    const rows = [];
    for (const id of ids) {
      const a = inWorkspaceOrNull(await ctx.db.get("assets", id), ctx.workspace._id);
      if (a === null) continue;
      rows.push({
        serial: a.serial,
        name: a.name,
        kind: a.kind,
        status: a.status,
        visibility: a.visibility,
        taggedAt: a.taggedAt,
        cells: csvCells(a),
        custom: a.custom ?? {},
      });
    }
    return rows;
  },
});
