// File storage through the public API.
import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const uploadUrl = mutationGeneric({ args: {}, handler: async (ctx) => ctx.storage.generateUploadUrl() });
export const url = queryGeneric({ args: { id: v.id("_storage") }, handler: async (ctx, { id }) => ctx.storage.getUrl(id) });
export const metadata = queryGeneric({ args: { id: v.id("_storage") }, handler: async (ctx, { id }) => ctx.storage.getMetadata(id) });
export const count = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.system.query("_storage").collect()).length });
export const remove = mutationGeneric({ args: { id: v.id("_storage") }, handler: async (ctx, { id }) => ctx.storage.delete(id) });
