// A QR code as runs of dark modules, so the PDF draws one rectangle per run (not per module)
// and the printed page one SVG path.
import { create, type QRCodeMaskPattern } from "qrcode";

/** A horizontal run of dark modules: row, first column, length. */
type QrRun = readonly [row: number, column: number, length: number];
export type QrMatrix = { size: number; runs: QrRun[] };

/** Light modules around the code; scanners need a quiet zone and the label padding adds to it. */
export const QR_MARGIN = 2;

// A page re-renders its labels when the stock changes; the codes stay the same.
const cache = new Map<string, QrMatrix>();
const CACHE_MAX = 6_000;

export function qrMatrix(text: string): QrMatrix {
  const cached = cache.get(text);
  if (cached) return cached;
  const matrix = encode(text);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, matrix);
  return matrix;
}

/**
 * A code drawn once (an ownership certificate, one of thousands in an export): uncached, with
 * a fixed mask pattern, which skips scoring all eight masks (about five times faster) and
 * scans just as well.
 */
export const qrMatrixOnce = (text: string): QrMatrix => encode(text, 2);

function encode(text: string, maskPattern?: QRCodeMaskPattern): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: "M", ...(maskPattern === undefined ? {} : { maskPattern }) });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

/** The code as one SVG path in module units, the quiet zone included (viewBox 0 0 n n). */
export function qrPath({ runs }: QrMatrix): string {
  return runs.map(([row, column, length]) => `M${column + QR_MARGIN} ${row + QR_MARGIN}h${length}v1h-${length}z`).join("");
}
