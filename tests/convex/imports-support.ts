// Fixtures for the CSV import suites: files, a business with a funded wallet, and running the workpool's jobs.
import { vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { guessMapping, IMPORT_FIELDS } from "../../convex/lib/csv/import";
import type { OnDuplicate } from "../../convex/lib/csv/plan";
import { fundWorkspace } from "./assets-support";
import { makeUser, type Backend, type Client } from "./setup";

export const HEADER = IMPORT_FIELDS.join(",");
export const GOOD = [
  HEADER,
  "Blue mug,MUG-001,10,4.50,Shop,Kitchen,Stoneware",
  'Red mug,MUG-002,5,4.50,Warehouse,Kitchen,"Large, red"',
  "Tea towel,TT-1,20,3,Shop,Linen,",
].join("\n");
export const MAPPING = guessMapping(IMPORT_FIELDS);

/** A business account in its business workspace, whose wallet (which pays for imports) holds `amount`. */
export async function business(t: Backend, amount = 100) {
  const owner = await makeUser(t, { isBusinessUser: true });
  if (amount > 0) await fundWorkspace(t, owner.workspaceId, amount);
  return owner;
}

/** `count` rows with distinct SKUs. */
export function manyRows(count: number, prefix = "SKU") {
  return [HEADER, ...Array.from({ length: count }, (_, i) => `Item ${i},${prefix}-${i},${i % 7},1.25,Shelf,Cat,`)].join("\n");
}

export async function start(as: Client, csv: string, expectedCost: number, onDuplicate: OnDuplicate = "skip") {
  return await as.action(api.imports.start, { fileName: "stock.csv", csv, mapping: MAPPING, onDuplicate, expectedCost });
}

/** Runs every scheduled function (the workpool's loop, batches, callbacks, a rollback) to the end. */
export async function runJobs(t: Backend) {
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

export async function inventorySkus(as: Client) {
  const page = await as.query(api.inventory.items, { paginationOpts: { numItems: 100, cursor: null } });
  return page.page.map((i) => `${i.sku}:${i.quantity}`).sort();
}

/** How many business items the caller holds. */
export async function inventoryCount(as: Client) {
  return (await as.query(api.inventory.summary, {})).totals.items;
}
