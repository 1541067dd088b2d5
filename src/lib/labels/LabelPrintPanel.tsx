// The print controls every label job shares (/labels, sticker batches): the stock, a true-size
// preview of the first page, Print (the browser, @page sized to the stock) and Download PDF.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button, Select } from "../../ui";
import { formatNumber } from "../format";
import { fromPosition, LABEL_FORMATS, labelFormat, labelsPerPage, pageCount, paginate, type LabelFormat } from "./formats";
import { missingChars } from "../../../convex/lib/fonts/runs";
import { labelTexts, type Label } from "./label";
import { LabelPage, PrintableLabels } from "./LabelPages";
import { previewName } from "./measure";

const PX_PER_MM = 96 / 25.4;
// Up to this many labels the printable pages are in the page from the start; a larger job
// builds them when printing starts (Print, or the browser's own print command).
const EAGER_PRINT_MAX = 300;

/** Whether the printable pages are rendered, and `print()` that renders them first. */
function usePrintPages(count: number) {
  const [requested, setRequested] = useState(false);
  const ready = requested || count <= EAGER_PRINT_MAX;
  useEffect(() => {
    // "beforeprint" runs before the browser lays out the printout; flushSync renders in time.
    const before = () => flushSync(() => setRequested(true));
    window.addEventListener("beforeprint", before);
    return () => window.removeEventListener("beforeprint", before);
  }, []);
  const print = () => {
    flushSync(() => setRequested(true));
    window.print();
  };
  return { ready, print };
}

/** Says which names do not fit this stock even in the smallest type, and so end in "…". */
function ShortenedNames({ labels, format }: { labels: readonly Label[]; format: LabelFormat }) {
  const shortened = labels.filter((label) => previewName(label.name, format.label).truncated);
  if (shortened.length === 0) return null;
  const first = shortened[0]!.name;
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="label-shortened">
      {shortened.length === 1
        ? `“${first}” is too long for this stock even in the smallest type: it ends with “…”.`
        : `${formatNumber(shortened.length)} names, such as “${first}”, are too long for this stock even in the smallest type: they end with “…”.`}{" "}
      A larger stock prints {shortened.length === 1 ? "it" : "them"} in full.
    </p>
  );
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
const MISSING_SHOWN = 5;

/** Names the characters no font of the PDF has (they print as "?"); every other one prints, whatever its script. */
function MissingCharacters({ labels }: { labels: readonly Label[] }) {
  const missing = missingChars(labels.flatMap(labelTexts));
  if (missing.length === 0) return null;
  const shown = missing.slice(0, MISSING_SHOWN).map((char) => `“${char}” (${codePoint(char)})`).join(", ");
  const more = missing.length > MISSING_SHOWN ? ` and ${formatNumber(missing.length - MISSING_SHOWN)} more` : "";
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="label-missing">
      No font the PDF has prints {shown}{more}: {missing.length === 1 ? "it prints" : "they print"} as “?”.
    </p>
  );
}

/** Scales the page preview down to the width it has (never up). */
function useFitZoom(pageWidthMm: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, zoom: width > 0 ? Math.min(1, width / (pageWidthMm * PX_PER_MM)) : 0 };
}

type Props = {
  labels: readonly Label[];
  formatId: string;
  onFormatChange: (id: string) => void;
  /** The PDF's file name, without ".pdf". */
  fileName: string;
};

export function LabelPrintPanel({ labels, formatId, onFormatChange, fileName }: Props) {
  const format = labelFormat(formatId);
  const perSheet = labelsPerPage(format);
  // Where the first label goes on a sheet partly used already (1: the top left).
  const [start, setStart] = useState(1);
  const placed = fromPosition(format, labels, start);
  const pages = pageCount(format, placed.length);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { ref, zoom } = useFitZoom(format.page.width);
  const firstPage = paginate(format, placed)[0] ?? [];
  const printing = usePrintPages(labels.length);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { default: downloadLabelsPdf } = await import("./download");
      await downloadLabelsPdf(placed, format, `${fileName}-${format.id}.pdf`);
    } catch {
      setError("The PDF could not be made. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Select label="Label stock" value={format.id} onChange={(e) => {
        setStart(1);
        onFormatChange(e.target.value);
      }}>
        {LABEL_FORMATS.map((f) => (
          <option key={f.id} value={f.id}>{f.name}</option>
        ))}
      </Select>
      {perSheet > 1 && (
        <Select label="Start at label" hint="On a sheet already partly used: the labels before this one stay blank." value={String(start)} onChange={(e) => setStart(Number(e.target.value))}>
          {Array.from({ length: perSheet }, (_, i) => (
            <option key={i} value={i + 1}>{`${i + 1} (row ${Math.floor(i / format.columns) + 1}, column ${(i % format.columns) + 1})`}</option>
          ))}
        </Select>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="label-summary">
        {formatNumber(labels.length)} {labels.length === 1 ? "label" : "labels"} · {formatNumber(pages)} {pages === 1 ? "page" : "pages"}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={printing.print} disabled={labels.length === 0}>Print</Button>
        <Button variant="outline" onClick={download} loading={busy} loadingText="Preparing PDF..." disabled={labels.length === 0}>
          Download PDF
        </Button>
      </div>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <ShortenedNames labels={labels} format={format} />
      <MissingCharacters labels={labels} />
      <figure className="flex flex-col gap-2">
        <figcaption className="text-xs text-slate-600 dark:text-slate-400">
          Preview of page 1{pages > 1 ? ` of ${formatNumber(pages)}` : ""}, at {Math.round(zoom * 100)}% of its printed size
        </figcaption>
        <div ref={ref} className="w-full">
          <div className="w-fit rounded-sm shadow ring-1 ring-slate-300 dark:ring-slate-700" style={{ zoom }} data-testid="label-preview">
            <LabelPage format={format} labels={firstPage} />
          </div>
        </div>
      </figure>
      {printing.ready && <PrintableLabels format={format} labels={placed} />}
    </div>
  );
}
