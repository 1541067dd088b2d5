// Reads and checks a CSV in the browser in slices, yielding between them so a
// 10,000-row file shows progress instead of freezing the page.
import { CsvParser } from "../../../convex/lib/csv/format";
import { checkRecords, CSV_MESSAGES, formatBytes, MAX_CSV_BYTES, type CsvCheck } from "../../../convex/lib/csv/import";

const SLICE = 64 * 1024;

export type ReadResult = { ok: true; text: string; check: CsvCheck } | { ok: false; message: string };

/** A size or type problem found before reading a byte, or null. */
function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_CSV_BYTES) return CSV_MESSAGES.tooLarge(formatBytes(file.size));
  if (!/\.csv$/i.test(file.name)) return CSV_MESSAGES.notCsv;
  return null;
}

export async function readCsvFile(file: File, onProgress: (fraction: number) => void): Promise<ReadResult> {
  const problem = fileProblem(file);
  if (problem !== null) return { ok: false, message: problem };
  const text = await file.text();
  const parser = new CsvParser();
  const records: string[][] = [];
  for (let at = 0; at < text.length; at += SLICE) {
    records.push(...parser.push(text.slice(at, at + SLICE)));
    onProgress(Math.min(1, (at + SLICE) / Math.max(1, text.length)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  records.push(...parser.end());
  onProgress(1);
  return { ok: true, text, check: checkRecords(records) };
}
