// The insurance report's rows and files: a workspace keeps its latest report only.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

export async function latestReport(ctx: QueryCtx, workspaceId: Id<"workspaces">): Promise<Doc<"insuranceReports"> | null> {
  return await ctx.db
    .query("insuranceReports")
    .withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId))
    .first();
}

/** Deletes a report with its files (a new one replaces it; its workspace is erased). */
export async function deleteReport(ctx: MutationCtx, report: Doc<"insuranceReports">) {
  for (const file of [report.csv, report.rows]) if (file !== undefined) await ctx.storage.delete(file);
  await ctx.db.delete("insuranceReports", report._id);
}
