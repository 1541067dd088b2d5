// Shared by the import benchmark: the demo business signed in (with enough
// TMT credited through the ledger's support entry point), and generated files.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { open } from "lmdb";
import { DATA_FILE } from "../../local-backend/database.mjs";
import { decodeId } from "../../local-backend/ids.mjs";

const BUSINESS = "business@example.com";

/**
 * Signs the seeded demo business in; returns its JWT and its business workspace's id. Credits
 * that workspace's wallet (which pays for its imports) so repeated runs can pay.
 */
export async function signInBusiness(backend, credit = 100_000) {
  const http = new ConvexHttpClient(backend.url, { logger: false });
  const result = await http.action("auth:signIn", { provider: "password", params: { email: BUSINESS, password: "password123", flow: "signIn" } });
  const token = result.tokens.token;
  http.setAuth(token);
  const workspaceId = (await http.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  const credited = await backend.run("lib/ledger:earnWorkspaceTokens", { workspaceId, amount: credit, source: "bench", description: "Benchmark credit" });
  if (!credited.ok) throw new Error(credited.message);
  return { token, workspaceId };
}

/** A CSV of `rows` distinct items (SKUs prefixed so runs never collide). */
export function benchCsv(rows, prefix) {
  const lines = ["name,sku,quantity,unit_cost,location,category,description"];
  for (let i = 0; i < rows; i++) {
    lines.push(`Item ${i},${prefix}-${String(i).padStart(5, "0")},${i % 50},${((i % 900) / 10).toFixed(2)},Shelf ${i % 20},Category ${i % 7},Bench row ${i}`);
  }
  return lines.join("\n");
}

/** The import's price for `items` new items: convex/lib/csv/pricing.ts's tiers (the server refuses any other figure). */
export function priceOf(items) {
  return Math.min(items, 100) * 5 + Math.max(0, Math.min(items, 1000) - 100) * 2 + Math.max(0, items - 1000);
}

/**
 * The import's floor on this machine: every document and index entry the store holds after the
 * runs (the imported rows', the seed's), written straight to a new LMDB file opened as the backend
 * opens its own, in as many synced transactions as the imports had batches. No functions,
 * syscalls, checks or conflicts: what any store has to do at least to hold the rows. Call it on a
 * stopped backend's data directory.
 */
export async function storeFloor(dataDir) {
  const source = open({ path: path.join(dataDir, DATA_FILE), maxDbs: 4, readOnly: true });
  const read = (options) => [...source.openDB(options).getRange()].map(({ key, value }) => ({ key, value }));
  const docs = read({ name: "documents", encoding: "string" });
  const entries = read({ name: "indexes", keyEncoding: "binary", encoding: "string" });
  const jobsTable = source.openDB({ name: "meta", encoding: "json" }).get("catalog").tables.importJobs;
  await source.close();
  const transactions = docs.filter((d) => decodeId(d.key) === jobsTable).reduce((sum, d) => sum + JSON.parse(d.value).batches, 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-floor-"));
  const target = open({ path: path.join(dir, DATA_FILE), maxDbs: 4, encoding: "string", mapSize: 2 ** 34, overlappingSync: false });
  const targetDocs = target.openDB({ name: "documents", encoding: "string" });
  const targetIndex = target.openDB({ name: "indexes", keyEncoding: "binary", encoding: "string" });
  const slice = (list, i) => list.slice(Math.floor((list.length * i) / transactions), Math.floor((list.length * (i + 1)) / transactions));
  const started = performance.now();
  for (let i = 0; i < transactions; i++) {
    await target.transaction(() => {
      for (const { key, value } of slice(docs, i)) targetDocs.putSync(key, value);
      for (const { key, value } of slice(entries, i)) targetIndex.putSync(key, value);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  await target.close();
  rmSync(dir, { recursive: true, force: true });
  return { docs: docs.length, entries: entries.length, transactions, seconds };
}
