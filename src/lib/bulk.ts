// The client half of bulk actions: ids walked page by page ("select all matching")
// and a selection sent in batches of BULK_BATCH, one server call each.
import { BULK_BATCH } from "../../convex/lib/assets/bulk";
import { formatNumber } from "./format";

/** `stamps[i]`: what row `ids[i]` held when read (its status), for the lists whose bulk changes check it. */
type IdPage = { ids: string[]; stamps?: string[]; continueCursor: string; isDone: boolean };
/** The ids a filter matches, with the stamp each was read with (see `useSelection`). */
export type Matching = { ids: string[]; stamps: ReadonlyMap<string, string> };

/** Every id a filter matches, one server page at a time; `onProgress` gets the count so far. */
export async function collectIds(fetchPage: (cursor: string | null) => Promise<IdPage>, onProgress?: (n: number) => void): Promise<Matching> {
  const ids: string[] = [];
  const stamps = new Map<string, string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor);
    ids.push(...page.ids);
    page.stamps?.forEach((stamp, i) => stamps.set(page.ids[i], stamp));
    onProgress?.(ids.length);
    if (page.isDone) return { ids, stamps };
    cursor = page.continueCursor;
  }
}

/** Splits `ids` into batches and runs `call` on each in turn; sums what each reports. */
export async function inBatches<T extends Record<string, number> | unknown[]>(
  ids: readonly string[],
  call: (batch: string[]) => Promise<T>,
  onProgress?: (done: number) => void,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < ids.length; start += BULK_BATCH) {
    const batch = ids.slice(start, start + BULK_BATCH);
    results.push(await call(batch));
    onProgress?.(Math.min(start + batch.length, ids.length));
  }
  return results;
}

/** "1 item" / "1,240 items". */
export function itemsText(n: number, noun = "item"): string {
  return `${formatNumber(n)} ${noun}${n === 1 ? "" : "s"}`;
}
