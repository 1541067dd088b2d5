import { useAction, useQuery } from "convex/react";
import { useRef, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { TAGGING_COST } from "../../../convex/lib/constants";
import { IMPORT_COLUMNS } from "../../../convex/lib/csv/import";
import { toastSpendFailure } from "../../lib/spendToasts";
import { Button, Modal } from "../../ui";
import { CsvPreview } from "./CsvPreview";
import { ProgressBar } from "./ProgressBar";
import { readCsvFile, type ReadResult } from "./readCsvFile";
import { errorMessage } from "../../lib/errors";
import { formatNumber } from "../../lib/format";

export function ImportPanel() {
  const importCsv = useAction(api.business.importCsv);
  const job = useQuery(api.business.currentImport, {});
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [file, setFile] = useState<{ name: string; result: ReadResult } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    setError(null);
    setFile(null);
    setReading(0);
    const result = await readCsvFile(chosen, setReading);
    setReading(null);
    setFile({ name: chosen.name, result });
  };
  const result = file?.result;
  const check = result?.ok ? result.check : null;
  const ready = check !== null && check.headerError === null && check.errors.length === 0 && check.rows.length > 0;
  const cost = (check?.rows.length ?? 0) * TAGGING_COST;

  const run = async () => {
    if (!result?.ok) return;
    setConfirming(false);
    setImporting(true);
    setError(null);
    try {
      const done = await importCsv({ csv: result.text, expectedCost: cost });
      toast.success(`Imported ${formatNumber(done.imported)} items for ${formatNumber(done.charged)} TMT`);
      setFile(null);
    } catch (e) {
      // The import charges the whole file: the wallet's messages are toasted.
      toastSpendFailure(e);
      setError(errorMessage(e, "The import failed; nothing was imported."));
    } finally {
      setImporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Columns: <code className="text-xs">{IMPORT_COLUMNS.join(", ")}</code> (name, sku and quantity required; unit_cost like 12.50). Up to 10,000
        rows and 5 MB. Tagging costs {TAGGING_COST} TMT per item.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input ref={input} type="file" accept=".csv,text/csv" className="sr-only" aria-label="CSV file" onChange={(e) => void choose(e)} />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={importing || reading !== null}>Choose CSV file</Button>
        {file && <span className="truncate text-sm text-slate-600 dark:text-slate-400">{file.name}</span>}
      </div>
      {reading !== null && <ProgressBar label="Reading file" fraction={reading} />}
      {result && !result.ok && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{result.message}</p>}
      {check && <CsvPreview check={check} />}
      {ready && !importing && (
        <div><Button onClick={() => setConfirming(true)}>Import {formatNumber(check.rows.length)} items</Button></div>
      )}
      {importing && job?.status === "running" && <ProgressBar label="Importing" fraction={job.done / Math.max(1, job.total)} detail={`${formatNumber(job.done)} of ${formatNumber(job.total)}`} />}
      {importing && job?.status !== "running" && <ProgressBar label="Checking every row" fraction={0} />}
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirm the import"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button onClick={() => void run()}>Import and pay {formatNumber(cost)} TMT</Button>
          </>
        }
      >
        <p>
          Tagging {formatNumber(check?.rows.length ?? 0)} items costs <strong>{formatNumber(cost)} TMT</strong> ({TAGGING_COST} TMT each), charged once from your
          wallet. If anything fails, nothing is imported and nothing is charged.
        </p>
      </Modal>
    </div>
  );
}
