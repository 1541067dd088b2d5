// ctx.vectorSearch as Convex answers it (crates/vector: query.rs, qdrant_index.rs, lib.rs):
// the `limit` (default 10, at most 256) nearest documents of a vector index by cosine
// similarity, as [{ _id, _score }] best first; `filter` is q.eq on the index's
// filterFields, combined with q.or (a document matches any condition). An exact scan
// of the table: the local store has no approximate index.
import { convexToJson } from "convex/values";
import { AFTER } from "./keys.mjs";

const DEFAULT_LIMIT = 10;
const MAX_RESULTS = 256;
const MAX_FILTER_LENGTH = 64;

export class VectorSearchError extends Error {}

/** field -> Set of values (as JSON text) from a filter expression, as Convex assembles it. */
function filterMap(expression, out = new Map()) {
  if (expression?.$eq) {
    const [left, right] = expression.$eq;
    if (typeof left?.$field !== "string" || right === undefined || !("$literal" in right)) {
      throw new VectorSearchError("`q.eq` must take a field path as its first argument and a value as its second");
    }
    if (!out.has(left.$field)) out.set(left.$field, new Set());
    out.get(left.$field).add(JSON.stringify(right.$literal ?? { $undefined: null }));
    return out;
  }
  if (Array.isArray(expression?.$or)) {
    for (const e of expression.$or) filterMap(e, out);
    return out;
  }
  throw new VectorSearchError("Filters should be a combination of `q.eq` and `q.or`.");
}

const fieldValue = (doc, path) => path.split(".").reduce((v, k) => (v !== null && typeof v === "object" ? v[k] : undefined), doc);
const valueKey = (v) => JSON.stringify(v === undefined ? { $undefined: null } : convexToJson(v));

function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * @param {import("./database.mjs").Database} db
 * @param {{ table: string, name: string, vectorField: string, dimensions: number, filterFields: string[] }} index the index, its table as stored
 * @param {{ indexName: string, limit?: number, vector: number[], expressions: any }} query
 * @returns {{ _id: string, _score: number }[]}
 */
export function vectorSearch(db, index, query) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (limit > MAX_RESULTS) throw new VectorSearchError(`Vector queries can fetch at most ${MAX_RESULTS} results, requested ${limit}.`);
  const conditions = query.expressions ? filterMap(query.expressions) : new Map();
  let length = 0;
  for (const [field, values] of conditions) {
    if (!index.filterFields.includes(field)) {
      throw new VectorSearchError(`Vector query against ${query.indexName} contains a filter on ${JSON.stringify(field)} but that field isn't indexed for filtering in \`filterFields\`.`);
    }
    length += values.size;
  }
  if (length > MAX_FILTER_LENGTH) throw new VectorSearchError(`Vector query against ${query.indexName} has too many conditions. Max: ${MAX_FILTER_LENGTH} Actual: ${length}`);
  if (query.vector.length !== index.dimensions) throw new VectorSearchError(`Expected a vector with dimensions ${index.dimensions}, received ${query.vector.length}.`);
  const all = db.indexes.get(`${index.table}.by_creation_time`);
  if (!all) return [];
  const scored = [];
  for (const { value: id } of db.scan(all.prefix, Buffer.concat([all.prefix, AFTER]), false)) {
    const doc = db.getDoc(id);
    const vector = doc && fieldValue(doc, index.vectorField);
    if (!Array.isArray(vector) || vector.length !== index.dimensions) continue;
    if (conditions.size > 0 && ![...conditions].some(([field, values]) => values.has(valueKey(fieldValue(doc, field))))) continue;
    scored.push({ _id: id, _score: cosine(query.vector, vector) });
  }
  scored.sort((a, b) => b._score - a._score);
  return scored.slice(0, limit);
}

