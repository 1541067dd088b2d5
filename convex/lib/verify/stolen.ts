// Stolen reports: one per time an asset is marked stolen, kept as its history; the newest is
// the current one while the asset is stolen.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import { cleanStolenDetails, stolenDetailsErrors, type StolenDetails, type StolenReportView } from "./stolenRules";

/** Records the report of an asset being marked stolen now; details are checked (INVALID with the first problem). */
export async function recordStolenReport(ctx: MutationCtx, asset: Doc<"assets">, actorId: Id<"users">, details?: StolenDetails) {
  const now = Date.now();
  const clean = details === undefined ? undefined : cleanStolenDetails(details);
  if (clean !== undefined) {
    const problem = Object.values(stolenDetailsErrors(clean, now))[0];
    if (problem !== undefined) throw appError("INVALID", problem);
  }
  await ctx.db.insert("stolenReports", { assetId: asset._id, workspaceId: asset.workspaceId, reportedBy: actorId, reportedAt: now, ...clean });
}

/** The asset's reports filed under `from` follow it into `to` (moved out of a closing workspace). */
export async function moveStolenReports(ctx: MutationCtx, assetId: Id<"assets">, from: Id<"workspaces">, to: Id<"workspaces">) {
  const reports = await ctx.db
    .query("stolenReports")
    .withIndex("by_assetId_and_reportedAt", (q) => q.eq("assetId", assetId))
    .take(100);
  for (const report of reports) {
    if (report.workspaceId === from) await ctx.db.patch("stolenReports", report._id, { workspaceId: to });
  }
}

/** The report behind an asset's stolen status, or null when it is not stolen (or was marked before reports existed). */
export async function currentStolenReport(ctx: QueryCtx, asset: Doc<"assets">): Promise<StolenReportView | null> {
  if (asset.status !== "stolen") return null;
  const report = await ctx.db
    .query("stolenReports")
    .withIndex("by_assetId_and_reportedAt", (q) => q.eq("assetId", asset._id))
    .order("desc")
    .first();
  if (report === null) return null;
  return {
    reportedAt: report.reportedAt,
    stolenAt: report.stolenAt ?? null,
    place: report.place ?? null,
    policeReport: report.policeReport ?? null,
  };
}

/** What /verify adds for a stolen asset: the day it was reported (nothing else of the report). */
export async function reportedStolen(ctx: QueryCtx, asset: Doc<"assets">): Promise<{ reportedStolenAt?: number }> {
  const report = await currentStolenReport(ctx, asset);
  return report === null ? {} : { reportedStolenAt: report.reportedAt };
}

/**
 * The workspace a report belongs with: the one whose period in the asset's owner chain covers
 * when it was reported (periods follow an asset out of a closing workspace; a sale starts a
 * new one). Undefined when the chain has no such period.
 */
export async function reporterOf(ctx: QueryCtx, report: Doc<"stolenReports">): Promise<Id<"workspaces"> | undefined> {
  const periods = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", report.assetId))
    .take(100);
  return periods.find((p) => p.from <= report.reportedAt && (p.to === undefined || report.reportedAt < p.to))?.workspaceId;
}
