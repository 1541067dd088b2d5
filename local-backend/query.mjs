// Executes serialized queries (convex/server query_impl.js) against a
// Transaction: index ranges become [lo, hi) key intervals, filters and limits
// apply as documents stream, and pagination cursors are sealed (cursors.mjs)
// and bound to the query they came from.
import { createHash } from "node:crypto";
import { compareValues, jsonToConvex } from "convex/values";
import { AFTER, encodeTuple, fieldOf, inInterval } from "./keys.mjs";
import { searchDocuments } from "./search.mjs";

const fromJson = (v) => (v !== null && typeof v === "object" && "$undefined" in v ? undefined : jsonToConvex(v));

export class QueryError extends Error {}

/** The index and key interval of a query's source. */
function resolveSource(tx, source) {
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
function evaluate(expr, doc) {
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

  /**
   * The next document passing the filters, or null at the end: `{ doc, text? }`, `text` being its
   * stored JSON when it was read from the store (then `doc` is decoded only if looked at).
   * @returns {{ doc: any, text?: string } | null}
   */
  next() {
    if (this.produced >= this.limit) return null;
    for (;;) {
      const step = this.iter.next();
      if (step.done) {
        this.exhausted = true;
        return null;
      }
      const entry = step.value;
      if (entry.key) this.lastKey = entry.key;
      this.tx.stats.docsRead += 1;
      if (this.filters.length === 0 || this.filters.every((f) => evaluate(f, entry.doc) === true)) {
        this.produced += 1;
        return entry;
      }
    }
  }

  /** Records what this stream has read in the transaction's read set, and lets its range go. */
  close() {
    if (this.closed) return;
    this.closed = true;
    // A range left part-way (.first(), .take()) holds its LMDB cursor and, through it, the read
    // snapshot's reader slot until it is returned: a generator abandoned never returns it.
    this.iter.return?.();
    if (!this.range) return;
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

// Pagination cursors (cursors.mjs) are sealed with the query's identity (Convex: the query and its
// index's fields, common/src/query.rs `fingerprint`; here the index's number too, as a position is
// stored without its index prefix). A cursor of another query is InvalidCursor, as on Convex.
// The same query is paged again and again (every client reading a channel's first page, every
// re-run of a live page): its fingerprint is kept for its identity.
const fingerprints = new Map();
const FINGERPRINTS_KEPT = 4096;
function fingerprint(query, index) {
  const identity = JSON.stringify({ query, index: index ? { number: index.number, fields: index.fields } : null });
  let fp = fingerprints.get(identity);
  if (fp === undefined) {
    fp = createHash("sha256").update(identity).digest();
    if (fingerprints.size >= FINGERPRINTS_KEPT) fingerprints.delete(fingerprints.keys().next().value);
    fingerprints.set(identity, fp);
  }
  return fp;
}

/** Convex's error for a cursor of another query (database/src/query/mod.rs `invalid_cursor`). */
function invalidCursor() {
  return Object.assign(
    new QueryError("InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query."),
    { data: { isConvexSystemError: true, paginationError: "InvalidCursor" } },
  );
}

const END = "end";

/** The cursor's position in this query: null (none), END, or an index key inside the query's range. */
function openCursor(codec, fp, cursor, range) {
  if (cursor === null || cursor === undefined) return null;
  const { fingerprint: from, position } = codec.open(cursor);
  if (!from.equals(fp)) throw invalidCursor();
  if (position === END) return END;
  const key = Buffer.concat([range.index.prefix, position]);
  // Only a cursor sealed with this deployment's key gets here; even so a position outside the
  // query's own range is refused, never scanned from.
  if (!inInterval(key, range.lo, range.hi)) throw invalidCursor();
  return key;
}

const sealAt = (codec, fp, index, key) => codec.seal(fp, key === END ? END : key.subarray(index.prefix.length));

/**
 * One page of a query (queryPage), as Convex pages: a full page is never the
 * last (isDone comes with the following, possibly empty, page); `endCursor`
 * pins the end of a page that is being re-run. The page's documents come as `{ doc, text? }`
 * (`text`: the stored JSON, when read from the store).
 * @param {ReturnType<import("./cursors.mjs").cursorCodec>} codec
 * @returns {{ page: { doc: any, text?: string }[], isDone: boolean, continueCursor: string, splitCursor: null, pageStatus: null }}
 */
export function queryPage(tx, { query, cursor, endCursor, pageSize }, codec) {
  if (!Number.isFinite(pageSize) || pageSize < 1) {
    throw new QueryError(`\`numItems\` must be at least 1 (received ${pageSize}).`);
  }
  if (query.source.type === "Search") return searchPage(tx, query, codec, cursor, endCursor, pageSize);
  const range = resolveSource(tx, query.source);
  const { index, reverse } = range;
  const fp = fingerprint(query, index);
  const start = openCursor(codec, fp, cursor, range);
  const end = openCursor(codec, fp, endCursor ?? null, range);
  const cursorAt = (key) => sealAt(codec, fp, index, key);
  if (start === END) return { page: [], isDone: true, continueCursor: cursorAt(END), splitCursor: null, pageStatus: null };
  const after = (key) => Buffer.concat([key, Buffer.from([0])]);
  // Both ends stay inside the query's range whatever the cursors say.
  let lo = range.lo;
  let hi = range.hi;
  if (start && reverse) hi = min(hi, start);
  else if (start) lo = max(lo, after(start));
  if (end && end !== END && reverse) lo = max(lo, end);
  else if (end && end !== END) hi = min(hi, after(end));
  const filters = query.operators.filter((op) => "filter" in op).map((op) => op.filter);
  const page = [];
  let lastKey = null;
  let exhausted = true;
  const pinned = end !== null;
  for (const entry of tx.range(index, lo, hi, reverse)) {
    lastKey = entry.key;
    tx.stats.docsRead += 1;
    // An entry's document is decoded only for a filter; the page keeps its stored text.
    if (filters.length === 0 || filters.every((f) => evaluate(f, entry.doc) === true)) page.push(entry);
    if (!pinned && page.length >= pageSize) {
      exhausted = false;
      break;
    }
  }
  if (pinned) {
    tx.readInterval(lo, hi);
    const isDone = end === END;
    return { page, isDone, continueCursor: cursorAt(end), splitCursor: null, pageStatus: null };
  }
  if (exhausted) {
    tx.readInterval(lo, hi);
    return { page, isDone: true, continueCursor: cursorAt(END), splitCursor: null, pageStatus: null };
  }
  if (reverse) tx.readInterval(lastKey, hi);
  else tx.readInterval(lo, after(lastKey));
  return { page, isDone: false, continueCursor: cursorAt(lastKey), splitCursor: null, pageStatus: null };
}

const min = (a, b) => (Buffer.compare(a, b) <= 0 ? a : b);
const max = (a, b) => (Buffer.compare(a, b) >= 0 ? a : b);

/** A page of search results (relevance order): cursors are positions in the result list. */
function searchPage(tx, query, codec, cursor, endCursor, pageSize) {
  tx.reads.tables.add(query.source.indexName.split(".")[0]);
  const index = tx.db.indexes.get(query.source.indexName) ?? null;
  const fp = fingerprint(query, index);
  const position = (c) => {
    if (c === null || c === undefined) return null;
    const { fingerprint: from, position: at } = codec.open(c);
    if (!from.equals(fp)) throw invalidCursor();
    if (at === END) return Infinity;
    if (at.length !== 4) throw invalidCursor();
    return at.readUInt32BE(0);
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
  const continueCursor = codec.seal(fp, (isDone && pinnedEnd === null) || pinnedEnd === Infinity ? END : at(to));
  return { page: page.map((doc) => ({ doc })), isDone, continueCursor, splitCursor: null, pageStatus: null };
}
