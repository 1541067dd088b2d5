// System tables belong to the runtime: user code reads them through db.system
// and writes them only through ctx.scheduler and ctx.storage.
import { anyApi, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

const attempt = (p: Promise<unknown>) => p.then(() => "ok", (e: Error) => e.message);

export const later = mutationGeneric({ args: {}, handler: async () => null });

export const schedule = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.scheduler.runAfter(3_600_000, anyApi.tamper.later, {}),
});

export const uploadUrl = mutationGeneric({ args: {}, handler: async (ctx) => ctx.storage.generateUploadUrl() });

export const note = mutationGeneric({ args: {}, handler: async (ctx) => ctx.db.insert("notes", { text: "mine" }) });

/** Every way user code could write a system document, each one's outcome. */
export const write = mutationGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const db = ctx.db as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    return {
      insertJob: await attempt(db.insert("_scheduled_functions", { name: "x" })),
      insertFile: await attempt(db.insert("_storage", { sha256: "x", size: 1 })),
      patch: await attempt(db.patch(id, { state: { kind: "success" } })),
      replace: await attempt(db.replace(id, { name: "x" })),
      delete: await attempt(db.delete(id)),
    };
  },
});

/** Reads a document through db.get or db.system.get. */
export const read = queryGeneric({
  args: { id: v.string(), system: v.boolean() },
  handler: async (ctx, { id, system }) => {
    const reader = (system ? ctx.db.system : ctx.db) as unknown as { get: (id: string) => Promise<unknown> };
    return attempt(reader.get(id));
  },
});

export const deleteFile = mutationGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => attempt(ctx.storage.delete(id as never)),
});

export const record = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => ctx.db.system.get(id as never),
});
