// bench/registry (lists): a business account with N items (default 10,000) on the local
// backend with this checkout's convex/. Prints, over HTTP from a ConvexHttpClient signed in
// as the account: the p50/p95 ms of a 50-row list page (/assets and the inventory, newest
// and by name) with its exact total, of filtered inventory pages (with the rows each holds), of the inventory summary, of pages ordered and
// filtered by a custom field (with the rows each holds), and of "select all matching"
// (every id, page by page); then the seconds a bulk status change of 1,000 items takes in
// batches of BULK_BATCH (100; one mutation each), as the page sends them.
// Usage: node bench/registry/lists.mjs [--items 10000] [--bulk 1000]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { startApp } from "../../scripts/app-startup.mjs";
import { arg, machine, percentile, REPO } from "../support/backend.mjs";

const ITEMS = Number(arg("items", "10000"));
const BULK = Number(arg("bulk", "1000"));
const SEED_BATCH = Number(arg("seed-batch", "100"));
const BATCH = 100;
const EMAIL = "business@example.com";

async function timed(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
}

console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-lists-"));
const backend = await startApp({ dataDir, port: 0, sitePort: 0, convexDir: path.join(REPO, "convex"), log: () => {} });
try {
  const seedStart = performance.now();
  for (let from = 0; from < ITEMS; from += SEED_BATCH) {
    const r = await backend.run("seed:bulkAssets", { email: EMAIL, from, count: Math.min(SEED_BATCH, ITEMS - from) });
    if (!r.ok) throw new Error(r.message);
  }
  console.log(`seeded ${ITEMS.toLocaleString("en-GB")} items in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const http = new ConvexHttpClient(backend.url, { logger: false });
  const signIn = await http.action("auth:signIn", { provider: "password", params: { flow: "signIn", email: EMAIL, password: "password123" } });
  http.setAuth(signIn.tokens.token);
  // Every register call names the workspace: the account's business one, where the items were seeded.
  const workspaceId = (await http.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  const query = (name, args) => http.query(name, { ...args, workspaceId });
  const mutation = (name, args) => http.mutation(name, { ...args, workspaceId });
  const page = { numItems: 50, cursor: null };

  const total = await query("assets:countMine", {});
  console.log(`exact total: ${total.toLocaleString("en-GB")} assets`);
  console.log(`/assets page 1 (50 rows, newest) + total: ${await timed(30, () => Promise.all([query("assets:listMine", { paginationOpts: page }), query("assets:countMine", {})]))}`);
  console.log(`/assets page 1 (50 rows, name Z–A):       ${await timed(30, () => query("assets:listMine", { sort: "name_desc", paginationOpts: page }))}`);
  const deep = await query("assets:listMine", { paginationOpts: { numItems: 5_000, cursor: null } });
  console.log(`/assets page 101 (50 rows after 5,000):  ${await timed(30, () => query("assets:listMine", { paginationOpts: { numItems: 50, cursor: deep.continueCursor } }))}`);
  console.log(`inventory page 1 (50 rows, by name):     ${await timed(30, () => query("inventory:items", { sort: "name", paginationOpts: page }))}`);
  // A filtered page must still hold 50 matches: its row count is printed beside its time.
  for (const [label, filter] of [
    ["location filter", { location: "Aisle 2" }],
    ["location + category", { location: "Aisle 2", category: "Hardware" }],
    ["location, by SKU", { location: "Aisle 2", sort: "sku" }],
  ]) {
    const rows = (await query("inventory:items", { ...filter, paginationOpts: page })).page.length;
    console.log(`inventory page (${label}): ${rows} rows; ${await timed(30, () => query("inventory:items", { ...filter, paginationOpts: page }))}`);
  }
  console.log(`inventory summary (exact totals, groups): ${await timed(30, () => query("inventory:summary", {}))}`);

  // A custom number field on one category (a quarter of the items): a page ordered by it, and a
  // range filter holding a tenth of its values, each with the rows it holds beside its time.
  const fieldId = await mutation("customFields:create", { category: "Hardware", label: "Bench number", type: "number", required: false, showOnVerify: false });
  for (let cursor = null; ; ) {
    const r = await backend.run("seed:benchCustomValues", { fieldId, cursor });
    if (!r.ok) throw new Error(r.message);
    if (r.value.isDone) break;
    cursor = r.value.cursor;
  }
  for (const [label, field, location] of [
    ["by a custom field", { fieldId, order: "desc" }],
    ["custom field 100–199", { fieldId, order: "asc", from: 100, to: 199 }],
    ["custom field 100–199 + location", { fieldId, order: "asc", from: 100, to: 199 }, "Aisle 2"],
  ]) {
    const args = { field, location, paginationOpts: page };
    const rows = (await query("inventory:items", args)).page.length;
    console.log(`inventory page (${label}): ${rows} rows; ${await timed(30, () => query("inventory:items", args))}`);
  }

  let ids = [];
  const allStart = performance.now();
  for (let cursor = null; ; ) {
    const r = await query("assetBulk:matchingIds", { kind: "business", cursor });
    ids.push(...r.ids);
    if (r.isDone) break;
    cursor = r.continueCursor;
  }
  console.log(`select all ${ids.length.toLocaleString("en-GB")} matching: ${(performance.now() - allStart).toFixed(0)} ms`);

  ids = ids.slice(0, BULK);
  const bulkStart = performance.now();
  let changed = 0;
  for (let i = 0; i < ids.length; i += BATCH) changed += (await mutation("assetBulk:setStatus", { ids: ids.slice(i, i + BATCH), status: "lost" })).changed;
  const bulkS = (performance.now() - bulkStart) / 1000;
  const lost = await query("assets:countMine", { status: "lost" });
  console.log(`bulk status change of ${changed.toLocaleString("en-GB")} items (${Math.ceil(ids.length / BATCH)} calls of ${BATCH}): ${bulkS.toFixed(2)} s; lost now ${lost.toLocaleString("en-GB")}`);
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
