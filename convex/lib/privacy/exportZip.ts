// What the export steps write (convex/exportChain.ts runs them, one ZIP part per step): the
// account folder of "Download my data", and per workspace its tables of EXPORT_PLAN (read in
// bounded pages through internal queries) with items.csv, then its items' files and a signed
// ownership certificate each, as many as fit in one part. A workspace's own export is the
// same workspace folder alone.
import { strToU8 } from "fflate";
import { env } from "../../_generated/server";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { columnOf, csvCells, EXPORT_FIELDS } from "../assets/columns";
import { certificatePeriods, certificateUrl } from "../certificates/facts";
import { renderCertificate } from "../certificates/pdf";
import { siteFaces } from "../fonts/pdfText";
import { toCsv } from "../csv/format";
import { EXPORT_PLAN, type ExportRow, type Way } from "./exportPlan";
import { EXPORT_PART_BYTES } from "./rules";
import type { ZipParts } from "./zipParts";
import { filePaths, safeName } from "./zipPaths";

type Row = ExportRow;
type Table = keyof typeof EXPORT_PLAN;
type Workspace = { _id: Id<"workspaces">; name: string };

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
async function readAll(ctx: ActionCtx, table: Table, way: Way & { index: string; field: string }, value: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: { rows: Row[]; cursor: string; isDone: boolean } = await ctx.runQuery(internal.dataExport.page, {
      table,
      index: way.index,
      field: way.field,
      value,
      cursor,
    });
    rows.push(...page.rows);
    if (page.isDone) return rows;
    cursor = page.cursor;
  }
}

/** Rows of one table for one scope ("user" or "workspace"), children read per batch of parents. */
async function readTable(ctx: ActionCtx, table: Table, scope: "user" | "workspace", value: string, parents: Map<string, Row[]>) {
  const byId = new Map<string, Row>();
  for (const way of EXPORT_PLAN[table]) {
    if (way.scope === scope) for (const row of await readAll(ctx, table, way, value)) byId.set(row._id, row);
    if (way.scope === "child" && scope === "workspace") {
      const ids = (parents.get(way.parent) ?? []).map((p) => p._id);
      for (let i = 0; i < ids.length; i += 100) {
        const rows: Row[] = await ctx.runQuery(internal.dataExport.children, { table, index: way.index, field: way.field, values: ids.slice(i, i + 100) });
        for (const row of rows) byId.set(row._id, row);
      }
    }
  }
  return [...byId.values()];
}

const tablesWith = (scope: Way["scope"]) => (Object.keys(EXPORT_PLAN) as Table[]).filter((t) => EXPORT_PLAN[t].some((w) => w.scope === scope));
const USER_SCOPE = tablesWith("user");
const WORKSPACE_SCOPE = (Object.keys(EXPORT_PLAN) as Table[]).filter((t) => EXPORT_PLAN[t].some((w) => w.scope === "workspace" || w.scope === "child"));

async function addFile(ctx: ActionCtx, zip: ZipParts, path: string, storageId: Id<"_storage">) {
  const blob = await ctx.storage.get(storageId);
  if (blob !== null) await zip.add(path, new Uint8Array(await blob.arrayBuffer()));
}

// Every field with a CSV column comes from the field table, so a new field is exported without edits here.
const ITEM_COLUMNS = ["serial", "kind", "status", "visibility", "tagged_at", ...EXPORT_FIELDS.map(columnOf), "files"];

function itemsCsv(assets: Row[]): string {
  const rows = assets.map((row) => {
    const a = row as unknown as Doc<"assets">;
    const cells = csvCells(a);
    const fields = EXPORT_FIELDS.map((f) => cells[columnOf(f)] ?? "");
    return [a.serial, a.kind, a.status, a.visibility, new Date(a.taggedAt).toISOString(), ...fields, a.files.map((f) => f.name).join("; ")];
  });
  return toCsv([ITEM_COLUMNS, ...rows]);
}

/** Parents kept while a workspace's tables are read: children hang off them. */
const KEPT = new Set<string>(Object.values(EXPORT_PLAN).flatMap((ways) => ways.flatMap((w) => (w.scope === "child" ? [w.parent] : []))));

/** The workspace folder's name in the ZIP. */
const folderOf = (ws: Workspace) => `workspaces/${safeName(ws.name)}-${ws._id}`;

/** One workspace's tables and items.csv (its files and certificates come in later steps). */
export async function writeWorkspaceTables(ctx: ActionCtx, zip: ZipParts, ws: Workspace & { doc: Row }): Promise<void> {
  const base = folderOf(ws);
  await zip.add(`${base}/workspaces.json`, json([ws.doc]));
  const parents = new Map<string, Row[]>();
  for (const table of WORKSPACE_SCOPE) {
    const rows = await readTable(ctx, table, "workspace", ws._id, parents);
    if (KEPT.has(table)) parents.set(table, rows);
    await zip.add(`${base}/${table}.json`, json(rows));
    if (table === "assets") await zip.add(`${base}/items.csv`, strToU8(itemsCsv(rows)));
  }
}

/** Where an export step left off in a workspace's items: a page's cursor and how many of that page are written. */
type ItemsCursor = { cursor: string | null; offset: number };

/**
 * Every item's files and signed certificate from `from` on, until the part is full (the next
 * item would take it past EXPORT_PART_BYTES) or the step's time is up: where the next step
 * goes on, or null when every item is written.
 */
export async function writeWorkspaceItems(
  ctx: ActionCtx,
  zip: ZipParts,
  ws: Workspace,
  from: ItemsCursor,
  until: number,
  wrote: (items: number) => Promise<void>,
): Promise<ItemsCursor | null> {
  const base = folderOf(ws);
  const site = env.SITE_URL ?? "";
  const issuedAt = Date.now();
  // Names in scripts Helvetica lacks print with the web app's fallback fonts, fetched once per step.
  const faces = siteFaces(site);
  let at = from;
  for (;;) {
    const page: ItemsPage = await ctx.runQuery(internal.exportChain.itemsPage, { workspaceId: ws._id, cursor: at.cursor });
    for (let i = at.offset; i < page.items.length; i++) {
      const a = page.items[i];
      const size = a.files.reduce((sum, f) => sum + f.size, 0) + CERTIFICATE_BYTES;
      if (zip.pending > 0 && (zip.pending + size > EXPORT_PART_BYTES || Date.now() >= until)) {
        await wrote(i - at.offset);
        return { cursor: at.cursor, offset: i };
      }
      const paths = filePaths(a.serial, a.files);
      for (const [j, f] of a.files.entries()) await addFile(ctx, zip, `${base}/${paths[j]}`, f.storageId);
      const facts = { serial: a.serial, status: a.status, periods: certificatePeriods(a.taggedAt, a.owners), issuedAt };
      await zip.add(`${base}/certificates/${safeName(a.serial)}.pdf`, await renderCertificate(facts, a.name, certificateUrl(site, facts), faces));
    }
    await wrote(page.items.length - at.offset);
    if (page.isDone) return null;
    at = { cursor: page.cursor, offset: 0 };
  }
}

/** A certificate's size, about: what an item adds to a part beyond its files. */
const CERTIFICATE_BYTES = 8 * 1024;

type ItemsPage = {
  items: (Pick<Doc<"assets">, "serial" | "status" | "taggedAt" | "name" | "files"> & { owners: { from: number; to?: number }[] })[];
  cursor: string;
  isDone: boolean;
};

export const WORKSPACE_README =
  "One TagMyThing workspace: its items as JSON (assets.json) and items.csv, their history (assetEvents), provenance (assetOwners), custom fields (customFields; each item's values are in assets.json under custom), maintenance plans and log, files (files/<serial>/) and a signed ownership certificate per item (certificates/<serial>.pdf; its QR opens /verify, which says whether it is genuine and current). Import it into another workspace from that workspace's settings. A large export comes as several ZIP files; import them together.\n";

export const ACCOUNT_README =
  "Everything TagMyThing holds about you. account/: your profile, sign-in methods and sessions (without password hashes or codes), wallet and transactions, referrals, next of kin and legacy plan, bug reports with their screenshots, and audit entries about you. workspaces/: each workspace you own, its items as JSON and items.csv, their history (assetEvents), provenance (assetOwners), custom fields, maintenance plans and log, files and a signed ownership certificate per item (certificates/; its QR opens /verify, which says whether it is genuine and current). A large export comes as several ZIP files; together they hold everything.\n";

/** The account folder: every user-scoped table, and bug reports' screenshots. */
export async function writeAccount(ctx: ActionCtx, zip: ZipParts, user: Row): Promise<void> {
  await zip.add("account/users.json", json([user]));
  for (const table of USER_SCOPE) {
    const rows = await readTable(ctx, table, "user", user._id, new Map());
    await zip.add(`account/${table}.json`, json(rows));
    if (table === "bugReports") {
      for (const r of rows) await addFile(ctx, zip, `account/bugReports/${r._id}.jpg`, (r as unknown as Doc<"bugReports">).screenshotId);
    }
  }
}
