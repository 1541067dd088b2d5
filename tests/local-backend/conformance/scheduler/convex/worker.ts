// The app's calls into its component (the test reaches the component through these).
import { componentsGeneric, mutationGeneric, queryGeneric, type FunctionReference } from "convex/server";
import { v } from "convex/values";

type Query<Args extends Record<string, unknown>, Result> = FunctionReference<"query", "internal", Args, Result>;
type Mutation<Args extends Record<string, unknown>, Result> = FunctionReference<"mutation", "internal", Args, Result>;
type None = Record<string, never>;
type Jobs = {
  schedule: Mutation<{ soon?: boolean }, string>;
  jobs: Query<None, unknown>;
  files: Query<None, string[]>;
  read: Query<{ id: string }, unknown>;
  fileUrl: Query<{ id: string }, string | null>;
  cancel: Mutation<{ id: string }, string>;
  uploadUrl: Mutation<None, string>;
  marks: Query<None, number>;
};
const worker = (componentsGeneric() as unknown as { worker: { jobs: Jobs } }).worker.jobs;

export const schedule = mutationGeneric({ args: { soon: v.optional(v.boolean()) }, handler: async (ctx, args): Promise<string> => ctx.runMutation(worker.schedule, args) });
export const jobs = queryGeneric({ args: {}, handler: async (ctx): Promise<unknown> => ctx.runQuery(worker.jobs, {}) });
export const files = queryGeneric({ args: {}, handler: async (ctx): Promise<string[]> => ctx.runQuery(worker.files, {}) });
export const read = queryGeneric({ args: { id: v.string() }, handler: async (ctx, args): Promise<unknown> => ctx.runQuery(worker.read, args) });
export const fileUrl = queryGeneric({ args: { id: v.string() }, handler: async (ctx, args): Promise<string | null> => ctx.runQuery(worker.fileUrl, args) });
export const cancel = mutationGeneric({ args: { id: v.string() }, handler: async (ctx, args): Promise<string> => ctx.runMutation(worker.cancel, args) });
export const uploadUrl = mutationGeneric({ args: {}, handler: async (ctx): Promise<string> => ctx.runMutation(worker.uploadUrl, {}) });
export const marks = queryGeneric({ args: {}, handler: async (ctx): Promise<number> => ctx.runQuery(worker.marks, {}) });
