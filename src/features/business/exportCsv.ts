import type { ConvexReactClient } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { toCsv } from "../../../convex/lib/csv/format";
import { IMPORT_FIELDS } from "../../../convex/lib/csv/import";
import { moneyCell } from "./businessFormat";
import type { InventoryFilter } from "./InventoryTable";

type ExportPage = FunctionReturnType<typeof api.business.exportPage>;

/**
 * The items the table's filters and search select, in its order, as CSV (import columns,
 * serial and status), formulas escaped by toCsv.
 */
export async function inventoryCsv(client: ConvexReactClient, filter: InventoryFilter & { workspaceId: Id<"workspaces"> }): Promise<string> {
  const rows: string[][] = [[...IMPORT_FIELDS, "serial", "status"]];
  let cursor: string | null = null;
  for (;;) {
    const page: ExportPage = await client.query(api.business.exportPage, { ...filter, cursor });
    for (const i of page.items) {
      rows.push([i.name, i.sku, String(i.quantity), moneyCell(i.unitCost), i.location ?? "", i.category ?? "", i.description ?? "", i.serial, i.status]);
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  return toCsv(rows);
}

export { downloadText as download } from "../../lib/downloadFile";
