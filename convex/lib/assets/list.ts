// /assets list: picks the index that serves each filter and sort, so the read
// stays inside the workspace's own range; index pages are streams (./stream.ts), which
// keep to their size when they re-run.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { getAssetBySerial } from "./read";
import { isSerialFormat } from "./serial";
import { assetStream } from "./stream";
import { makerSerialKey, MAKER_SERIAL_MATCHES } from "../verify/rules";
import type { AssetSort } from "./sorts";
import type { AssetKind, AssetStatus } from "./tables";
const SEARCH_MAX = 100;

type ListArgs = { kind?: AssetKind; status?: AssetStatus; sort?: AssetSort; search?: string };

/**
 * A search that is a serial names one asset: it is read from the serial index (full-text
 * search would split it at the dashes and match every asset's "TMT" term); so is one that is
 * a maker's serial one of the workspace's assets holds. Null when the search is neither;
 * otherwise the workspace's matching assets, as far as the filters allow.
 */
export async function serialMatch(ctx: QueryCtx, workspaceId: Id<"workspaces">, args: ListArgs): Promise<Doc<"assets">[] | null> {
  const search = args.search ?? "";
  const passes = (asset: Doc<"assets">) =>
    asset.workspaceId === workspaceId &&
    (args.kind === undefined || asset.kind === args.kind) &&
    (args.status === undefined || asset.status === args.status);
  if (!isSerialFormat(search)) {
    const made = await makerSerialMatch(ctx, workspaceId, search);
    return made === null ? null : made.filter(passes);
  }
  const asset = await getAssetBySerial(ctx, search);
  return asset !== null && passes(asset) ? [asset] : [];
}

/**
 * A search that is a maker's serial (a frame number typed "WTU 123-4567" or "wtu1234567"):
 * the workspace's assets holding it, read from its index. Null when none does, so the
 * search runs as text.
 */
async function makerSerialMatch(ctx: QueryCtx, workspaceId: Id<"workspaces">, search: string): Promise<Doc<"assets">[] | null> {
  const key = makerSerialKey(search.trim());
  if (key === null) return null;
  const found = await ctx.db
    .query("assets")
    .withIndex("by_workspaceId_and_makerSerial", (q) => q.eq("workspaceId", workspaceId).eq("details.makerSerial", key))
    .take(MAKER_SERIAL_MATCHES);
  return found.length > 0 ? found : null;
}

export function listMineQuery(ctx: QueryCtx, workspaceId: Id<"workspaces">, args: ListArgs) {
  const { kind, status } = args;
  const search = args.search?.trim().slice(0, SEARCH_MAX) ?? "";
  if (search !== "") {
    // Relevance order: the search index ignores the sort.
    return ctx.db.query("assets").withSearchIndex("search_text", (q) => {
      let s = q.search("searchText", search).eq("workspaceId", workspaceId);
      if (kind !== undefined) s = s.eq("kind", kind);
      if (status !== undefined) s = s.eq("status", status);
      return s;
    });
  }
  // Every filter combination has its own index, so a page never scans rows it drops.
  const assets = assetStream(ctx.db);
  if (args.sort === "name" || args.sort === "name_desc") {
    const order = args.sort === "name" ? "asc" : "desc";
    if (kind !== undefined && status !== undefined) {
      return assets
        .withIndex("by_workspaceId_and_kind_and_status_and_name", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind).eq("status", status))
        .order(order);
    }
    if (kind !== undefined) {
      return assets.withIndex("by_workspaceId_and_kind_and_name", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind)).order(order);
    }
    if (status !== undefined) {
      return assets.withIndex("by_workspaceId_and_status_and_name", (q) => q.eq("workspaceId", workspaceId).eq("status", status)).order(order);
    }
    return assets.withIndex("by_workspaceId_and_name", (q) => q.eq("workspaceId", workspaceId)).order(order);
  }
  const order = args.sort === "oldest" ? "asc" : "desc";
  if (kind !== undefined && status !== undefined) {
    return assets
      .withIndex("by_workspaceId_and_kind_and_status_and_taggedAt", (q) =>
        q.eq("workspaceId", workspaceId).eq("kind", kind).eq("status", status),
      )
      .order(order);
  }
  if (kind !== undefined) {
    return assets
      .withIndex("by_workspaceId_and_kind_and_taggedAt", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind))
      .order(order);
  }
  if (status !== undefined) {
    return assets
      .withIndex("by_workspaceId_and_status_and_taggedAt", (q) => q.eq("workspaceId", workspaceId).eq("status", status))
      .order(order);
  }
  return assets
    .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId))
    .order(order);
}

