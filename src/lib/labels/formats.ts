// The label stock we print on. Sizes are the stock makers' own (Brother DK, Zebra/DYMO,
// Avery), in millimetres, so a printed sheet lines up with the die-cut labels.

export type LabelFormat = {
  id: string;
  name: string;
  /** The paper: one label's size on label printers, the whole sheet otherwise. */
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** Top-left corner of the first label on the page. */
  origin: { x: number; y: number };
  /** Distance from one label's corner to the next one's (label size plus the gap). */
  pitch: { x: number; y: number };
};

const INCH = 25.4;

function onePerPage(id: string, name: string, width: number, height: number): LabelFormat {
  return {
    id,
    name,
    page: { width, height },
    columns: 1,
    rows: 1,
    label: { width, height },
    origin: { x: 0, y: 0 },
    pitch: { x: width, y: height },
  };
}

export const LABEL_FORMATS: readonly LabelFormat[] = [
  // Continuous 62 mm tape (Brother DK-22205) cut every 32 mm: room for the QR and two lines of name.
  onePerPage("roll-62mm", "62 mm roll · label printer", 62, 32),
  onePerPage("label-2x1in", "2 × 1 in · label printer", 2 * INCH, 1 * INCH),
  onePerPage("label-4x6in", "4 × 6 in · label printer", 4 * INCH, 6 * INCH),
  {
    id: "a4-3x7",
    name: "A4 3 × 7 · Avery L7160",
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 7,
    label: { width: 63.5, height: 38.1 },
    origin: { x: 7.2, y: 15.15 },
    pitch: { x: 66, y: 38.1 },
  },
  {
    id: "a4-3x8",
    name: "A4 3 × 8 · Avery L7159",
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 64, height: 33.9 },
    origin: { x: 6.5, y: 12.9 },
    pitch: { x: 66.5, y: 33.9 },
  },
  {
    id: "letter-3x10",
    name: "Letter 3 × 10 · Avery 5160",
    page: { width: 8.5 * INCH, height: 11 * INCH },
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    origin: { x: 0.1875 * INCH, y: 0.5 * INCH },
    pitch: { x: 2.75 * INCH, y: 1 * INCH },
  },
];

export const DEFAULT_FORMAT_ID = "a4-3x7";

export function labelFormat(id: string | null | undefined): LabelFormat {
  return LABEL_FORMATS.find((f) => f.id === id) ?? LABEL_FORMATS.find((f) => f.id === DEFAULT_FORMAT_ID)!;
}

export const labelsPerPage = (format: LabelFormat) => format.columns * format.rows;

/**
 * `items` from position `start` (1 = top left, row by row) of the first sheet: the positions
 * before it stay blank (null), for a sheet partly used already.
 */
export function fromPosition<T>(format: LabelFormat, items: readonly T[], start: number): (T | null)[] {
  const skip = Math.min(Math.max(1, Math.floor(start) || 1), labelsPerPage(format)) - 1;
  return [...Array<null>(skip).fill(null), ...items];
}

/** Pages needed for `count` labels: a sheet is filled row by row before the next starts. */
export function pageCount(format: LabelFormat, count: number): number {
  return Math.ceil(count / labelsPerPage(format));
}

/** The labels of each page, in order. */
export function paginate<T>(format: LabelFormat, items: readonly T[]): T[][] {
  const size = labelsPerPage(format);
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** Where the `index`-th label of a page sits, from the page's top-left corner (mm). */
export function labelPosition(format: LabelFormat, index: number): { x: number; y: number } {
  const column = index % format.columns;
  const row = Math.floor(index / format.columns);
  return { x: format.origin.x + column * format.pitch.x, y: format.origin.y + row * format.pitch.y };
}
