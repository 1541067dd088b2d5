// What an imported ZIP's tables say, checked like any input from outside: each item's shape,
// its fields through the field table's own rules (cleanAsset / assetErrors, so a field the
// table gains is checked without edits here), its files' names, and its history's shape.
// Pure: the action that runs the import (convex/workspacePorts.ts) reads the ZIP and writes.
import { validate } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { MAX_ASSET_FILES, MAX_FILE_NAME } from "../assets/fileRules";
import { assetErrors, cleanAsset, type AssetInput } from "../assets/rules";
import { isSerialFormat, normaliseSerial } from "../assets/serial";
import { assetChangeValidator, assetEventTypeValidator, assetKindValidator, assetStatusValidator, fileKindValidator, visibilityValidator, type AssetStatus, type FileKind } from "../assets/tables";
import { hasControlChars } from "../oneLine";
import { filePaths } from "../privacy/zipPaths";
import { ImportRefused } from "./zipRead";
import { MAX_IMPORT_EVENTS_PER_ITEM, MAX_IMPORT_ITEMS, PORT_MESSAGES } from "./rules";

const MAX_SUMMARY = 300;
const MAX_CHANGE_TEXT = 500;

const rowValidator = v.object({
  _id: v.string(),
  serial: v.string(),
  kind: assetKindValidator,
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  visibility: visibilityValidator,
  status: assetStatusValidator,
  details: v.record(v.string(), v.any()),
  files: v.array(v.object({ kind: fileKindValidator, name: v.string() })),
  taggedAt: v.number(),
});
const eventValidator = v.object({
  assetId: v.string(),
  type: assetEventTypeValidator,
  summary: v.string(),
  changes: v.optional(v.array(assetChangeValidator)),
  at: v.number(),
});

type ImportEvent = { type: Infer<typeof assetEventTypeValidator>; summary: string; changes: Infer<typeof assetChangeValidator>[]; at: number };
export type ImportItem = {
  serial: string;
  input: AssetInput;
  status: AssetStatus;
  taggedAt: number;
  files: { path: string; kind: FileKind; name: string }[];
  events: ImportEvent[];
};

/** A JSON table of the ZIP: an array, or the import is refused. */
export function parseTable(table: string, bytes: Uint8Array | undefined): unknown[] {
  if (bytes === undefined) return [];
  try {
    const rows: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (Array.isArray(rows)) return rows;
  } catch {
    // Refused below.
  }
  throw new ImportRefused(PORT_MESSAGES.badJson(table));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The items of the ZIP, or the first reason it is refused (thrown as an Error with the message shown). */
export function planItems(assetRows: unknown[], eventRows: unknown[], now: number): ImportItem[] {
  if (assetRows.length > MAX_IMPORT_ITEMS) throw new ImportRefused(PORT_MESSAGES.tooManyItems);
  const byAsset = new Map<string, ImportEvent[]>();
  for (const row of eventRows) {
    if (!validate(eventValidator, row, { allowUnknownFields: true })) throw new ImportRefused(PORT_MESSAGES.badJson("assetEvents"));
    const list = byAsset.get(row.assetId) ?? [];
    if (list.length >= MAX_IMPORT_EVENTS_PER_ITEM) continue;
    if (!Number.isFinite(row.at) || row.at < 0 || row.at > now) throw new ImportRefused(PORT_MESSAGES.badJson("assetEvents"));
    const changes = (row.changes ?? []).slice(0, 50).map((c) => ({
      field: clip(c.field, 100),
      from: c.from === null ? null : clip(c.from, MAX_CHANGE_TEXT),
      to: c.to === null ? null : clip(c.to, MAX_CHANGE_TEXT),
    }));
    // Marked in its words too: a record the export stated, dated as it said, not a change made here.
    list.push({ type: row.type, summary: clip(`Imported record of ${day(row.at)}: ${row.summary}`, MAX_SUMMARY), changes, at: row.at });
    byAsset.set(row.assetId, list);
  }
  const seen = new Set<string>();
  return assetRows.map((row, i) => {
    const n = i + 1;
    if (!validate(rowValidator, row, { allowUnknownFields: true })) throw new ImportRefused(PORT_MESSAGES.badItem(n, "its record is incomplete or has the wrong types"));
    const serial = normaliseSerial(row.serial);
    if (!isSerialFormat(serial)) throw new ImportRefused(PORT_MESSAGES.badItem(n, "its serial number is not a TagMyThing serial"));
    if (seen.has(serial)) throw new ImportRefused(PORT_MESSAGES.badItem(n, `the serial ${serial} appears twice`));
    seen.add(serial);
    if (!Number.isFinite(row.taggedAt) || row.taggedAt < 0 || row.taggedAt > now) throw new ImportRefused(PORT_MESSAGES.badItem(n, "its tagging date is not valid"));
    const input = cleanAsset({ ...row, details: { ...row.details, kind: row.details.kind } } as unknown as AssetInput);
    const problem = Object.values(assetErrors(input, now))[0];
    if (problem !== undefined) throw new ImportRefused(PORT_MESSAGES.badItem(n, problem));
    if (row.files.length > MAX_ASSET_FILES) throw new ImportRefused(PORT_MESSAGES.badItem(n, "it has too many files"));
    for (const f of row.files) {
      const name = f.name.trim();
      if (name === "" || name.length > MAX_FILE_NAME || hasControlChars(name)) throw new ImportRefused(PORT_MESSAGES.badItem(n, "a file name is not allowed"));
    }
    const paths = filePaths(row.serial, row.files);
    const files = row.files.map((f, j) => ({ path: paths[j], kind: f.kind, name: f.name.trim() }));
    return { serial, input, status: row.status === "transferred" ? "active" : row.status, taggedAt: row.taggedAt, files, events: byAsset.get(row._id) ?? [] };
  });
}
