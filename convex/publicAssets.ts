// /public-assets: the registry's public side, sortable, searchable, live, with an exact
// total. Never the owner; cards are keyed by serial (the public handle of an asset).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicQuery } from "./lib/access";
import { BULK_BATCH, BULK_MESSAGES, IDS_PAGE } from "./lib/assets/bulk";
import { assetStream } from "./lib/assets/stream";
import { sortValidator, type AssetSort } from "./lib/assets/sorts";
import { coverPhotoUrl, getAssetBySerial } from "./lib/assets/read";
import { countPublicAssets } from "./lib/counts/assetCounts";
import { appError } from "./lib/errors";
import { publicAssetCardValidator, type PublicAssetCard } from "./lib/verify/tables";

export const SEARCH_MAX = 100;

async function card(ctx: QueryCtx, asset: Doc<"assets">): Promise<PublicAssetCard> {
  return {
    serial: asset.serial,
    name: asset.name,
    kind: asset.kind,
    status: asset.status,
    category: asset.category ?? null,
    photoUrl: await coverPhotoUrl(ctx, asset),
    taggedAt: asset.taggedAt,
  };
}

/** Public assets in the chosen order (newest first by default); with a search term, best matches first. */
function publicQueryOf(ctx: QueryCtx, search: string | undefined, sort: AssetSort | undefined) {
  const term = search?.trim().slice(0, SEARCH_MAX) ?? "";
  if (term !== "") {
    return ctx.db.query("assets").withSearchIndex("search_text", (q) => q.search("searchText", term).eq("visibility", "public"));
  }
  // Index pages as streams: they keep to their size when they re-run (lib/assets/stream.ts).
  if (sort === "name" || sort === "name_desc") {
    return assetStream(ctx.db)
      .withIndex("by_visibility_and_name", (q) => q.eq("visibility", "public"))
      .order(sort === "name" ? "asc" : "desc");
  }
  return assetStream(ctx.db)
    .withIndex("by_visibility_and_taggedAt", (q) => q.eq("visibility", "public"))
    .order(sort === "oldest" ? "asc" : "desc");
}

const listArgs = { search: v.optional(v.string()), sort: v.optional(sortValidator) };

export const list = publicQuery({
  args: { paginationOpts: paginationOptsValidator, ...listArgs },
  returns: paginationResultValidator(publicAssetCardValidator),
  handler: async (ctx, { paginationOpts, search, sort }) => {
    const page = await publicQueryOf(ctx, search, sort).paginate(paginationOpts);
    return { ...page, page: await Promise.all(page.page.map((asset) => card(ctx, asset))) };
  },
});

/** Every public asset, exactly (lib/counts/assetCounts.ts). */
export const count = publicQuery({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await countPublicAssets(ctx),
});

/** One page of the serials the list's search and order match: "select all N matching". */
export const matchingSerials = publicQuery({
  args: { ...listArgs, cursor: v.union(v.string(), v.null()) },
  returns: v.object({ ids: v.array(v.string()), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { search, sort, cursor }) => {
    const page = await publicQueryOf(ctx, search, sort).paginate({ cursor, numItems: IDS_PAGE });
    return { ids: page.page.map((a) => a.serial), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});

/** The public cards for the given serials, for "Export selection" (private or unknown ones are left out). */
export const cards = publicQuery({
  args: { serials: v.array(v.string()) },
  returns: v.array(publicAssetCardValidator),
  handler: async (ctx, { serials }) => {
    if (serials.length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
    const found = [];
    for (const serial of serials) {
      const asset = serial.length <= SEARCH_MAX ? await getAssetBySerial(ctx, serial) : null;
      if (asset !== null && asset.visibility === "public") found.push(await card(ctx, asset));
    }
    return found;
  },
});
