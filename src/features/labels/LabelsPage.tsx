import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { LABELS_PER_JOB_MAX } from "../../../convex/lib/assets/labels";
import { Card, PageSpinner, buttonClasses } from "../../ui";
import { formatNumber } from "../../lib/format";
import { readLabelSelection } from "../../lib/labelSelection";
import { VERIFY_CAPTION, verifyUrl } from "../../lib/labels/label";
import { LabelPrintPanel } from "../../lib/labels/LabelPrintPanel";
import { useLabelFormat } from "../../lib/labels/useLabelFormat";
import { useLabelData } from "./useLabelData";

// `?ids=a,b` names a few assets (an asset's page); a list's selection comes through sessionStorage.
const URL_IDS_MAX = 50;

function selectedIds(fromUrl: string | null): string[] {
  const ids = fromUrl !== null ? fromUrl.split(",").slice(0, URL_IDS_MAX) : readLabelSelection();
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ""))];
}

function Notice({ children }: { children: React.ReactNode }) {
  return <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{children}</p>;
}

/** /labels: print or download the labels of one asset or of a list's selection. */
export default function LabelsPage() {
  const [params] = useSearchParams();
  // The selection is read once per visit: the ids in the URL or in this tab's storage.
  const idsParam = params.get("ids");
  const allIds = useMemo(() => selectedIds(idsParam), [idsParam]);
  const ids = useMemo(() => allIds.slice(0, LABELS_PER_JOB_MAX), [allIds]);
  const data = useLabelData(ids);
  const [formatId, setFormat] = useLabelFormat();
  const labels = useMemo(
    () => (data.status === "ready" ? data.items.map((a) => ({ serial: a.serial, name: a.name, lines: a.lines, caption: VERIFY_CAPTION, url: verifyUrl(a.serial) })) : []),
    [data],
  );

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Print labels</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Each label carries a QR code to the item's verify page, its serial and its name. Choose the label stock you print on.
        </p>
      </div>
      {ids.length === 0 ? (
        <Card>
          <p className="text-slate-700 dark:text-slate-300">No items are selected for labels.</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Select items in My Assets or the business inventory and choose Print labels, or print one from an item's page.</p>
          <Link to="/assets" className={buttonClasses("outline", "sm") + " mt-4"}>Go to My Assets</Link>
        </Card>
      ) : data.status === "loading" ? (
        <PageSpinner label="Loading labels..." />
      ) : data.status === "error" ? (
        <p role="alert" className="text-red-600 dark:text-red-400">The labels could not be loaded. Please try again.</p>
      ) : (
        <Card>
          <div className="flex flex-col gap-4">
            {allIds.length > LABELS_PER_JOB_MAX && (
              <Notice>One print job holds at most {formatNumber(LABELS_PER_JOB_MAX)} labels: the first {formatNumber(LABELS_PER_JOB_MAX)} of your {formatNumber(allIds.length)} items are here.</Notice>
            )}
            {data.missing > 0 && (
              <Notice>{formatNumber(data.missing)} selected {data.missing === 1 ? "item is" : "items are"} not in your assets any more and {data.missing === 1 ? "has" : "have"} no label.</Notice>
            )}
            <LabelPrintPanel labels={labels} formatId={formatId} onFormatChange={setFormat} fileName="labels" />
          </div>
        </Card>
      )}
    </section>
  );
}
