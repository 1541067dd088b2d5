// Full text search with Convex's documented semantics: text is split into
// lowercase alphanumeric terms; every query term matches whole terms except
// the last, which also matches as a prefix; documents matching any term come
// back in relevance order (BM25 over the matched table), at most 1024 of them,
// after the search index's equality filters.
// https://docs.convex.dev/search/text-search ("Search behavior", "Relevance order", limits)
import { compareValues, convexToJson, jsonToConvex } from "convex/values";
import { AFTER, encodeTuple, fieldOf, stringPrefix } from "./keys.mjs";

const MAX_SEARCH_RESULTS = 1024;
const MAX_QUERY_TERMS = 16;
const K1 = 1.2;
const B = 0.75;

function tokenize(text) {
  return typeof text === "string" ? (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : [];
}

const fromJson = (v) => (v !== null && typeof v === "object" && "$undefined" in v ? undefined : jsonToConvex(v));

// A search index's entries (layout SEARCH_LAYOUT), for every distinct term of the search field:
// - (null, term, id), whose value is [id, ...the filter fields' values]: a search scoped by any
//   filter field keeps the postings of its value without reading a document;
// - (first filter field, its value, term, id), whose value is the id: a search whose first
//   equality filter is on that field (a workspace, a channel: what a search is usually scoped
//   by) reads only that value's postings.
// Postings for every filter field (layout 1) were 7 keys a term for an item: 100 of the 136
// index keys an imported item wrote, and most of a CSV import's commit.
export const SEARCH_LAYOUT = 2;
const globalPrefix = (def) => encodeTuple(def.prefix, [null]);
const toJson = (v) => (v === undefined ? { $undefined: true } : convexToJson(v));

/**
 * A document's entries in a search index (def.fields = [searchField, ...filterFields]): its keys,
 * and each key's value (the id, or for a global posting the id and the filter values as JSON).
 * @returns {{ keys: Buffer[], values: string[] }}
 */
export function searchEntries(def, doc) {
  const terms = [...new Set(tokenize(fieldOf(doc, def.fields[0])))];
  const filters = def.fields.slice(1);
  const keys = terms.map((term) => encodeTuple(def.prefix, [null, term, doc._id]));
  const posting = JSON.stringify([doc._id, ...filters.map((f) => toJson(fieldOf(doc, f)))]);
  const values = keys.map(() => posting);
  if (filters.length > 0) {
    const scope = encodeTuple(def.prefix, [filters[0], fieldOf(doc, filters[0])]);
    for (const term of terms) {
      keys.push(encodeTuple(scope, [term, doc._id]));
      values.push(doc._id);
    }
  }
  return { keys, values };
}

/**
 * The ids of a term range's postings that `keep` keeps: a scoped range's values are ids, a
 * global range's [id, ...filter values].
 */
function* postingIds(tx, lo, hi, scoped, keep) {
  for (const { value } of tx.db.scan(lo, hi, false, tx.snapshot)) {
    if (scoped) {
      yield /** @type {string} */ (value);
      continue;
    }
    const posting = JSON.parse(/** @type {string} */ (value));
    if (keep(posting)) yield posting[0];
  }
}

/**
 * Runs a search through the inverted index (term -> documents), so its cost
 * follows the documents that contain the terms, not the table's size.
 * @returns {{ key: null, doc: any }[]} matches, best first
 */
export function searchDocuments(tx, source) {
  const def = tx.db.indexes.get(source.indexName);
  if (!def?.search) throw new Error(`Search index ${source.indexName} not found.`);
  const search = source.filters.find((f) => f.type === "Search");
  const eqs = source.filters.filter((f) => f.type === "Eq").map((f) => ({ fieldPath: f.fieldPath, value: fromJson(f.value) }));
  const terms = tokenize(search?.value ?? "").slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return [];
  const exact = [...new Set(terms.slice(0, -1))];
  const last = terms.at(-1);
  // Only the documents with the first equality filter's value (if any) count, as candidates and
  // for the terms' document frequencies.
  // The first filter field's are read under its value; another's from the global postings.
  const first = eqs.find((e) => def.fields.includes(e.fieldPath)) ?? null;
  const field = first === null ? -1 : def.fields.indexOf(first.fieldPath);
  const scoped = field === 1;
  const prefix = scoped ? encodeTuple(def.prefix, [first?.fieldPath, first?.value]) : globalPrefix(def);
  const keep = field > 1 ? (posting) => compareValues(fromJson(posting[field]), first?.value) === 0 : () => true;
  // An exact term is one encoded string; the last term also matches every longer term.
  const ranges = exact.map((t) => {
    const lo = encodeTuple(prefix, [t]);
    return [t, lo, Buffer.concat([lo, AFTER])];
  });
  const lastLo = stringPrefix(prefix, last);
  ranges.push([last, lastLo, Buffer.concat([lastLo, AFTER])]);
  const docFreq = new Map();
  const ids = new Set();
  for (const [term, lo, hi] of ranges) {
    let n = 0;
    // Nothing is posted under the search field itself (no filter field): such a search finds nothing.
    if (field !== 0) {
      for (const id of postingIds(tx, lo, hi, scoped, keep)) {
        ids.add(id);
        n++;
      }
    }
    docFreq.set(term, n);
  }
  for (const w of tx.writes.values()) if (w.table === def.table) ids.add(w.id);
  const candidates = [];
  for (const id of ids) {
    const doc = tx.writes.has(id) ? tx.writes.get(id).new : tx.committed(id);
    if (!doc) continue;
    tx.stats.docsRead += 1;
    if (!eqs.every((e) => compareValues(fieldOf(doc, e.fieldPath), e.value) === 0)) continue;
    const tokens = tokenize(fieldOf(doc, def.fields[0]));
    const tf = new Map();
    for (const t of tokens) {
      if (exact.includes(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
      if (t.startsWith(last)) tf.set(last, (tf.get(last) ?? 0) + 1);
    }
    if (tf.size > 0) candidates.push({ doc, tf, length: tokens.length, score: 0 });
  }
  const docs = Math.max(1, tx.db.count(def.table, tx.snapshot));
  const avg = candidates.length ? candidates.reduce((n, c) => n + c.length, 0) / candidates.length : 1;
  for (const c of candidates) {
    let score = 0;
    for (const [q, f] of c.tf) {
      const df = docFreq.get(q) ?? 1;
      const idf = Math.log(1 + (docs - df + 0.5) / (df + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * c.length) / avg));
    }
    c.score = score;
  }
  // Equal scores: newest first.
  candidates.sort((a, b) => b.score - a.score || b.doc._creationTime - a.doc._creationTime);
  return candidates.slice(0, MAX_SEARCH_RESULTS).map((c) => ({ key: null, doc: c.doc }));
}
