import type { CsvCheck } from "../../../convex/lib/csv/import";
import { errorsCsv, MAX_LISTED_ERRORS } from "../../../convex/lib/csv/import";
import { download } from "./exportCsv";
import { DELIMITER_LABELS } from "../../../convex/lib/csv/format";
import { csvFieldsOf, valueOf } from "../../../convex/lib/assets/columns";
import type { FieldSpec } from "../../../convex/lib/assets/fields";
import { fieldValue } from "../../lib/FieldValue";
import { formatNumber } from "../../lib/format";
import { Button, cn } from "../../ui";

const PREVIEW_ROWS = 10;
// The import's columns but the long text ones (a description would crowd the preview).
const PREVIEWED = csvFieldsOf("business").filter((f) => f.type !== "text");
const isNumber = (f: FieldSpec) => f.type === "money" || f.type === "count";

/**
 * What a file would import, and every bad row by number, before anything is written: bad
 * rows are left out of the import and can be downloaded as a CSV with their errors.
 */
export function CsvPreview({ check, records, fileName }: { check: CsvCheck; records: readonly string[][]; fileName: string }) {
  if (check.fileError !== null) {
    return <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{check.fileError}</p>;
  }
  const bad = check.errors.length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm" data-testid="csv-summary">
        {formatNumber(check.rows.length)} valid row{check.rows.length === 1 ? "" : "s"}
        {bad > 0 && <span className="font-semibold text-red-700 dark:text-red-400"> · {formatNumber(bad)} row{bad === 1 ? "" : "s"} with errors</span>}
        <span className="text-slate-500"> · {DELIMITER_LABELS[check.delimiter]}-separated</span>
      </p>
      {bad > 0 && (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-semibold">
            {check.rows.length > 0
              ? `The ${bad === 1 ? "row" : `${formatNumber(bad)} rows`} with errors will be left out: the valid rows import. Download ${bad === 1 ? "it" : "them"}, fix and import again.`
              : "No row is valid yet: fix the rows with errors and choose the file again."}
          </p>
          <ul className="mt-2 max-h-48 list-inside list-disc overflow-y-auto" aria-label="Row errors">
            {check.errors.slice(0, MAX_LISTED_ERRORS).map((e) => (
              <li key={e.row}>Row {e.row}: {e.messages.join("; ")}</li>
            ))}
          </ul>
          {bad > MAX_LISTED_ERRORS && <p className="mt-1">…and {formatNumber(bad - MAX_LISTED_ERRORS)} more.</p>}
          <Button variant="outline" size="sm" className="mt-2" onClick={() => download(errorsCsv(records, check.errors), `${fileName.replace(/\.[^.]*$/, "")}-errors.csv`)}>
            Download rows with errors (CSV)
          </Button>
        </div>
      )}
      {check.rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm" aria-label="Preview">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-1 pr-3">Row</th>
                {PREVIEWED.map((f) => <th key={f.key} className={cn("pr-3", isNumber(f) && "text-right")}>{f.column ?? f.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {check.rows.slice(0, PREVIEW_ROWS).map(({ row, input }) => (
                <tr key={row} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-1 pr-3 tabular-nums text-slate-500">{row}</td>
                  {PREVIEWED.map((f) => (
                    <td key={f.key} className={cn("pr-3", isNumber(f) && "text-right tabular-nums", f.key === "sku" && "font-mono")}>{fieldValue(f, valueOf(f, input), { compact: true })}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {check.rows.length > PREVIEW_ROWS && <p className="mt-1 text-xs text-slate-500">First {PREVIEW_ROWS} of {formatNumber(check.rows.length)} rows.</p>}
        </div>
      )}
    </div>
  );
}
