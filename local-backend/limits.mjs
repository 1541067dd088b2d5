// Convex's limits, with the numbers Convex documents on
// https://docs.convex.dev/production/state/limits ("Functions",
// "Transactions", "Documents") and the field names of TransactionLimits
// (convex/server meta.ts, https://docs.convex.dev/api/interfaces/server.TransactionLimits).
const MiB = 1024 * 1024;

export const LIMITS = {
  transaction: {
    // "Data read: 16 MiB", "Documents scanned: 32,000" per query/mutation.
    bytesRead: 16 * MiB,
    docsRead: 32_000,
    // "Data written: 16 MiB", "Documents written: 16,000" per mutation.
    bytesWritten: 16 * MiB,
    docsWritten: 16_000,
    // "Index ranges read (db calls): 4,096".
    databaseQueries: 4_096,
  },
  // "Functions scheduled: 1,000" per mutation.
  scheduledPerMutation: 1_000,
  // "Query/mutation execution time: 1 second"; "Action execution time: 10 minutes".
  queryMutationMs: 1_000,
  actionMs: 10 * 60 * 1000,
  // "Function arguments / return value size: 16 MiB".
  argumentBytes: 16 * MiB,
  returnBytes: 16 * MiB,
  // Documents: "Document size: 1 MiB", "Fields per document: 1,024",
  // "Nesting depth: 16", "Array elements: 8,192".
  documentBytes: 1 * MiB,
  fieldsPerObject: 1_024,
  nestingDepth: 16,
  arrayLength: 8_192,
  // HTTP actions: "Request and response size: 20 MiB".
  httpBodyBytes: 20 * MiB,
  // Not a Convex number: the local cap on one uploaded file (Convex streams
  // uploads to object storage); kept large enough for any asset the app takes.
  fileSize: Number(process.env.LOCAL_BACKEND_MAX_UPLOAD_BYTES ?? 64 * MiB),
};

export function limitError(what, limit) {
  /** @type {Error & { limit?: boolean }} */
  const error = new Error(`Too many ${what} in a single function execution (limit: ${limit}). Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.`);
  error.limit = true;
  return error;
}

/** Convex's document rules: size, array length, nesting depth, fields per object. Returns an error message or null. */
export function checkDocument(doc) {
  let problem = null;
  const walk = (v, depth) => {
    if (problem) return;
    if (depth > LIMITS.nestingDepth) {
      problem = `Document is too nested (nested ${depth} levels deep > maximum nesting ${LIMITS.nestingDepth}).`;
      return;
    }
    if (Array.isArray(v)) {
      if (v.length > LIMITS.arrayLength) problem = `Array length is too long (${v.length} > maximum length ${LIMITS.arrayLength}).`;
      for (const x of v) walk(x, depth + 1);
    } else if (v !== null && typeof v === "object" && !(v instanceof ArrayBuffer)) {
      const keys = Object.keys(v);
      if (keys.length > LIMITS.fieldsPerObject) problem = `Object has too many fields (${keys.length} > maximum number ${LIMITS.fieldsPerObject}).`;
      for (const k of keys) walk(v[k], depth + 1);
    }
  };
  walk(doc, 0);
  if (problem) return problem;
  const size = approximateSize(doc);
  if (size > LIMITS.documentBytes) return `Value is too large (${size} bytes > maximum size ${LIMITS.documentBytes} bytes).`;
  return null;
}

/** Size of a value as Convex counts it, close enough: strings and bytes by length, scalars 8 bytes. */
function approximateSize(v) {
  if (v === null || v === undefined || typeof v === "boolean") return 1;
  if (typeof v === "number" || typeof v === "bigint") return 8;
  if (typeof v === "string") return Buffer.byteLength(v) + 2;
  if (v instanceof ArrayBuffer) return v.byteLength + 2;
  if (Array.isArray(v)) return v.reduce((n, x) => n + approximateSize(x), 2);
  let n = 2;
  for (const [k, x] of Object.entries(v)) n += k.length + 1 + approximateSize(x);
  return n;
}
