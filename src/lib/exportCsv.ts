// "Export selection": rows fetched for the selected ids in batches, written as CSV
// (formulas neutralised by toCsv) and downloaded.
import { toCsv } from "../../convex/lib/csv/format";
import { inBatches } from "./bulk";
import { datedName, downloadText } from "./downloadFile";

export async function exportSelection<R>(
  ids: readonly string[],
  fetchRows: (batch: string[]) => Promise<R[]>,
  columns: readonly [header: string, cell: (row: R) => string][],
  filePrefix: string,
  onProgress?: (done: number) => void,
): Promise<number> {
  const rows = (await inBatches(ids, fetchRows, onProgress)).flat();
  downloadText(toCsv([columns.map(([h]) => h), ...rows.map((r) => columns.map(([, cell]) => cell(r)))]), datedName(filePrefix));
  return rows.length;
}
