// One function per runtime rule of Convex (see tests/local-backend/conformance.test.ts).
import { anyApi, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

const waitForAWhile = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** Convex freezes time for a query: Date.now() and new Date() agree across awaits. */
export const clock = queryGeneric({
  args: {},
  handler: async (ctx) => {
    const first = Date.now();
    const start = performance.now();
    while (performance.now() - start < 15) await ctx.db.query("things").first();
    await waitForAWhile();
    return { first, later: Date.now(), date: new Date().getTime() };
  },
});

/** Math.random is seeded per execution. */
export const dice = queryGeneric({ args: {}, handler: async () => [Math.random(), Math.random()] });

/** Node's globals are not part of Convex's runtime. */
export const nodeGlobals = queryGeneric({
  args: {},
  handler: async () => {
    const attempt = (fn: () => unknown) => {
      try {
        fn();
        return "available";
      } catch (e) {
        return (e as Error).name;
      }
    };
    return {
      buffer: attempt(() => Buffer.from("x")),
      setImmediate: attempt(() => setImmediate(() => {})),
      version: (process as unknown as { version?: string }).version ?? null,
      fetch: await fetch("http://127.0.0.1:9/").then(
        () => "available",
        (e: Error) => (e.message.includes("Can't use fetch() in queries and mutations") ? "refused" : e.message),
      ),
      crypto: typeof crypto.subtle.digest,
      textEncoder: typeof TextEncoder,
    };
  },
});

/** The deployment's environment only. */
export const env = queryGeneric({
  args: {},
  handler: async () => ({
    cloud: process.env.CONVEX_CLOUD_URL ?? null,
    site: process.env.CONVEX_SITE_URL ?? null,
    home: process.env.HOME ?? null,
    path: process.env.PATH ?? null,
  }),
});

export const store = mutationGeneric({
  args: { data: v.any() },
  handler: async (ctx, { data }) => await ctx.db.insert("things", { data }),
});

export const thing = queryGeneric({
  args: { id: v.id("things") },
  handler: async (ctx, { id }) => (await ctx.db.get("things", id))?.data ?? null,
});

export const fill = mutationGeneric({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let i = 0; i < count; i++) await ctx.db.insert("jobs", { n: i });
    return null;
  },
});

export const readAll = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("jobs").collect()).length,
});

export const scheduleMany = mutationGeneric({
  args: { count: v.number() },
  handler: async (ctx, { count }) => {
    for (let i = 0; i < count; i++) await ctx.scheduler.runAfter(60_000, anyApi.rules.noop, {});
    return null;
  },
});

export const noop = mutationGeneric({ args: {}, handler: async () => null });

export const scheduleFailing = mutationGeneric({
  args: {},
  handler: async (ctx) => await ctx.scheduler.runAfter(0, anyApi.rules.fail, {}),
});

export const fail = mutationGeneric({
  args: {},
  handler: async () => {
    throw new Error("scheduled failure");
  },
});

export const job = queryGeneric({
  args: { id: v.id("_scheduled_functions") },
  handler: async (ctx, { id }) => await ctx.db.system.get(id),
});

export const whoami = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.auth.getUserIdentity())?.subject ?? null });

/** Runs (computes, between reads) for `ms` milliseconds. */
export const spin = queryGeneric({
  args: { ms: v.number() },
  handler: async (ctx, { ms }) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const stop = performance.now() + 5;
      while (performance.now() < stop);
      await ctx.db.query("things").first();
    }
    return null;
  },
});
