// ctx.runMutation from a mutation is a sub-transaction on Convex: a callee that
// throws leaves nothing behind, and the caller may catch and go on.
import { anyApi, internalMutationGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

/** Writes in every way it can (insert, patch, delete, schedule), then fails if asked to. */
export const scribble = internalMutationGeneric({
  args: { text: v.string(), fail: v.boolean(), victim: v.optional(v.id("notes")) },
  handler: async (ctx, { text, fail, victim }) => {
    await ctx.db.insert("notes", { text });
    if (victim) {
      await ctx.db.patch("notes", victim, { text: `${text} was here` });
      await ctx.db.delete("notes", victim);
    }
    await ctx.scheduler.runAfter(60_000, anyApi.notes.noop, {});
    if (fail) throw new Error(`${text} failed`);
    return text;
  },
});

export const noop = internalMutationGeneric({ args: {}, handler: async () => null });

/** Calls `scribble` twice (the first fails and is caught); the caller's own writes and the second call stay. */
export const catchAndGoOn = mutationGeneric({
  args: {},
  handler: async (ctx) => {
    const victim = await ctx.db.insert("notes", { text: "victim" });
    await ctx.db.insert("notes", { text: "before" });
    let caught = "";
    try {
      await ctx.runMutation(anyApi.notes.scribble, { text: "failing callee", fail: true, victim });
    } catch (e) {
      caught = (e as Error).message;
    }
    await ctx.runMutation(anyApi.notes.scribble, { text: "kept callee", fail: false });
    await ctx.db.insert("notes", { text: "after" });
    return caught;
  },
});

/** A failing call inside a call that catches it: only the innermost writes go. */
export const nested = mutationGeneric({
  args: {},
  handler: async (ctx) => {
    await ctx.runMutation(anyApi.notes.middle, {});
    return null;
  },
});

export const middle = internalMutationGeneric({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("notes", { text: "middle" });
    await ctx.runMutation(anyApi.notes.scribble, { text: "inner", fail: true }).catch(() => null);
    return null;
  },
});

export const list = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("notes").collect()).map((n) => n.text).sort(),
});

export const scheduled = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).length,
});
