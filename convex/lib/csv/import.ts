// What an inventory CSV must look like, checked the same way in the browser's
// preview and on the server, which imports the valid rows and leaves the bad ones
// out (the preview offers them as a CSV of errors to fix and import again).
// The user maps the file's own headers to the import's fields; a header that
// names a field (or a usual synonym) is mapped for them.
import { columnOf, csvFieldsOf } from "../assets/columns";
import { parseText } from "../assets/fieldValues";
import { DEFAULT_CURRENCY } from "../money/currency";
import { assetErrors, cleanAsset, type AssetInput } from "../assets/rules";
import { parseCsv, restoreCell, toCsv, type Delimiter } from "./format";
import { messageNumber } from "../errors";
import { MAX_IMPORT_ROWS } from "../constants";
import { readCustomCells, type CategoryDefinition, type CustomMapping } from "../customFields/csv";

/** The workspace's custom fields and the file's columns chosen for them (lib/customFields/csv.ts). */
type CustomImport = { defs: readonly CategoryDefinition[]; mapping: CustomMapping };
/** How a file's cells are read: a bare amount ("12.50") is in `currency`, the workspace's; `custom`, its custom fields' columns. */
type ReadOptions = { currency?: string; custom?: CustomImport };

// The import's columns are the business kind's CSV fields (lib/assets/fields.ts): a column there is a column here.
const IMPORT_SPECS = csvFieldsOf("business");
export const IMPORT_FIELDS: readonly string[] = IMPORT_SPECS.map(columnOf);
export type ImportField = string;
export const REQUIRED_FIELDS: readonly ImportField[] = IMPORT_SPECS.filter((f) => f.required).map(columnOf);
export const FIELD_LABELS: Readonly<Record<ImportField, string>> = Object.fromEntries(IMPORT_SPECS.map((f) => [columnOf(f), f.label]));

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");
// Headers other tools write for the same thing, compared without case, spaces or punctuation.
const SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = Object.fromEntries(
  IMPORT_SPECS.map((f) => [columnOf(f), [normalise(columnOf(f)), ...(f.csv?.synonyms ?? [])]]),
);

export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_LISTED_ERRORS = 100;

/** Column index (0-based) in the file for each mapped field. */
export type Mapping = Partial<Record<ImportField, number>>;

export const CSV_MESSAGES = {
  empty: "The file is empty: it needs a header row and at least one item",
  tooManyRows: `A file may hold at most ${messageNumber(MAX_IMPORT_ROWS)} items`,
  tooLarge: (size: string) => `This file is too large (${size}). The limit is ${MAX_CSV_BYTES / 1024 / 1024} MB.`,
  notCsv: "Please choose a .csv or .tsv file",
  unclosedQuote: (row: number) => `Row ${row} opens a quoted cell that never closes: check its quotes`,
  unmapped: (fields: string[]) => `Choose a column for ${fields.join(", ")}`,
  mappedTwice: (column: string) => `The column "${column}" is chosen for two fields`,
  badColumn: "A chosen column is not in the file",
  noValidRows: "No row of this file is valid: fix the rows with errors and try again.",
} as const;

/** The mapping a header row suggests: each field to the first column named like it. */
export function guessMapping(header: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const i = header.findIndex((h, at) => !used.has(at) && SYNONYMS[field].includes(normalise(h)));
    if (i !== -1) {
      mapping[field] = i;
      used.add(i);
    }
  }
  return mapping;
}

/** Why a mapping cannot be used (a required field unmapped, a column used twice), or null. */
export function mappingError(mapping: Mapping, header: readonly string[], custom: CustomMapping = {}): string | null {
  const missing = REQUIRED_FIELDS.filter((f) => mapping[f] === undefined).map((f) => FIELD_LABELS[f]);
  if (missing.length > 0) return CSV_MESSAGES.unmapped(missing);
  const seen = new Set<number>();
  for (const column of [...IMPORT_FIELDS.map((field) => mapping[field]), ...Object.values(custom)]) {
    if (column === undefined) continue;
    if (!Number.isInteger(column) || column < 0 || column >= header.length) return CSV_MESSAGES.badColumn;
    if (seen.has(column)) return CSV_MESSAGES.mappedTwice(header[column]);
    seen.add(column);
  }
  return null;
}

export type ImportRow = { row: number; input: AssetInput };
type RowError = { row: number; messages: string[] };
export type CsvCheck = {
  /** A problem with the file or the mapping as a whole; rows are not checked then. */
  fileError: string | null;
  header: string[];
  delimiter: Delimiter;
  rows: ImportRow[];
  errors: RowError[];
};

/**
 * One data record to an asset input, or its problems (a cell that is not its type's, then the
 * fields' own checks). An amount without a currency ("12.50") is in `currency`, the workspace's.
 */
function readRow(record: string[], mapping: Mapping, currency: string, custom: CustomImport | undefined): { input: AssetInput; messages: string[] } {
  const messages: string[] = [];
  const unread = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const spec of IMPORT_SPECS) {
    const column = mapping[columnOf(spec)];
    const parsed = parseText(spec, column === undefined ? "" : restoreCell((record[column] ?? "").trim()), currency);
    if ("error" in parsed) {
      messages.push(parsed.error);
      unread.add(spec.key);
    } else values[spec.key] = parsed.value;
  }
  const { name, description, category, ...details } = values;
  const input = cleanAsset({
    kind: "business",
    name: (name as string | undefined) ?? "",
    description: description as string | undefined,
    category: category as string | undefined,
    visibility: "private",
    details: { ...details, kind: "business" } as AssetInput["details"],
  });
  for (const [field, message] of Object.entries(assetErrors(input))) {
    if (!unread.has(field)) messages.push(message);
  }
  if (custom === undefined) return { input, messages };
  const cells = readCustomCells(record, custom.mapping, custom.defs, input.category);
  return { input: cells.custom === undefined ? input : { ...input, custom: cells.custom }, messages: [...messages, ...cells.messages] };
}

/** Checks parsed records against a mapping: row count and every row (row 1 is the header). */
export function checkRecords(records: string[][], mapping: Mapping, delimiter: Delimiter = ",", { currency = DEFAULT_CURRENCY, custom }: ReadOptions = {}): CsvCheck {
  const header = records[0] ?? [];
  const base = { header, delimiter, rows: [], errors: [] };
  if (records.length < 2) return { ...base, fileError: CSV_MESSAGES.empty };
  if (records.length - 1 > MAX_IMPORT_ROWS) return { ...base, fileError: CSV_MESSAGES.tooManyRows };
  const problem = mappingError(mapping, header, custom?.mapping);
  if (problem !== null) return { ...base, fileError: problem };
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    const { input, messages } = readRow(record, mapping, currency, custom);
    if (messages.length > 0) errors.push({ row, messages });
    else rows.push({ row, input });
  });
  return { fileError: null, header, delimiter, rows, errors };
}

/**
 * The rows with errors as a CSV, as Snipe-IT offers them: the file's own header and cells
 * with the row number and its problems first, to fix and import again.
 */
export function errorsCsv(records: readonly string[][], errors: readonly RowError[]): string {
  const header = records[0] ?? [];
  return toCsv([["row", "errors", ...header], ...errors.map((e) => [String(e.row), e.messages.join("; "), ...(records[e.row - 1] ?? [])])]);
}

/** Parses and checks a file's text; without a mapping, the one its header suggests. */
export function checkCsv(text: string, mapping?: Mapping, options: ReadOptions = {}): CsvCheck {
  const { records, delimiter, unclosedQuoteLine } = parseCsv(text);
  if (unclosedQuoteLine !== null) {
    return { fileError: CSV_MESSAGES.unclosedQuote(unclosedQuoteLine), header: records[0] ?? [], delimiter, rows: [], errors: [] };
  }
  return checkRecords(records, mapping ?? guessMapping(records[0] ?? []), delimiter, options);
}

// The template's example rows, by column: a column added to the table is in the template at once.
const EXAMPLES: readonly Readonly<Record<string, string>>[] = [
  { name: "Blue mug", sku: "MUG-001", quantity: "24", unit_cost: "4.50", location: "Shop floor", category: "Kitchen", description: "Stoneware, 350 ml" },
  { name: "Tea towel", sku: "TT-010", quantity: "40", unit_cost: "3.00 EUR", location: "Warehouse", category: "Linen" },
];

/** The downloadable template: the header and two example rows. */
export function templateCsv(): string {
  return toCsv([[...IMPORT_FIELDS], ...EXAMPLES.map((row) => IMPORT_FIELDS.map((column) => row[column] ?? ""))]);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
