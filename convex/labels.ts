// Label printing: the serial, name and label lines (the kind's fields and the custom fields
// switched to "show on label") of each asset of the current workspace, for the /labels page.
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { inWorkspaceOrNull, workspaceQuery } from "./lib/access";
import { assertLabelIds, labelDataValidator, labelLines } from "./lib/assets/labels";
import { customLabelLines, definitionsByCategory } from "./lib/customFields/store";
import { readLocale } from "./lib/money/format";

/**
 * One batch of a print job. Each id is checked on its own: ids of another workspace's asset, of
 * a deleted one or of nothing are left out, so the page can say how many it could not print.
 */
export const forAssets = workspaceQuery({
  absent: [],
  // The reader's locale (amounts on the labels in it); anything Intl does not take reads as none.
  args: { ids: v.array(v.string()), locale: v.optional(v.string()) },
  returns: v.array(labelDataValidator),
  handler: async (ctx, args) => {
    assertLabelIds(args.ids);
    const ids = [...new Set(args.ids)]
      .map((id) => ctx.db.normalizeId("assets", id))
      .filter((id): id is Id<"assets"> => id !== null);
    const assets = await Promise.all(ids.map(async (id) => inWorkspaceOrNull(await ctx.db.get("assets", id), ctx.workspace._id)));
    const definitions = definitionsByCategory(ctx, ctx.workspace._id);
    const locale = readLocale(args.locale);
    return await Promise.all(
      assets.flatMap((asset) =>
        asset === null
          ? []
          : [(async () => ({ _id: asset._id, serial: asset.serial, name: asset.name, lines: [...labelLines(asset, locale), ...customLabelLines(await definitions(asset.category), asset.custom, locale)] }))()],
      ),
    );
  },
});
