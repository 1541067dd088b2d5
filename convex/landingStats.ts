// The landing page's live figures, exact: each is one read of its counter or aggregate.
import { v } from "convex/values";
import { publicQuery } from "./lib/access";
import { countAllAssets } from "./lib/counts/assetCounts";
import { verifications } from "./lib/counts/aggregates";

/** Tagged assets, and serial checks of registered assets (each recorded visit to /verify). */
export const get = publicQuery({
  args: {},
  returns: v.object({ assets: v.number(), verifications: v.number() }),
  handler: async (ctx) => ({
    assets: await countAllAssets(ctx),
    verifications: await verifications.count(ctx),
  }),
});
