// The CSV import, step by step: choose a file (or download the template), match
// its columns, see every bad row, choose what duplicates do, see the price and
// the balance, pay; then follow the job live, or cancel it.
import { useMemo, useRef, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { checkRecords, guessMapping, templateCsv, type Mapping } from "../../../convex/lib/csv/import";
import { planImport, skuOf, type OnDuplicate } from "../../../convex/lib/csv/plan";
import { importCost } from "../../../convex/lib/csv/pricing";
import { errorMessage } from "../../lib/errors";
import { formatNumber } from "../../lib/format";
import { toastSpendFailure } from "../../lib/spendToasts";
import { Button } from "../../ui";
import { CsvPreview } from "./CsvPreview";
import { DuplicateChoice } from "./DuplicateChoice";
import { download } from "./exportCsv";
import { ImportCost } from "./ImportCost";
import { ImportProgress } from "./ImportProgress";
import { MappingForm } from "./MappingForm";
import { customColumns as customColumnsOf, guessCustomMapping, type CustomMapping } from "../../../convex/lib/customFields/csv";
import { readCsvFile, type ReadFile } from "./readCsvFile";
import { useHeldSkus } from "./useHeldSkus";
import { useWorkspaceCurrency, useWorkspaceQuery, useWorkspaceAction } from "../../lib/useWorkspace";

export function ImportPanel() {
  const start = useWorkspaceAction(api.imports.start);
  const job = useWorkspaceQuery(api.imports.current, {});
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [customMapping, setCustomMapping] = useState<CustomMapping>({});
  const definitions = useWorkspaceQuery(api.customFields.list, {});
  const customFields = useMemo(() => definitions?.filter((d) => !d.removed) ?? [], [definitions]);
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>("skip");
  const [starting, setStarting] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    const read = await readCsvFile(chosen);
    setFile(read);
    if (!read.ok) return;
    const guessed = guessMapping(read.parsed.records[0]);
    setMapping(guessed);
    setCustomMapping(guessCustomMapping(read.parsed.records[0], customFields, guessed));
  };
  const currency = useWorkspaceCurrency();
  const check = useMemo(
    () => (file?.ok ? checkRecords(file.parsed.records, mapping, file.parsed.delimiter, { currency, custom: { defs: customFields, mapping: customMapping } }) : null),
    [file, mapping, currency, customFields, customMapping],
  );
  // Rows with errors are left out; the valid ones import.
  const ready = check !== null && check.fileError === null && check.rows.length > 0;
  const skus = useMemo(() => (ready ? [...new Set(check.rows.map((r) => skuOf(r.input)))] : null), [ready, check]);
  const { held, error: heldError } = useHeldSkus(skus);
  const plan = useMemo(() => (ready && held !== null ? planImport(check.rows, new Map([...held].map((s) => [s, s])), onDuplicate) : null), [ready, check, held, onDuplicate]);
  const running = job?.status === "running" || job?.status === "rolling_back";

  const pay = async () => {
    if (!file?.ok || plan === null) return;
    setStarting(true);
    try {
      const customColumns = Object.entries(customMapping).map(([label, column]) => ({ label, column }));
      const started = await start({ fileName: file.name, csv: file.text, mapping, ...(customColumns.length > 0 ? { customMapping: customColumns } : {}), onDuplicate, expectedCost: importCost(plan.creates) });
      toast.success(`Import started: ${formatNumber(started.total)} rows${started.leftOut > 0 ? `, ${formatNumber(started.leftOut)} with errors left out` : ""}`);
      setFile(null);
    } catch (e) {
      if (!toastSpendFailure(e)) toast.error(errorMessage(e, "The import did not start"));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Comma-, semicolon- or tab-separated, up to 10,000 rows and 5 MB. Name, SKU and quantity are required. Duplicate SKUs are found before you pay.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input ref={input} type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" className="sr-only" aria-label="CSV file" onChange={(e) => void choose(e)} />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={starting}>Choose CSV file</Button>
        <Button variant="ghost" onClick={() => download(templateCsv(), "inventory-template.csv")}>Download template</Button>
        {file?.ok && <span className="min-w-0 truncate text-sm text-slate-600 dark:text-slate-400">{file.name}</span>}
      </div>
      {file && !file.ok && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{file.message}</p>}
      {file?.ok && <MappingForm header={file.parsed.records[0]} mapping={mapping} onChange={setMapping}
        custom={{ columns: customColumnsOf(customFields), mapping: customMapping, onChange: setCustomMapping }} />}
      {check && file?.ok && <CsvPreview check={check} records={file.parsed.records} fileName={file.name} />}
      {ready && heldError && <p role="alert" className="text-sm text-red-600">We could not check your inventory for duplicates just now. Try again in a moment.</p>}
      {ready && held === null && !heldError && <p className="text-sm text-slate-500">Looking for duplicate SKUs in your inventory…</p>}
      {plan && <DuplicateChoice plan={plan} value={onDuplicate} onChange={setOnDuplicate} />}
      {plan && running && <p role="alert" className="text-sm text-amber-800 dark:text-amber-300">An import is already running: wait for it to finish or cancel it.</p>}
      {plan && !running && <ImportCost creates={plan.creates} updates={plan.updates} cost={importCost(plan.creates)} busy={starting} onPay={() => void pay()} />}
      <ImportProgress />
    </div>
  );
}
