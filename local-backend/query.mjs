// Executes serialized queries (convex/server query_impl.js) against a
// Transaction: index ranges become [lo, hi) key intervals, filters and limits
// apply as documents stream, and pagination cursors are opaque and bound to
// the query they came from.
import { createHash } from "node:crypto";
import { compareValues, jsonToConvex } from "convex/values";
import { AFTER, encodeTuple, fieldOf } from "./keys.mjs";
import { searchDocuments } from "./search.mjs";

const fromJson = (v) => (v !== null && typeof v === "object" && "$undefined" in v ? undefined : jsonToConvex(v));

export class QueryError extends Error {}

/** The index and key interval of a query's source. */
export function resolveSource(tx, source) {
  const db = tx.db;
  if (source.type === "FullTableScan") {
    db.tableNumber(source.tableName);
    const index = db.indexes.get(`${source.tableName}.by_creation_time`);
    return { index, lo: index.prefix, hi: Buffer.concat([index.prefix, AFTER]), reverse: source.order === "desc" };
  }
  const [table, name] = source.indexName.split(".");
  db.tableNumber(table);
  const index = db.indexes.get(source.indexName);
  if (!index) throw new QueryError(`Index ${source.indexName} not found.`);
  const eq = [];
  let lower = null;
  let upper = null;
  for (const expr of source.range) {
    const position = index.fields.indexOf(expr.fieldPath);
    const value = fromJson(expr.value);
    if (expr.type === "Eq") {
      if (position !== eq.length || lower || upper) throw badRange(name, index, expr);
      eq.push(value);
    } else {
      if (position !== eq.length) throw badRange(name, index, expr);
      if (expr.type === "Gt" || expr.type === "Gte") lower = { value, inclusive: expr.type === "Gte" };
      else upper = { value, inclusive: expr.type === "Lte" };
    }
  }
  const prefix = encodeTuple(index.prefix, eq);
  const lo = lower ? (lower.inclusive ? encodeTuple(prefix, [lower.value]) : Buffer.concat([encodeTuple(prefix, [lower.value]), AFTER])) : prefix;
  const hi = upper ? (upper.inclusive ? Buffer.concat([encodeTuple(prefix, [upper.value]), AFTER]) : encodeTuple(prefix, [upper.value])) : Buffer.concat([prefix, AFTER]);
  return { index, lo, hi, reverse: source.order === "desc" };
}

function badRange(name, index, expr) {
  return new QueryError(
    `Uncaught Error: Index range for ${name} must compare fields in index order (${index.fields.slice(0, -2).join(", ")}): ` +
      `${expr.type} on "${expr.fieldPath}" is out of order.`,
  );
}

/** Evaluates a serialized filter expression (filter_builder_impl.js) on a document. */
export function evaluate(expr, doc) {
  if ("$literal" in expr) return fromJson(expr.$literal);
  if ("$field" in expr) return fieldOf(doc, expr.$field);
  const [op] = Object.keys(expr);
  const arg = expr[op];
  const both = () => arg.map((e) => evaluate(e, doc));
  switch (op) {
    case "$eq": { const [l, r] = both(); return compareValues(l, r) === 0; }
    case "$neq": { const [l, r] = both(); return compareValues(l, r) !== 0; }
    case "$lt": { const [l, r] = both(); return compareValues(l, r) < 0; }
    case "$lte": { const [l, r] = both(); return compareValues(l, r) <= 0; }
    case "$gt": { const [l, r] = both(); return compareValues(l, r) > 0; }
    case "$gte": { const [l, r] = both(); return compareValues(l, r) >= 0; }
    case "$and": return arg.every((e) => evaluate(e, doc) === true);
    case "$or": return arg.some((e) => evaluate(e, doc) === true);
    case "$not": return evaluate(arg, doc) !== true;
    case "$neg": return -evaluate(arg, doc);
    case "$add": { const [l, r] = both(); return l + r; }
    case "$sub": { const [l, r] = both(); return l - r; }
    case "$mul": { const [l, r] = both(); return l * r; }
    case "$div": { const [l, r] = both(); return l / r; }
    case "$mod": { const [l, r] = both(); return l % r; }
    default: throw new QueryError(`Unknown filter operator ${op}`);
  }
}

/**
 * A query being iterated (queryStream / queryStreamNext). Its read interval
 * ends at the last key it produced, so `.first()` on a long range reads (and
 * conflicts on) one key, not the whole range.
 */
export class Stream {
  constructor(tx, query) {
    this.tx = tx;
    this.filters = [];
    this.limit = Infinity;
    for (const op of query.operators) {
      if ("filter" in op) this.filters.push(op.filter);
      else if ("limit" in op) this.limit = Math.min(this.limit, op.limit);
    }
    this.produced = 0;
    if (query.source.type === "Search") {
      tx.reads.tables.add(query.source.indexName.split(".")[0]);
      this.iter = searchDocuments(tx, query.source)[Symbol.iterator]();
      this.range = null;
      return;
    }
    this.range = resolveSource(tx, query.source);
    this.iter = tx.range(this.range.index, this.range.lo, this.range.hi, this.range.reverse);
    this.lastKey = null;
    this.exhausted = false;
  }

  /** The next document passing the filters, or null at the end. */
  next() {
    if (this.produced >= this.limit) return null;
    for (;;) {
      const step = this.iter.next();
      if (step.done) {
        this.exhausted = true;
        return null;
      }
      const { key, doc } = step.value;
      if (key) this.lastKey = key;
      this.tx.stats.docsRead += 1;
      if (this.filters.every((f) => evaluate(f, doc) === true)) {
        this.produced += 1;
        return doc;
      }
    }
  }

  /** Records what this stream has read in the transaction's read set. */
  close() {
    if (!this.range || this.closed) return;
    this.closed = true;
    const { lo, hi, reverse } = this.range;
    if (this.exhausted || this.lastKey === null) {
      if (this.exhausted) this.tx.readInterval(lo, hi);
      else this.tx.readInterval(lo, reverse ? hi : lo);
      return;
    }
    const justAfter = Buffer.concat([this.lastKey, Buffer.from([0])]);
    if (reverse) this.tx.readInterval(this.lastKey, hi);
    else this.tx.readInterval(lo, justAfter);
  }
}

// Pagination cursors: the query's fingerprint and the last key, so a cursor
// from another query is refused (InvalidCursor) and a page is O(log n + k).
const fingerprint = (query) => createHash("sha256").update(JSON.stringify(query)).digest("base64url").slice(0, 16);
const END_CURSOR = "_end";

function encodeCursor(fp, key) {
  return `${fp}.${key === END_CURSOR ? END_CURSOR : key.toString("base64url")}`;
}

function decodeCursor(fp, cursor) {
  if (cursor === null) return null;
  const [from, key] = String(cursor).split(".");
  if (from !== fp || key === undefined) {
    throw Object.assign(new QueryError("InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query."), { code: "InvalidCursor" });
  }
  return key === END_CURSOR ? END_CURSOR : Buffer.from(key, "base64url");
}

/**
 * One page of a query (queryPage), as Convex pages: a full page is never the
 * last (isDone comes with the following, possibly empty, page); `endCursor`
 * pins the end of a page that is being re-run.
 */
export function queryPage(tx, { query, cursor, endCursor, pageSize }) {
  if (!Number.isFinite(pageSize) || pageSize < 1) {
    throw new QueryError(`\`numItems\` must be at least 1 (received ${pageSize}).`);
  }
  const fp = fingerprint(query.source);
  if (query.source.type === "Search") return searchPage(tx, query, fp, cursor, endCursor, pageSize);
  const start = decodeCursor(fp, cursor);
  const end = decodeCursor(fp, endCursor ?? null);
  const range = resolveSource(tx, query.source);
  const { reverse } = range;
  if (start === END_CURSOR) return { page: [], isDone: true, continueCursor: encodeCursor(fp, END_CURSOR), splitCursor: null, pageStatus: null };
  const after = (key) => Buffer.concat([key, Buffer.from([0])]);
  let lo = range.lo;
  let hi = range.hi;
  if (start && reverse) hi = start;
  else if (start) lo = after(start);
  if (end && end !== END_CURSOR && reverse) lo = end;
  else if (end && end !== END_CURSOR) hi = after(end);
  const filters = query.operators.filter((op) => "filter" in op).map((op) => op.filter);
  const page = [];
  let lastKey = null;
  let exhausted = true;
  const pinned = end !== null;
  for (const { key, doc } of tx.range(range.index, lo, hi, reverse)) {
    lastKey = key;
    tx.stats.docsRead += 1;
    if (filters.every((f) => evaluate(f, doc) === true)) page.push(doc);
    if (!pinned && page.length >= pageSize) {
      exhausted = false;
      break;
    }
  }
  if (pinned) {
    tx.readInterval(lo, hi);
    const isDone = end === END_CURSOR;
    return { page, isDone, continueCursor: encodeCursor(fp, end), splitCursor: null, pageStatus: null };
  }
  if (exhausted) {
    tx.readInterval(lo, hi);
    return { page, isDone: true, continueCursor: encodeCursor(fp, END_CURSOR), splitCursor: null, pageStatus: null };
  }
  if (reverse) tx.readInterval(lastKey, hi);
  else tx.readInterval(lo, after(lastKey));
  return { page, isDone: false, continueCursor: encodeCursor(fp, lastKey), splitCursor: null, pageStatus: null };
}

/** A page of search results (relevance order): cursors are positions in the result list. */
function searchPage(tx, query, fp, cursor, endCursor, pageSize) {
  tx.reads.tables.add(query.source.indexName.split(".")[0]);
  const position = (c) => {
    const key = decodeCursor(fp, c);
    return key === null ? null : key === END_CURSOR ? Infinity : key.readUInt32BE(0);
  };
  const filters = query.operators.filter((op) => "filter" in op).map((op) => op.filter);
  const all = searchDocuments(tx, query.source).map((r) => r.doc).filter((doc) => filters.every((f) => evaluate(f, doc) === true));
  const from = position(cursor) ?? 0;
  const pinnedEnd = position(endCursor ?? null);
  const to = pinnedEnd ?? from + pageSize;
  const page = all.slice(from, to);
  const isDone = pinnedEnd !== null ? to >= all.length : page.length < pageSize;
  const at = (n) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(Math.min(n, 0xffffffff));
    return b;
  };
  const continueCursor = isDone && pinnedEnd === null ? encodeCursor(fp, END_CURSOR) : encodeCursor(fp, pinnedEnd === Infinity ? END_CURSOR : at(to));
  return { page, isDone, continueCursor, splitCursor: null, pageStatus: null };
}
