import type { ConvexReactClient } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { toCsv } from "../../../convex/lib/csv/format";
import { columnOf, csvFieldsOf } from "../../../convex/lib/assets/columns";
import { cellText } from "../../../convex/lib/assets/fieldValues";
import type { InventoryFilter } from "./InventoryTable";
import { customCells, customColumns, type CategoryDefinition } from "../../../convex/lib/customFields/csv";

const IMPORT_SPECS = csvFieldsOf("business");

type ExportPage = FunctionReturnType<typeof api.business.exportPage>;

/**
 * The items the table's filters and search select, in its order, as CSV (the import's
 * columns, serial and status), formulas escaped by toCsv.
 */
export async function inventoryCsv(
  client: ConvexReactClient,
  filter: InventoryFilter & { workspaceId: Id<"workspaces"> },
  customFields: readonly CategoryDefinition[] = [],
): Promise<string> {
  // The custom columns import back: the import maps a column to the field of that name.
  const custom = customColumns(customFields);
  const rows: string[][] = [[...IMPORT_SPECS.map(columnOf), ...custom, "serial", "status"]];
  let cursor: string | null = null;
  for (;;) {
    const page: ExportPage = await client.query(api.business.exportPage, { ...filter, cursor });
    for (const i of page.items) {
      const item = i as Readonly<Record<string, unknown>>;
      const cells = customCells(customFields, i.category, i.custom);
      rows.push([...IMPORT_SPECS.map((f) => cellText(f, item[f.key])), ...custom.map((label) => cells[label]), i.serial, i.status]);
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  return toCsv(rows);
}

export { downloadText as download } from "../../lib/downloadFile";
