// CSV reading and writing (RFC 4180: quotes, doubled quotes, CRLF, a BOM), used by
// the server's import and by /business-dashboard's preview and export.

/** Splits CSV text into records. Quoted fields may hold commas and newlines. */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}

/** Incremental parser: feed chunks, collect records as they complete (client progress). */
export class CsvParser {
  private records: string[][] = [];
  private record: string[] = [];
  private field = "";
  private quoted = false;
  private afterQuote = false;
  private started = false;

  push(chunk: string): string[][] {
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    for (; i < chunk.length; i += 1) {
      const c = chunk[i];
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else this.field += c;
        continue;
      }
      if (c === '"') {
        // A doubled quote inside a quoted field, or the opening quote.
        if (this.afterQuote) this.field += '"';
        this.quoted = true;
        this.afterQuote = false;
        continue;
      }
      this.afterQuote = false;
      if (c === ",") this.endField();
      else if (c === "\n") this.endRecord();
      else if (c !== "\r") this.field += c;
    }
    const done = this.records;
    this.records = [];
    return done;
  }

  end(): string[][] {
    if (this.field !== "" || this.record.length > 0) this.endRecord();
    const done = this.records;
    this.records = [];
    return done;
  }

  private endField() {
    this.record.push(this.field);
    this.field = "";
  }

  private endRecord() {
    this.endField();
    // Blank lines are not records.
    if (!(this.record.length === 1 && this.record[0].trim() === "")) this.records.push(this.record);
    this.record = [];
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will never run as a formula: `=`, `+`, `-`, `@` (and tab/CR) get a leading '. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes neutraliseCell on import, so an exported file imports back unchanged. */
export function restoreCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => quote(neutraliseCell(cell))).join(",")).join("\r\n") + "\r\n";
}
