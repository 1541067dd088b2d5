// The landing page's live figures. No counters document exists for assets or
// verifications yet, so each count is bounded (LANDING_COUNT_CAP, shown as "1000+").
import { v } from "convex/values";
import type { QueryCtx } from "./_generated/server";
import { publicQuery } from "./lib/access";
import { ADMIN_COUNT_CAP, countValidator } from "./lib/admin/rules";

async function bounded(ctx: QueryCtx, table: "assets" | "verifyAlerts") {
  const count = (await ctx.db.query(table).take(ADMIN_COUNT_CAP + 1)).length;
  return { count: Math.min(count, ADMIN_COUNT_CAP), capped: count > ADMIN_COUNT_CAP };
}

/** Tagged assets, and serial checks of registered assets (each recorded visit to /verify). */
export const get = publicQuery({
  args: {},
  returns: v.object({ assets: countValidator, verifications: countValidator }),
  handler: async (ctx) => ({
    assets: await bounded(ctx, "assets"),
    verifications: await bounded(ctx, "verifyAlerts"),
  }),
});
