// The insurance report (issue 28): a workspace's items, or a selection of them, with their
// values, photos, serials and attached files, totals per currency and per location. Its
// rows and CSV are built here, pure, from the field table: the server's job writes the CSV,
// the browser draws the PDF from the same rows.
import { v, type Infer } from "convex/values";
import { columnOf, csvFieldsOf, valueOf } from "../assets/columns";
import type { FieldSpec } from "../assets/fields";
import { cellText } from "../assets/fieldValues";
import type { StoredAssetDetails } from "../assets/tables";
import { toCsv } from "../csv/format";
import { messageNumber } from "../errors";
import { addByCurrency, moneyText, moneyValidator, totalsList, type Money } from "../money/currency";
import { valueOfDetails } from "../assets/worth";

/** The kinds a report lists: things an insurer covers (NFTs and will instructions are not). */
export const REPORT_KINDS = ["general", "business"] as const;
/** Items one report may be asked for by selection; a larger set is the whole workspace. */
export const MAX_REPORT_SELECTION = 5_000;
/** Items read per step of the job (each step one query). */
export const REPORT_PAGE = 200;
/** Location rows the totals keep (largest item counts first); the rest are summed as "Other locations". */
const MAX_REPORT_LOCATIONS = 200;
const NO_LOCATION = "No location";
const OTHER_LOCATIONS = "Other locations";

export const REPORT_MESSAGES = {
  tooMany: `Choose at most ${messageNumber(MAX_REPORT_SELECTION)} items for a report, or report the whole workspace`,
  none: "Choose at least one item for the report",
  failed: "The report could not be built. Please try again.",
} as const;

/** The item's fields a report shows: the CSV columns of the kinds it lists, each once. */
export const REPORT_FIELDS: readonly FieldSpec[] = [
  ...new Map(REPORT_KINDS.flatMap((kind) => csvFieldsOf(kind)).map((f) => [columnOf(f), f])).values(),
];

export const reportRowValidator = v.object({
  serial: v.string(),
  /** Every field of REPORT_FIELDS as CSV text ("" when absent), by column. */
  cells: v.record(v.string(), v.string()),
  name: v.string(),
  location: v.string(),
  /** What the item is worth: its purchase value, or unit cost × quantity. */
  value: v.union(moneyValidator, v.null()),
  photoCount: v.number(),
  /** The first photo, for the PDF's thumbnail (a URL of the app's own storage). */
  photoUrl: v.union(v.string(), v.null()),
  /** Attached documents (receipts, invoices): their file names. */
  documents: v.array(v.string()),
});
export type ReportRow = Infer<typeof reportRowValidator>;

type ReportAsset = { serial: string; name: string; description?: string; category?: string; details: StoredAssetDetails; files: { kind: string; name: string }[] };

export function reportRow(asset: ReportAsset, photoUrl: string | null): ReportRow {
  const details = asset.details as Readonly<Record<string, unknown>>;
  return {
    serial: asset.serial,
    cells: Object.fromEntries(REPORT_FIELDS.map((f) => [columnOf(f), cellText(f, valueOf(f, asset))])),
    name: asset.name,
    location: typeof details.location === "string" && details.location !== "" ? details.location : NO_LOCATION,
    value: valueOfDetails(asset.details) ?? null,
    photoCount: asset.files.filter((f) => f.kind === "photo").length,
    photoUrl,
    documents: asset.files.filter((f) => f.kind !== "photo").map((f) => f.name),
  };
}

export const locationTotalValidator = v.object({ location: v.string(), items: v.number(), values: v.array(moneyValidator) });
type LocationTotal = Infer<typeof locationTotalValidator>;
export type ReportTotals = { items: number; values: Money[]; byLocation: LocationTotal[] };

/** Totals per currency (never across) and per location, locations with the most items first. */
export function reportTotals(rows: readonly ReportRow[]): ReportTotals {
  let all: Record<string, number> = {};
  const places = new Map<string, { items: number; values: Record<string, number> }>();
  for (const row of rows) {
    all = addByCurrency(all, row.value ?? undefined);
    const place = places.get(row.location) ?? { items: 0, values: {} };
    places.set(row.location, { items: place.items + 1, values: addByCurrency(place.values, row.value ?? undefined) });
  }
  const sorted = [...places].sort(([a, x], [b, y]) => y.items - x.items || a.localeCompare(b));
  const kept = sorted.slice(0, MAX_REPORT_LOCATIONS);
  const rest = sorted.slice(MAX_REPORT_LOCATIONS).reduce(
    (sum, [, p]) => ({ items: sum.items + p.items, values: Object.entries(p.values).reduce((t, [currency, amount]) => addByCurrency(t, { currency, amount }), sum.values) }),
    { items: 0, values: {} as Record<string, number> },
  );
  const byLocation = kept.map(([location, p]) => ({ location, items: p.items, values: totalsList(p.values) }));
  if (rest.items > 0) byLocation.push({ location: OTHER_LOCATIONS, items: rest.items, values: totalsList(rest.values) });
  return { items: rows.length, values: totalsList(all), byLocation };
}

const totalText = (values: readonly Money[]) => values.map(moneyText).join("; ");

/** The report as CSV: one row per item (serial, the fields, value, photos, documents), then the totals. */
export function reportCsv(rows: readonly ReportRow[], totals: ReportTotals): string {
  const header = ["serial", ...REPORT_FIELDS.map(columnOf), "value", "photos", "documents"];
  const items = rows.map((r) => [r.serial, ...REPORT_FIELDS.map((f) => r.cells[columnOf(f)] ?? ""), r.value === null ? "" : moneyText(r.value), String(r.photoCount), r.documents.join("; ")]);
  const blank = header.map(() => "");
  const line = (label: string, items: number, values: readonly Money[]) => {
    const row = [...blank];
    row[0] = label;
    row[1] = `${items} item${items === 1 ? "" : "s"}`;
    row[header.length - 3] = totalText(values);
    return row;
  };
  return toCsv([
    header,
    ...items,
    blank,
    line("Total", totals.items, totals.values),
    ...totals.byLocation.map((l) => line(`Total: ${l.location}`, l.items, l.values)),
  ]);
}
