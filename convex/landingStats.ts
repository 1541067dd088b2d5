// The landing page's live figures, exact: each is one read of its aggregate.
import { v } from "convex/values";
import { publicQuery } from "./lib/access";
import { assetsByVisibility, verifications } from "./lib/counts/aggregates";

/** Tagged assets, and serial checks of registered assets (each recorded visit to /verify). */
export const get = publicQuery({
  args: {},
  returns: v.object({ assets: v.number(), verifications: v.number() }),
  handler: async (ctx) => ({
    assets: await assetsByVisibility.count(ctx),
    verifications: await verifications.count(ctx),
  }),
});
