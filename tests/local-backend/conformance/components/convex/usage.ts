// The app side of two Convex components: a rate limit on sends, and a
// running count and sum of scores.
import { DirectAggregate } from "@convex-dev/aggregate";
import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { componentsGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

type Components = ConstructorParameters<typeof RateLimiter>[0] & ConstructorParameters<typeof DirectAggregate>[0];
const components = componentsGeneric() as unknown as { rateLimiter: Components; aggregate: Components };

const limiter = new RateLimiter(components.rateLimiter, { send: { kind: "fixed window", rate: 3, period: MINUTE } });
const scores = new DirectAggregate<{ Key: number; Id: string }>(components.aggregate);

export const send = mutationGeneric({
  args: { user: v.string() },
  handler: async (ctx, { user }) => {
    await ctx.db.insert("rateLimits", { note: `app row for ${user}` });
    return (await limiter.limit(ctx, "send", { key: user })).ok;
  },
});

export const appRows = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("rateLimits").collect()).length });

export const addScore = mutationGeneric({
  args: { name: v.string(), score: v.number() },
  handler: async (ctx, { name, score }) => {
    await scores.insert(ctx, { key: score, id: name, sumValue: score });
    return null;
  },
});

export const totals = queryGeneric({
  args: {},
  handler: async (ctx) => ({ count: await scores.count(ctx), sum: await scores.sum(ctx) }),
});
