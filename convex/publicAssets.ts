// /public-assets: the registry's public side, newest first, searchable, live.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicQuery } from "./lib/access";
import { coverPhotoUrl } from "./lib/assets/read";
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

/** Public assets, newest first; with a search term, best matches first. Never the owner. */
export const list = publicQuery({
  args: { paginationOpts: paginationOptsValidator, search: v.optional(v.string()) },
  returns: paginationResultValidator(publicAssetCardValidator),
  handler: async (ctx, { paginationOpts, search }) => {
    const term = search?.trim().slice(0, SEARCH_MAX) ?? "";
    const page =
      term === ""
        ? await ctx.db
            .query("assets")
            .withIndex("by_visibility_and_taggedAt", (q) => q.eq("visibility", "public"))
            .order("desc")
            .paginate(paginationOpts)
        : await ctx.db
            .query("assets")
            .withSearchIndex("search_text", (q) => q.search("searchText", term).eq("visibility", "public"))
            .paginate(paginationOpts);
    return { ...page, page: await Promise.all(page.page.map((asset) => card(ctx, asset))) };
  },
});
