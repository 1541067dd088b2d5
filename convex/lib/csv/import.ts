// What an inventory CSV must look like, checked the same way in the browser's
// preview and on the server, which refuses the whole file if any row is bad.
import { assetErrors, cleanAsset, type AssetInput } from "../assets/rules";
import { parseCsv, restoreCell } from "./format";

export const IMPORT_COLUMNS = ["name", "sku", "quantity", "unit_cost", "location", "category", "description"] as const;
// Written by the export, ignored on import (serials are issued, never chosen).
const IGNORED_COLUMNS = ["serial"] as const;
const REQUIRED_COLUMNS = ["name", "sku", "quantity"] as const;
const MAX_IMPORT_ROWS = 10_000;
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const IMPORT_BATCH = 200;
/**
 * A job still "running" this long after it began has lost its action (Convex stops an action
 * after 10 minutes; a crash or deploy ends it sooner), so the sweeper undoes it and refunds.
 */
export const IMPORT_STALE_MS = 15 * 60 * 1000;
export const MAX_LISTED_ERRORS = 100;

export const CSV_MESSAGES = {
  empty: "The file is empty: it needs a header row and at least one item",
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} items`,
  tooLarge: (size: string) => `This file is too large (${size}). The limit is ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
  notCsv: "Please choose a .csv file",
  badRows: (n: number) => `${n} row${n === 1 ? " has" : "s have"} errors: nothing was imported. Fix them and try again.`,
} as const;

type RowError = { line: number; messages: string[] };
export type CsvCheck = {
  headerError: string | null;
  rows: AssetInput[];
  errors: RowError[];
};

type Column = (typeof IMPORT_COLUMNS)[number];

/** Maps header names to column positions; null and a message when the header is wrong. */
function readHeader(header: string[]): { index: Partial<Record<Column, number>>; error: string | null } {
  const index: Partial<Record<Column, number>> = {};
  const unknown: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase().replace(/\s+/g, "_") as Column;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && index[name] === undefined) index[name] = i;
    else if (!(IGNORED_COLUMNS as readonly string[]).includes(name)) unknown.push(raw.trim() || `(column ${i + 1})`);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => index[c] === undefined);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`Missing column${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}`);
  if (unknown.length > 0) problems.push(`Unknown column${unknown.length === 1 ? "" : "s"}: ${unknown.slice(0, 5).join(", ")}`);
  if (problems.length > 0) problems.push(`Expected columns: ${IMPORT_COLUMNS.join(", ")}`);
  return { index, error: problems.length > 0 ? problems.join(". ") : null };
}

const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/** One data record to an asset input, or its problems (line = 1-based line in the file). */
function readRow(record: string[], index: Partial<Record<Column, number>>, width: number): { input: AssetInput | null; messages: string[] } {
  const cell = (c: Column) => (index[c] === undefined ? "" : restoreCell((record[index[c]!] ?? "").trim()));
  const messages: string[] = [];
  if (record.length !== width) messages.push(`Expected ${width} cells, found ${record.length}`);
  const quantityText = cell("quantity");
  const costText = cell("unit_cost").replace(/^[£$€]/, "");
  if (!WHOLE.test(quantityText)) messages.push("Quantity must be a whole number, 0 or more");
  if (costText !== "" && !MONEY.test(costText)) messages.push("Unit cost must be an amount like 12.50");
  const input = cleanAsset({
    kind: "business",
    name: cell("name"),
    description: cell("description"),
    category: cell("category"),
    visibility: "private",
    details: {
      kind: "business",
      sku: cell("sku"),
      quantity: WHOLE.test(quantityText) ? Number(quantityText) : 0,
      unitCost: costText !== "" && MONEY.test(costText) ? Math.round(Number(costText) * 100) : undefined,
      location: cell("location"),
    },
  });
  for (const [field, message] of Object.entries(assetErrors(input))) {
    if (field === "quantity" && messages.some((m) => m.startsWith("Quantity"))) continue;
    messages.push(message);
  }
  return { input: messages.length === 0 ? input : null, messages };
}

/** Checks a parsed file: header, row count, every row. */
export function checkRecords(records: string[][]): CsvCheck {
  if (records.length < 2) return { headerError: CSV_MESSAGES.empty, rows: [], errors: [] };
  const { index, error } = readHeader(records[0]);
  if (error !== null) return { headerError: error, rows: [], errors: [] };
  if (records.length - 1 > MAX_IMPORT_ROWS) return { headerError: CSV_MESSAGES.tooManyRows, rows: [], errors: [] };
  const rows: AssetInput[] = [];
  const errors: RowError[] = [];
  records.slice(1).forEach((record, i) => {
    const line = i + 2;
    const { input, messages } = readRow(record, index, records[0].length);
    if (messages.length > 0 || input === null) errors.push({ line, messages });
    else rows.push(input);
  });
  return { headerError: null, rows, errors };
}

export function checkCsv(text: string): CsvCheck {
  return checkRecords(parseCsv(text));
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
