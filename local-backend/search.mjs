// Full text search with Convex's documented semantics: text is split into
// lowercase alphanumeric terms; every query term matches whole terms except
// the last, which also matches as a prefix; documents matching any term come
// back in relevance order (BM25 over the matched table), at most 1024 of them,
// after the search index's equality filters.
// https://docs.convex.dev/search/text-search ("Search behavior", "Relevance order", limits)
import { compareValues, jsonToConvex } from "convex/values";
import { AFTER, encodeTuple, fieldOf, stringPrefix } from "./keys.mjs";

const MAX_SEARCH_RESULTS = 1024;
const MAX_QUERY_TERMS = 16;
const K1 = 1.2;
const B = 0.75;

function tokenize(text) {
  return typeof text === "string" ? (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : [];
}

const fromJson = (v) => (v !== null && typeof v === "object" && "$undefined" in v ? undefined : jsonToConvex(v));

// A search index's keys: (null, term, id) for every distinct term of the
// search field, and (field, value, term, id) for every filter field, so a
// search with an equality filter reads only the postings of that value.
const postingsPrefix = (def, filter) => (filter ? encodeTuple(def.prefix, [filter.fieldPath, filter.value]) : encodeTuple(def.prefix, [null]));

/** Keys of a document in a search index (def.fields = [searchField, ...filterFields]). */
export function searchKeys(def, doc) {
  const terms = [...new Set(tokenize(fieldOf(doc, def.fields[0])))];
  const keys = terms.map((term) => encodeTuple(def.prefix, [null, term, doc._id]));
  for (const f of def.fields.slice(1)) {
    const scope = encodeTuple(def.prefix, [f, fieldOf(doc, f)]);
    for (const term of terms) keys.push(encodeTuple(scope, [term, doc._id]));
  }
  return keys;
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
  // Postings of the first equality filter (if any) hold only documents with that value.
  const scope = postingsPrefix(def, eqs.find((e) => def.fields.includes(e.fieldPath)) ?? null);
  // An exact term is one encoded string; the last term also matches every longer term.
  const ranges = exact.map((t) => {
    const lo = encodeTuple(scope, [t]);
    return [t, lo, Buffer.concat([lo, AFTER])];
  });
  const lastLo = stringPrefix(scope, last);
  ranges.push([last, lastLo, Buffer.concat([lastLo, AFTER])]);
  const docFreq = new Map();
  const ids = new Set();
  for (const [term, lo, hi] of ranges) {
    let n = 0;
    for (const { value: id } of tx.db.scan(lo, hi, false, tx.snapshot)) {
      ids.add(id);
      n++;
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
  const docs = Math.max(1, tx.db.count(def.table));
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
