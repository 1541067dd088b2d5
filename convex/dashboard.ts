// /dashboard: the owner's overview, recent activity, and the live visit alerts and found reports.
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { workspaceMutation, workspaceQuery } from "./lib/access";
import { ASSET_KINDS, ASSET_STATUSES, type AssetKind, type AssetStatus } from "./lib/assets/tables";
import { countOwnedByPair } from "./lib/counts/assetCounts";
import { workspaceWorth } from "./lib/assets/worth";
import { moneyValidator } from "./lib/money/currency";
import { assetNames, recentActivity } from "./lib/verify/activity";
import { OWNER_ALERTS_LIMIT, OWNER_FOUND_REPORTS_LIMIT } from "./lib/verify/rules";
import {
  activityItemValidator,
  dashboardCountsValidator,
  ownerAlertsValidator,
  type DashboardCounts,
} from "./lib/verify/tables";

// Exact counts from the workspace's (kind, status) counters (lib/counts/assetCounts.ts).
async function countAssets(ctx: QueryCtx, workspaceId: Id<"workspaces">): Promise<DashboardCounts> {
  const counts = await countOwnedByPair(ctx, workspaceId);
  const sum = (keep: (kind: AssetKind, status: AssetStatus) => boolean) =>
    counts.reduce((total, c) => total + (keep(c.kind, c.status) ? c.count : 0), 0);
  const byKind = Object.fromEntries(ASSET_KINDS.map((k) => [k, sum((kind) => kind === k)])) as DashboardCounts["byKind"];
  const byStatus = Object.fromEntries(ASSET_STATUSES.map((s) => [s, sum((_, status) => status === s)])) as DashboardCounts["byStatus"];
  return { total: sum(() => true), byKind, byStatus };
}

/** The workspace's assets by kind and status; null when signed out or not a member. */
export const overview = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), dashboardCountsValidator),
  handler: async (ctx) => await countAssets(ctx, ctx.workspace._id),
});

/** What the workspace's items are worth, per currency (never summed across), exact (lib/assets/worth.ts). */
export const worth = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), v.object({ values: v.array(moneyValidator) })),
  handler: async (ctx) => await workspaceWorth(ctx, ctx.workspace._id),
});

/** The workspace's recent activity, with the caller's own wallet and transfer offers. */
export const activity = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), v.array(activityItemValidator)),
  handler: async (ctx) => await recentActivity(ctx, ctx.workspace._id, ctx.user),
});

/** The workspace's newest visit alerts and found reports: the alerts panel and the live toast. */
export const alerts = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), ownerAlertsValidator),
  handler: async (ctx) => {
    const workspaceId = ctx.workspace._id;
    const names = assetNames(ctx);
    const [alertRows, foundRows] = await Promise.all([
      ctx.db.query("verifyAlerts").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(OWNER_ALERTS_LIMIT),
      ctx.db.query("foundReports").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).order("desc").take(OWNER_FOUND_REPORTS_LIMIT),
    ]);
    const gone = { name: "Deleted asset", serial: "" };
    return {
      alerts: await Promise.all(
        alertRows.map(async (a) => ({
          _id: a._id,
          asset: (await names(a.assetId)) ?? gone,
          at: a.at,
          viewer: a.viewer,
          place: a.place ?? null,
          seen: a.seenAt !== undefined,
        })),
      ),
      unseen: alertRows.filter((a) => a.seenAt === undefined).length,
      found: await Promise.all(
        foundRows.map(async (r) => ({
          _id: r._id,
          asset: (await names(r.assetId)) ?? gone,
          message: r.message,
          contact: r.contact ?? null,
          at: r.at,
        })),
      ),
    };
  },
});

/** Marks the workspace's newest alerts seen (the panel's unseen badge clears) for every member. */
export const markAlertsSeen = workspaceMutation({
  can: "edit",
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const latest = await ctx.db
      .query("verifyAlerts")
      .withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", ctx.workspace._id))
      .order("desc")
      .take(OWNER_ALERTS_LIMIT);
    const now = Date.now();
    for (const alert of latest) {
      if (alert.seenAt === undefined) await ctx.db.patch("verifyAlerts", alert._id, { seenAt: now });
    }
    return null;
  },
});
