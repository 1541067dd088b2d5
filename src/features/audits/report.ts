// The finished audit's report: every row fetched page by page (an audit may hold 10,000),
// written as CSV here or as a PDF (reportPdf.ts, loaded only when asked for).
import type { ConvexReactClient } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { REPORT_HEADER, reportRecord } from "../../../convex/lib/audits/report";
import { AUDIT_PAGE_MAX } from "../../../convex/lib/audits/rules";
import { AUDIT_ITEM_STATES, type AuditItemView, type AuditView } from "../../../convex/lib/audits/tables";
import { toCsv } from "../../../convex/lib/csv/format";
import { datedName, downloadText } from "../../lib/downloadFile";

export async function fetchReportRows(client: ConvexReactClient, workspaceId: Id<"workspaces">, auditId: Id<"audits">): Promise<AuditItemView[]> {
  const rows: AuditItemView[] = [];
  for (const state of AUDIT_ITEM_STATES) {
    let cursor: string | null = null;
    for (;;) {
      const result: { page: AuditItemView[]; isDone: boolean; continueCursor: string } = await client.query(api.audits.items, {
        workspaceId,
        auditId,
        state,
        paginationOpts: { numItems: AUDIT_PAGE_MAX, cursor },
      });
      rows.push(...result.page);
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
  }
  return rows;
}

/** "audit-shop-back-room-2026-11-26.pdf". */
export function reportFileName(audit: Pick<AuditView, "name">, extension: "csv" | "pdf"): string {
  const slug = audit.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "report";
  return datedName(`audit-${slug}`, extension);
}

export function downloadReportCsv(audit: AuditView, rows: readonly AuditItemView[]): void {
  downloadText(toCsv([[...REPORT_HEADER], ...rows.map(reportRecord)]), reportFileName(audit, "csv"));
}
