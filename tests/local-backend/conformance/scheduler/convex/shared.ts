// The functions both the app and its component define, each over its own system tables.
import { anyApi, internalMutationGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export function systemTableFunctions(module: string) {
  const self = (anyApi as Record<string, Record<string, never>>)[module];
  return {
    later: internalMutationGeneric({ args: {}, handler: async () => null }),
    soon: internalMutationGeneric({ args: {}, handler: async (ctx) => void (await ctx.db.insert("marks", { by: "soon" })) }),
    schedule: mutationGeneric({
      args: { soon: v.optional(v.boolean()) },
      handler: async (ctx, { soon }): Promise<string> => (soon ? ctx.scheduler.runAfter(0, self.soon, {}) : ctx.scheduler.runAfter(3_600_000, self.later, {})),
    }),
    jobs: queryGeneric({
      args: {},
      handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((j) => ({ id: j._id, name: j.name, state: j.state.kind })),
    }),
    files: queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.system.query("_storage").collect()).map((f) => f._id) }),
    read: queryGeneric({ args: { id: v.string() }, handler: async (ctx, { id }) => ctx.db.system.get(id as never) }),
    fileUrl: queryGeneric({ args: { id: v.string() }, handler: async (ctx, { id }) => ctx.storage.getUrl(id as never) }),
    cancel: mutationGeneric({
      args: { id: v.string() },
      handler: async (ctx, { id }) => ctx.scheduler.cancel(id as never).then(() => "ok", (e: Error) => e.message),
    }),
    uploadUrl: mutationGeneric({ args: {}, handler: async (ctx) => ctx.storage.generateUploadUrl() }),
    marks: queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("marks").collect()).length }),
  };
}
