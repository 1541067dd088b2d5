// Label pages as HTML at their real size: what the browser prints, one page per sheet or
// per label, with @page set to the stock's size so nothing is scaled or split.
import { createPortal } from "react-dom";
import { labelPosition, paginate, type LabelFormat } from "./formats";
import type { Label } from "./label";
import { LabelView } from "./LabelView";

const PRINT_ID = "label-print";

/** Print rules: only the labels print, on paper of the format's size, one sheet per page. */
function printCss(format: LabelFormat): string {
  return `#${PRINT_ID} { display: none; }
@media print {
  @page { size: ${format.page.width}mm ${format.page.height}mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${PRINT_ID}) { display: none !important; }
  #${PRINT_ID} { display: block; }
  #${PRINT_ID} > div { break-after: page; }
  #${PRINT_ID} > div:last-child { break-after: auto; }
}`;
}

/** A page of labels; a null is a position left blank (the used part of a sheet). */
export function LabelPage({ format, labels }: { format: LabelFormat; labels: readonly (Label | null)[] }) {
  return (
    // A hair shorter than the paper, so rounding never spills a sheet onto an extra page.
    <div style={{ position: "relative", width: `${format.page.width}mm`, height: `${format.page.height - 0.05}mm`, overflow: "hidden", background: "#fff" }}>
      {labels.map((label, index) => {
        if (label === null) return null;
        const at = labelPosition(format, index);
        return <LabelView key={index} label={label} box={format.label} style={{ left: `${at.x}mm`, top: `${at.y}mm` }} />;
      })}
    </div>
  );
}

/** Renders nothing on screen; while printing, every page of `labels` and nothing else. */
export function PrintableLabels({ format, labels }: { format: LabelFormat; labels: readonly (Label | null)[] }) {
  return createPortal(
    <div id={PRINT_ID} data-testid="label-print">
      <style>{printCss(format)}</style>
      {paginate(format, labels).map((page, index) => (
        <LabelPage key={index} format={format} labels={page} />
      ))}
    </div>,
    document.body,
  );
}
