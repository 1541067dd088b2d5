// Errors as Convex reports them.
import { anyApi, mutationGeneric, queryGeneric } from "convex/server";
import { ConvexError } from "convex/values";
import { failDeep } from "./nested";

class LimitError extends ConvexError<{ limit: number }> {
  name = "LimitError";
}

export const limited = queryGeneric({
  args: {},
  handler: async () => {
    throw new LimitError({ limit: 3 });
  },
});

export const whoami = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.auth.getUserIdentity())?.subject ?? null });

/** A nested call to a function that does not exist, caught. */
export const callMissing = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.runMutation(anyApi.missing.nothing, {}).then(() => "ok", (e: Error) => e.message),
});

/** console.time as Convex's runtime logs it. */
export const timed = queryGeneric({
  args: {},
  handler: async (ctx) => {
    console.time("work");
    console.time("work");
    for (let i = 0; i < 3; i++) await ctx.db.query("nothing").first();
    console.timeLog("work", "halfway");
    console.timeEnd("work");
    console.timeEnd("never started");
    return null;
  },
});

export const deep = queryGeneric({
  args: {},
  handler: async () => failDeep("query"),
});
