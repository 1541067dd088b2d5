// Builds the "Download my data" ZIP inside an action: every table of EXPORT_PLAN read in
// bounded pages through internal queries, photos and screenshots from file storage, and per
// owned workspace its items as JSON and CSV with a signed ownership certificate each. A
// workspace's own export (convex/workspaceExport.ts) is the same workspace folder alone.
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
import type { USER_TABLES } from "./coverage";
import { EXPORT_PLAN, type ExportRow, type Way } from "./exportPlan";
import { EXPORT_PART_BYTES } from "./rules";
import { ZipParts } from "./zipParts";
import { filePaths, safeName } from "./zipPaths";

type Row = ExportRow;
type Table = keyof typeof USER_TABLES;
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

/** How many sections the progress bar counts for a user owning `workspaces` workspaces. */
export const sectionCount = (workspaces: number) => USER_SCOPE.length + workspaces * workspaceSections;
/** A workspace's sections: its tables, its files, its certificates. */
export const workspaceSections = WORKSPACE_SCOPE.length + 2;

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

/** Parents kept while a workspace is read: children hang off them, certificates need the owner chain. */
const KEPT = new Set<string>(["assets", "assetOwners", ...Object.values(EXPORT_PLAN).flatMap((ways) => ways.flatMap((w) => (w.scope === "child" ? [w.parent] : [])))]);

/** One workspace's folder: its tables, items.csv, every item's files and a signed certificate per item. */
async function writeWorkspace(ctx: ActionCtx, zip: ZipParts, ws: Workspace & { doc: Row }, base: string, step: () => Promise<void>) {
  await zip.add(`${base}/workspaces.json`, json([ws.doc]));
  const parents = new Map<string, Row[]>();
  for (const table of WORKSPACE_SCOPE) {
    const rows = await readTable(ctx, table, "workspace", ws._id, parents);
    if (KEPT.has(table)) parents.set(table, rows);
    await zip.add(`${base}/${table}.json`, json(rows));
    if (table === "assets") await zip.add(`${base}/items.csv`, strToU8(itemsCsv(rows)));
    await step();
  }
  const assets = (parents.get("assets") ?? []) as unknown as Doc<"assets">[];
  for (const a of assets) {
    const paths = filePaths(a.serial, a.files);
    for (const [i, f] of a.files.entries()) await addFile(ctx, zip, `${base}/${paths[i]}`, f.storageId);
  }
  await step();
  const owners = new Map<string, { from: number; to?: number }[]>();
  for (const o of (parents.get("assetOwners") ?? []) as unknown as Doc<"assetOwners">[]) owners.set(o.assetId, [...(owners.get(o.assetId) ?? []), o]);
  const issuedAt = Date.now();
  const site = env.SITE_URL ?? "";
  // Names in scripts Helvetica lacks print with the web app's fallback fonts, fetched once per export.
  const faces = siteFaces(site);
  for (const a of assets) {
    const facts = { serial: a.serial, status: a.status, periods: certificatePeriods(a.taggedAt, owners.get(a._id) ?? []), issuedAt };
    await zip.add(`${base}/certificates/${safeName(a.serial)}.pdf`, await renderCertificate(facts, a.name, certificateUrl(site, facts), faces));
  }
  await step();
}

/** The workspace folder's name in the ZIP. */
const folderOf = (ws: Workspace) => `workspaces/${safeName(ws.name)}-${ws._id}`;

/** A workspace's own export: the same folder as in its owner's "Download my data". */
export async function buildWorkspaceZip(
  ctx: ActionCtx,
  ws: Workspace & { doc: Row },
  progress: (done: number) => Promise<void>,
  store: (zip: Blob) => Promise<void>,
): Promise<void> {
  const zip = new ZipParts(EXPORT_PART_BYTES, store);
  let done = 0;
  await zip.add("README.txt", strToU8(WORKSPACE_README));
  await writeWorkspace(ctx, zip, ws, folderOf(ws), () => progress(++done));
  await zip.finish();
}

const WORKSPACE_README =
  "One TagMyThing workspace: its items as JSON (assets.json) and items.csv, their history (assetEvents), provenance (assetOwners), files (files/<serial>/) and a signed ownership certificate per item (certificates/<serial>.pdf; its QR opens /verify, which says whether it is genuine and current). Import it into another workspace from that workspace's settings. A large export comes as several ZIP files; import them together.\n";

/**
 * The whole export, handed to `store` as ZIP parts of at most EXPORT_PART_BYTES (one for
 * most accounts); `progress` is called after each section with how many are done.
 */
export async function buildExportZip(
  ctx: ActionCtx,
  user: Row,
  workspaces: (Workspace & { doc: Row })[],
  progress: (done: number) => Promise<void>,
  store: (zip: Blob) => Promise<void>,
): Promise<void> {
  const zip = new ZipParts(EXPORT_PART_BYTES, store);
  let done = 0;
  const step = async () => progress(++done);
  await zip.add("README.txt", strToU8(
    "Everything TagMyThing holds about you. account/: your profile, sign-in methods and sessions (without password hashes or codes), wallet and transactions, referrals, next of kin and legacy plan, bug reports with their screenshots, and audit entries about you. workspaces/: each workspace you own, its items as JSON and items.csv, their history (assetEvents), provenance (assetOwners), files and a signed ownership certificate per item (certificates/; its QR opens /verify, which says whether it is genuine and current). A large export comes as several ZIP files; together they hold everything.\n",
  ));
  await zip.add("account/users.json", json([user]));
  for (const table of USER_SCOPE) {
    const rows = await readTable(ctx, table, "user", user._id, new Map());
    await zip.add(`account/${table}.json`, json(rows));
    if (table === "bugReports") {
      for (const r of rows) await addFile(ctx, zip, `account/bugReports/${r._id}.jpg`, (r as unknown as Doc<"bugReports">).screenshotId);
    }
    await step();
  }
  for (const ws of workspaces) await writeWorkspace(ctx, zip, ws, folderOf(ws), step);
  await zip.finish();
}
