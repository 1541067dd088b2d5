// Builds the "Download my data" ZIP inside an action: every table of EXPORT_PLAN read in
// bounded pages through internal queries, photos and screenshots from file storage, and per
// owned workspace its items as JSON and CSV.
import { strToU8 } from "fflate";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { toCsv } from "../csv/format";
import type { USER_TABLES } from "./coverage";
import { EXPORT_PLAN, type ExportRow, type Way } from "./exportPlan";
import { EXPORT_PART_BYTES } from "./rules";
import { ZipParts } from "./zipParts";

type Row = ExportRow;
type Table = keyof typeof USER_TABLES;
type Workspace = { _id: Id<"workspaces">; name: string };

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
const safeName = (name: string) => name.replace(/[^\w.-]+/g, "_").slice(0, 60) || "file";

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
export const sectionCount = (workspaces: number) => USER_SCOPE.length + workspaces * WORKSPACE_SCOPE.length;

async function addFile(ctx: ActionCtx, zip: ZipParts, path: string, storageId: Id<"_storage">) {
  const blob = await ctx.storage.get(storageId);
  if (blob !== null) await zip.add(path, new Uint8Array(await blob.arrayBuffer()));
}

const ITEM_COLUMNS = ["serial", "name", "kind", "status", "category", "visibility", "description", "tagged_at", "files"];

function itemsCsv(assets: Row[]): string {
  const rows = assets.map((row) => {
    const a = row as unknown as Doc<"assets">;
    return [a.serial, a.name, a.kind, a.status, a.category ?? "", a.visibility, a.description ?? "", new Date(a.taggedAt).toISOString(), a.files.map((f) => f.name).join("; ")];
  });
  return toCsv([ITEM_COLUMNS, ...rows]);
}

/**
 * The whole export, handed to `store` as ZIP parts of at most EXPORT_PART_BYTES (one for
 * most accounts); `progress` is called after each section with how many are done.
 */
export async function buildExportZip(
  ctx: ActionCtx,
  user: Row,
  workspaces: (Workspace & { doc: Row })[],
  progress: (done: number) => Promise<void>,
  store: (zip: Uint8Array) => Promise<void>,
): Promise<void> {
  const zip = new ZipParts(EXPORT_PART_BYTES, store);
  let done = 0;
  const step = async () => progress(++done);
  await zip.add("README.txt", strToU8(
    "Everything TagMyThing holds about you. account/: your profile, sign-in methods and sessions (without password hashes or codes), wallet and transactions, referrals, next of kin and legacy plan, bug reports with their screenshots, and audit entries about you. workspaces/: each workspace you own, its items as JSON and items.csv, their history (assetEvents), provenance (assetOwners) and files. A large export comes as several ZIP files; together they hold everything.\n",
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
  for (const ws of workspaces) {
    const base = `workspaces/${safeName(ws.name)}-${ws._id}`;
    await zip.add(`${base}/workspaces.json`, json([ws.doc]));
    const parents = new Map<string, Row[]>();
    for (const table of WORKSPACE_SCOPE) {
      const rows = await readTable(ctx, table, "workspace", ws._id, parents);
      parents.set(table, rows);
      await zip.add(`${base}/${table}.json`, json(rows));
      if (table === "assets") {
        await zip.add(`${base}/items.csv`, strToU8(itemsCsv(rows)));
        for (const r of rows) {
          const a = r as unknown as Doc<"assets">;
          for (const f of a.files) await addFile(ctx, zip, `${base}/files/${safeName(a.serial)}/${safeName(f.name)}`, f.storageId);
        }
      }
      await step();
    }
  }
  await zip.finish();
}
