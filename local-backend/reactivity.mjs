// Read sets of query executions and the test "did this commit touch it?".
// Reads are recorded at the syscall boundary: point reads by document id,
// index ranges by their bounds, everything else (full scans, search) by table.
import { AsyncLocalStorage } from "node:async_hooks";
import { compareValues, jsonToConvex } from "convex/values";

/** The current request: { reads, logs, commitTs, label }. */
export const requestContext = new AsyncLocalStorage();

export function newReadSet() {
  return { ids: new Set(), tables: new Set(), ranges: [] };
}

export const tableOfId = (id) => id.replace(/^[0-9]+/, "");

export function recordDocumentRead(id) {
  requestContext.getStore()?.reads?.ids.add(id);
}

export function recordTableRead(table) {
  requestContext.getStore()?.reads?.tables.add(table);
}

/** @param {{ source: any }} query a serialized query (queryStream / queryPage) */
export function recordQueryRead(query) {
  const reads = requestContext.getStore()?.reads;
  if (!reads) return;
  const source = query.source;
  if (source.type === "IndexRange") {
    const table = source.indexName.split(".")[0];
    const range = source.range.map((r) => ({ ...r, value: decodeBound(r.value) }));
    reads.ranges.push({ table, range });
  } else {
    reads.tables.add(source.type === "FullTableScan" ? source.tableName : source.indexName.split(".")[0]);
  }
}

function decodeBound(value) {
  if (value !== null && typeof value === "object" && "$undefined" in value) return undefined;
  return jsonToConvex(value);
}

function fieldOf(doc, fieldPath) {
  let v = doc;
  for (const part of fieldPath.split(".")) {
    v = v !== null && typeof v === "object" && !Array.isArray(v) ? v[part] : undefined;
  }
  return v;
}

function inRange(doc, range) {
  return range.every(({ type, fieldPath, value }) => {
    const c = compareValues(fieldOf(doc, fieldPath), value);
    switch (type) {
      case "Eq":
        return c === 0;
      case "Gt":
        return c > 0;
      case "Gte":
        return c >= 0;
      case "Lt":
        return c < 0;
      case "Lte":
        return c <= 0;
      default:
        return true;
    }
  });
}

/**
 * @param {{ ids: Set<string>, tables: Set<string>, ranges: any[] }} reads
 * @param {{ id: string, table: string, old: any, new: any }[]} changes
 */
export function touches(reads, changes) {
  for (const change of changes) {
    if (reads.ids.has(change.id) || reads.tables.has(change.table)) return true;
    for (const { table, range } of reads.ranges) {
      if (table !== change.table) continue;
      if ((change.old && inRange(change.old, range)) || (change.new && inRange(change.new, range))) return true;
    }
  }
  return false;
}
