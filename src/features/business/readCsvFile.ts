// Reads a chosen file in the browser and checks it with the import's own rules
// (the server checks the same text again when the import starts).
import { parseCsv, type ParsedCsv } from "../../../convex/lib/csv/format";
import { CSV_MESSAGES, formatBytes, MAX_CSV_BYTES } from "../../../convex/lib/csv/import";

export type ReadFile = { ok: true; name: string; text: string; parsed: ParsedCsv } | { ok: false; message: string };

/** A size or type problem found before reading a byte, or null. */
function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_CSV_BYTES) return CSV_MESSAGES.tooLarge(formatBytes(file.size));
  if (!/\.(csv|tsv|txt)$/i.test(file.name)) return CSV_MESSAGES.notCsv;
  return null;
}

export async function readCsvFile(file: File): Promise<ReadFile> {
  const problem = fileProblem(file);
  if (problem !== null) return { ok: false, message: problem };
  const text = await file.text();
  const parsed = parseCsv(text);
  if (parsed.unclosedQuoteLine !== null) return { ok: false, message: CSV_MESSAGES.unclosedQuote(parsed.unclosedQuoteLine) };
  if (parsed.records.length < 2) return { ok: false, message: CSV_MESSAGES.empty };
  return { ok: true, name: file.name, text, parsed };
}
