import type { ConvexReactClient } from "convex/react";
import type { Id } from "../../../convex/_generated/dataModel";
import { api } from "../../../convex/_generated/api";
import { toCsv } from "../../../convex/lib/csv/format";
import { IMPORT_FIELDS } from "../../../convex/lib/csv/import";
import { moneyCell } from "./businessFormat";

/** The whole inventory as CSV (import columns + serial), formulas escaped by toCsv. */
export async function inventoryCsv(client: ConvexReactClient, workspaceId: Id<"workspaces">): Promise<string> {
  const rows: string[][] = [[...IMPORT_FIELDS, "serial"]];
  let cursor: string | null = null;
  for (;;) {
    const page: { items: { name: string; sku: string; quantity: number; unitCost: number | null; location: string | null; category: string | null; description: string | null; serial: string }[]; continueCursor: string; isDone: boolean } =
      await client.query(api.business.exportPage, { workspaceId, cursor });
    for (const i of page.items) {
      rows.push([i.name, i.sku, String(i.quantity), moneyCell(i.unitCost), i.location ?? "", i.category ?? "", i.description ?? "", i.serial]);
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  return toCsv(rows);
}

export { downloadText as download } from "../../lib/downloadFile";
