// CSV reading (papaparse: quotes, doubled quotes, newlines in cells, CRLF; the
// delimiter guessed among comma, semicolon and tab, as Excel writes them by
// locale; a BOM dropped) and writing, shared by the server's import and
// /business-dashboard's preview, template and export.
import Papa from "papaparse";

const DELIMITERS = [",", ";", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export const DELIMITER_LABELS: Record<Delimiter, string> = { ",": "comma", ";": "semicolon", "\t": "tab" };

export type ParsedCsv = {
  records: string[][];
  delimiter: Delimiter;
  /** A quote opened and never closed: the 1-based line it starts on, else null. */
  unclosedQuoteLine: number | null;
};

function isDelimiter(value: string): value is Delimiter {
  return (DELIMITERS as readonly string[]).includes(value);
}

/** Splits CSV text into records (blank lines skipped). */
export function parseCsv(text: string): ParsedCsv {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { delimitersToGuess: [...DELIMITERS], skipEmptyLines: "greedy" });
  const quote = result.errors.find((e) => e.type === "Quotes");
  return {
    records: result.data,
    delimiter: isDelimiter(result.meta.delimiter) ? result.meta.delimiter : ",",
    // Papaparse counts data rows from 0; the file's first line is 1.
    unclosedQuoteLine: quote === undefined ? null : (quote.row ?? 0) + 1,
  };
}

// A cell a spreadsheet could run as a formula, whatever follows (OWASP's CSV injection list):
// one starting with a tab or CR, or with = + - @ after any leading whitespace. Papaparse's
// own pattern (`escapeFormulae: true`) ends in `.*$`, so a cell holding a line break never matched.
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** Undoes the export's formula escape (a leading ' before such a cell), so an exported file imports back unchanged. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Rows to CSV; a cell a spreadsheet could run as a formula gets a leading ' (and is quoted). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(rows.map((row) => [...row]), { newline: "\r\n", escapeFormulae: FORMULA_START }) + "\r\n";
}
