// A QR code drawn into a pdf-lib page (labels in the browser, ownership certificates in
// the export action): one compressed content stream of rectangles in module units.
import { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage } from "pdf-lib";
import { QR_MARGIN, type QrMatrix } from "./matrix";

/**
 * The QR code as a form XObject: one compressed content stream of rectangles in module units,
 * drawn scaled into place. Much faster to build and save than one operator object per run.
 */
export function drawQr(doc: PDFDocument, page: PDFPage, matrix: QrMatrix, x: number, top: number, size: number) {
  const extent = matrix.size + 2 * QR_MARGIN;
  const rects = matrix.runs.map(([row, column, length]) => `${column + QR_MARGIN} ${extent - row - QR_MARGIN - 1} ${length} 1 re`);
  const form = doc.context.flateStream(`0 g\n${rects.join("\n")}\nf\n`, {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, extent, extent],
  });
  const name = page.node.newXObject("QR", doc.context.register(form));
  const scale = size / extent;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(scale, 0, 0, scale, x, top - size), drawObject(name), popGraphicsState());
}

