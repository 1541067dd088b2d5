// The insurance report (issue 28): a workspace's items, or a selection of them, with values,
// photos, serials and attached files, totals per currency and per location, as CSV and PDF.
// Built in the background (a scheduled action reading a page of items per query), so a
// workspace of 10,000 items is as bounded as one of ten; its progress is live.
// Who: every member, viewers included. A viewer reads each of these facts on the item's
// page already (can "read"); the report adds no fact and changes nothing in the register.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, internalQuery } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { workspaceMutation, workspaceQuery } from "./lib/access";
import { countOwnedByPair } from "./lib/counts/assetCounts";
import { heldStatus } from "./lib/assets/worth";
import { appError } from "./lib/errors";
import { moneyValidator } from "./lib/money/currency";
import {
  locationTotalValidator,
  MAX_REPORT_SELECTION,
  REPORT_KINDS,
  REPORT_MESSAGES,
  REPORT_PAGE,
  reportCsv,
  reportRow,
  reportRowValidator,
  reportTotals,
  type ReportRow,
} from "./lib/reports/rules";
import { deleteReport, latestReport } from "./lib/reports/store";

/** Starts a report of the workspace (no ids) or of the chosen items; a report already being built is answered instead. */
export const start = workspaceMutation({
  can: "read",
  args: { assetIds: v.optional(v.array(v.id("assets"))) },
  returns: v.id("insuranceReports"),
  handler: async (ctx, { assetIds }) => {
    if (assetIds !== undefined && assetIds.length > MAX_REPORT_SELECTION) throw appError("INVALID", REPORT_MESSAGES.tooMany);
    if (assetIds !== undefined && assetIds.length === 0) throw appError("INVALID", REPORT_MESSAGES.none);
    const workspaceId = ctx.workspace._id;
    const previous = await latestReport(ctx, workspaceId);
    if (previous?.status === "running") return previous._id;
    if (previous !== null) await deleteReport(ctx, previous);
    const ids = assetIds === undefined ? undefined : [...new Set(assetIds)];
    const counts = (await Promise.all(REPORT_KINDS.map((kind) => countOwnedByPair(ctx, workspaceId, { kind })))).flat();
    const total = ids?.length ?? counts.reduce((sum, c) => sum + (heldStatus(c.status) ? c.count : 0), 0);
    const reportId = await ctx.db.insert("insuranceReports", { workspaceId, status: "running", startedAt: Date.now(), assetIds: ids, processed: 0, total });
    await ctx.scheduler.runAfter(0, internal.insuranceReports.build, { reportId });
    return reportId;
  },
});

const reportViewValidator = v.object({
  _id: v.id("insuranceReports"),
  status: v.union(v.literal("running"), v.literal("ready"), v.literal("failed")),
  selection: v.boolean(),
  startedAt: v.number(),
  processed: v.number(),
  total: v.number(),
  csvUrl: v.union(v.string(), v.null()),
  rowsUrl: v.union(v.string(), v.null()),
  totals: v.union(v.object({ items: v.number(), values: v.array(moneyValidator), byLocation: v.array(locationTotalValidator) }), v.null()),
});

/** The workspace's latest report: its progress while it is built, its files when ready. */
export const latest = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(reportViewValidator, v.null()),
  handler: async (ctx) => {
    const report = await latestReport(ctx, ctx.workspace._id);
    if (report === null) return null;
    return {
      _id: report._id,
      status: report.status,
      selection: report.assetIds !== undefined,
      startedAt: report.startedAt,
      processed: report.processed,
      total: report.total,
      csvUrl: report.csv === undefined ? null : await ctx.storage.getUrl(report.csv),
      rowsUrl: report.rows === undefined ? null : await ctx.storage.getUrl(report.rows),
      totals: report.totals ?? null,
    };
  },
});

const stepValidator = v.object({ rows: v.array(reportRowValidator), cursor: v.union(v.string(), v.null()), kindIndex: v.number(), done: v.boolean() });

/** One page of the report's items: of a kind of the workspace (by cursor), or of its selection (by offset). */
export const page = internalQuery({
  args: { reportId: v.id("insuranceReports"), kindIndex: v.number(), cursor: v.union(v.string(), v.null()), offset: v.number() },
  returns: v.union(stepValidator, v.null()),
  handler: async (ctx, { reportId, kindIndex, cursor, offset }) => {
    const report = await ctx.db.get("insuranceReports", reportId);
    if (report === null || report.status !== "running") return null;
    const rowOf = async (asset: NonNullable<Awaited<ReturnType<typeof ctx.db.get<"assets">>>>) => {
      const photo = asset.files.find((f) => f.kind === "photo");
      return reportRow(asset, photo === undefined ? null : await ctx.storage.getUrl(photo.storageId));
    };
    if (report.assetIds !== undefined) {
      const ids = report.assetIds.slice(offset, offset + REPORT_PAGE);
      const rows: ReportRow[] = [];
      for (const id of ids) {
        const asset = await ctx.db.get("assets", id);
        // Items moved out, handed over or deleted since they were chosen, and kinds a report does not list, are left out.
        if (asset === null || asset.workspaceId !== report.workspaceId || !heldStatus(asset.status) || !(REPORT_KINDS as readonly string[]).includes(asset.kind)) continue;
        rows.push(await rowOf(asset));
      }
      return { rows, cursor: null, kindIndex, done: offset + REPORT_PAGE >= report.assetIds.length };
    }
    const kind = REPORT_KINDS[kindIndex];
    const result = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_kind_and_taggedAt", (q) => q.eq("workspaceId", report.workspaceId).eq("kind", kind))
      .paginate({ numItems: REPORT_PAGE, cursor });
    // What the workspace holds, as the dashboard's Value counts it (lib/assets/worth.ts): not what it handed over.
    const rows = await Promise.all(result.page.filter((a) => heldStatus(a.status)).map(rowOf));
    if (!result.isDone) return { rows, cursor: result.continueCursor, kindIndex, done: false };
    return { rows, cursor: null, kindIndex: kindIndex + 1, done: kindIndex + 1 >= REPORT_KINDS.length };
  },
});

export const progress = internalMutation({
  args: { reportId: v.id("insuranceReports"), processed: v.number() },
  returns: v.null(),
  handler: async (ctx, { reportId, processed }) => {
    const report = await ctx.db.get("insuranceReports", reportId);
    if (report?.status === "running") await ctx.db.patch("insuranceReports", reportId, { processed: Math.min(processed, report.total) });
    return null;
  },
});

export const finish = internalMutation({
  args: {
    reportId: v.id("insuranceReports"),
    csv: v.id("_storage"),
    rows: v.id("_storage"),
    totals: v.object({ items: v.number(), values: v.array(moneyValidator), byLocation: v.array(locationTotalValidator) }),
  },
  returns: v.null(),
  handler: async (ctx, { reportId, csv, rows, totals }) => {
    const report = await ctx.db.get("insuranceReports", reportId);
    if (report === null) {
      // Replaced or erased meanwhile: its files go too.
      await ctx.storage.delete(csv);
      await ctx.storage.delete(rows);
      return null;
    }
    await ctx.db.patch("insuranceReports", reportId, { status: "ready", csv, rows, totals, processed: totals.items, total: totals.items, finishedAt: Date.now() });
    return null;
  },
});

export const fail = internalMutation({
  args: { reportId: v.id("insuranceReports") },
  returns: v.null(),
  handler: async (ctx, { reportId }) => {
    if ((await ctx.db.get("insuranceReports", reportId)) !== null) await ctx.db.patch("insuranceReports", reportId, { status: "failed", finishedAt: Date.now() });
    return null;
  },
});

/** Reads the items page by page (progress after each), then stores the CSV and the PDF's rows. */
export const build = internalAction({
  args: { reportId: v.id("insuranceReports") },
  returns: v.null(),
  handler: async (ctx, { reportId }) => {
    try {
      const rows: ReportRow[] = [];
      let step = { kindIndex: 0, cursor: null as string | null, offset: 0 };
      for (;;) {
        const result = await ctx.runQuery(internal.insuranceReports.page, { reportId, ...step });
        if (result === null) return null;
        rows.push(...result.rows);
        step = { kindIndex: result.kindIndex, cursor: result.cursor, offset: step.offset + REPORT_PAGE };
        await ctx.runMutation(internal.insuranceReports.progress, { reportId, processed: rows.length });
        if (result.done) break;
      }
      const totals = reportTotals(rows);
      const csv: Id<"_storage"> = await ctx.storage.store(new Blob([reportCsv(rows, totals)], { type: "text/csv;charset=utf-8" }));
      const json: Id<"_storage"> = await ctx.storage.store(new Blob([JSON.stringify(rows)], { type: "application/json" }));
      await ctx.runMutation(internal.insuranceReports.finish, { reportId, csv, rows: json, totals });
    } catch (error) {
      await ctx.runMutation(internal.insuranceReports.fail, { reportId });
      throw error;
    }
    return null;
  },
});
