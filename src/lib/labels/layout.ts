// Where the QR code and the text sit inside one label, in millimetres from its top-left
// corner, and the type sizes in points. The PDF and the printed page both follow it, so
// a download and a print look the same.

export type LabelBox = { width: number; height: number };

export type LabelLayout = {
  qr: { x: number; y: number; size: number };
  text: { x: number; y: number; width: number; height: number; align: "left" | "center" };
  /** Type sizes (pt) of the name, the serial and the "Scan to verify" caption. */
  nameSize: number;
  serialSize: number;
  captionSize: number;
};

export const LINE_HEIGHT = 1.2;
export const MM_TO_PT = 72 / 25.4;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function labelLayout({ width, height }: LabelBox): LabelLayout {
  const pad = clamp(Math.min(width, height) * 0.07, 1.5, 6);
  const nameSize = clamp(Math.min(width, height) * 0.28, 6, 18);
  const sizes = { nameSize, serialSize: nameSize, captionSize: Math.max(5, nameSize * 0.7) };
  // Wide labels: QR on the left, text beside it. Tall ones (4 × 6 in): QR on top.
  if (width >= height * 1.3) {
    // The QR takes at most two fifths of the width: the serial needs the rest on one or two lines.
    const size = Math.min(height - 2 * pad, width * 0.42);
    const x = pad + size + pad * 0.8;
    return { qr: { x: pad, y: pad, size }, text: { x, y: pad, width: width - x - pad, height: size, align: "left" }, ...sizes };
  }
  const size = Math.min(width - 2 * pad, height * 0.6);
  const y = pad + size + pad;
  return {
    qr: { x: (width - size) / 2, y: pad, size },
    text: { x: pad, y, width: width - 2 * pad, height: height - y - pad, align: "center" },
    ...sizes,
  };
}

// DejaVu Sans Bold's capitals and digits are at most about 0.8 em wide on average.
const SERIAL_EM = 0.8;

/**
 * The serial on one line, or on two split at the hyphen nearest its middle, at the largest
 * size up to `preferred` (pt) that fits `widthMm`. Never shortened: a serial is typed by hand.
 */
export function serialLines(serial: string, widthMm: number, preferred: number): { lines: string[]; size: number } {
  const widthPt = widthMm * MM_TO_PT;
  const sizeFor = (lines: string[]) => Math.min(preferred, widthPt / (Math.max(...lines.map((l) => l.length)) * SERIAL_EM));
  const one = [serial];
  if (sizeFor(one) >= preferred * 0.7) return { lines: one, size: sizeFor(one) };
  let best = one;
  for (let i = serial.indexOf("-"); i >= 0; i = serial.indexOf("-", i + 1)) {
    const two = [serial.slice(0, i + 1), serial.slice(i + 1)];
    if (two[1] !== "" && sizeFor(two) > sizeFor(best)) best = two;
  }
  return { lines: best, size: sizeFor(best) };
}
