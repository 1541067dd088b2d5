// Full text search with Convex's documented semantics: text is split into
// lowercase alphanumeric terms; every query term matches whole terms except
// the last, which also matches as a prefix; documents matching any term come
// back in relevance order (BM25 over the matched table), at most 1024 of them,
// after the search index's equality filters.
// https://docs.convex.dev/search/text-search ("Search behavior", "Relevance order", limits)
import { compareValues, jsonToConvex } from "convex/values";
import { AFTER, fieldOf } from "./keys.mjs";

export const MAX_SEARCH_RESULTS = 1024;
export const MAX_QUERY_TERMS = 16;
const K1 = 1.2;
const B = 0.75;

export function tokenize(text) {
  return typeof text === "string" ? (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : [];
}

const fromJson = (v) => (v !== null && typeof v === "object" && "$undefined" in v ? undefined : jsonToConvex(v));

/** @returns {{ key: null, doc: any }[]} matches, best first */
export function searchDocuments(tx, source) {
  const def = tx.db.searchIndexes?.get(source.indexName);
  if (!def) throw new Error(`Search index ${source.indexName} not found.`);
  const search = source.filters.find((f) => f.type === "Search");
  const eqs = source.filters.filter((f) => f.type === "Eq").map((f) => ({ fieldPath: f.fieldPath, value: fromJson(f.value) }));
  const terms = tokenize(search?.value ?? "").slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return [];
  const exact = terms.slice(0, -1);
  const last = terms.at(-1);
  const byCreation = tx.db.indexes.get(`${def.table}.by_creation_time`);
  const candidates = [];
  let totalLength = 0;
  let docs = 0;
  const docFreq = new Map();
  for (const { doc } of tx.range(byCreation, byCreation.prefix, Buffer.concat([byCreation.prefix, AFTER]), true)) {
    const tokens = tokenize(fieldOf(doc, def.searchField));
    docs += 1;
    totalLength += tokens.length;
    if (!eqs.every((e) => compareValues(fieldOf(doc, e.fieldPath), e.value) === 0)) continue;
    const tf = new Map();
    for (const t of tokens) {
      const hits = exact.filter((q) => q === t);
      if (t.startsWith(last)) hits.push(last);
      for (const q of new Set(hits)) tf.set(q, (tf.get(q) ?? 0) + 1);
    }
    if (tf.size === 0) continue;
    for (const q of tf.keys()) docFreq.set(q, (docFreq.get(q) ?? 0) + 1);
    candidates.push({ doc, tf, length: tokens.length });
  }
  const avg = docs ? totalLength / docs : 1;
  for (const c of candidates) {
    let score = 0;
    for (const [q, f] of c.tf) {
      const idf = Math.log(1 + (docs - docFreq.get(q) + 0.5) / (docFreq.get(q) + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * c.length) / avg));
    }
    c.score = score;
  }
  // Newest first among equal scores (the scan ran newest first and sort is stable).
  candidates.sort((a, b) => b.score - a.score);
  return candidates.slice(0, MAX_SEARCH_RESULTS).map((c) => ({ key: null, doc: c.doc }));
}
