// The syscalls the convex/server runtime makes (Convex.syscall,
// Convex.asyncSyscall, Convex.jsSyscall), served from the store for the
// execution in the current async context.
import { createHash } from "node:crypto";
import { convexToJson, jsonToConvex } from "convex/values";
import { localTableName, qualifiedTable, tableNamer } from "./components.mjs";
import { requestContext } from "./context.mjs";
import { CursorParseError } from "./cursors.mjs";
import { encodeDoc, encodePlain, storedText } from "./database.mjs";
import { newId } from "./ids.mjs";
import { LIMITS, checkDocument, limitError } from "./limits.mjs";
import { QueryError, Stream, queryPage } from "./query.mjs";
import { mark, overTimeLimit, segmentMs } from "./thread-cpu.mjs";
import { checkValue } from "./validate.mjs";
import { VectorSearchError, vectorSearch } from "./vector.mjs";

/** An error a function sees as thrown by the syscall (ConvexError when it has data). */
class SyscallError extends Error {
  constructor(message, data) {
    super(message);
    if (data !== undefined) this.data = data;
  }
}

/** A syscall's answer already in JSON: a stored document's text goes to the function as it is. */
class RawJson {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }
}

/** A document as a syscall answers it (its JSON value), from its stored text when there is one. */
function docJson(doc) {
  const text = storedText(doc);
  return text === undefined ? convexToJson(doc) : new RawJson(text);
}

const current = () => {
  const exec = requestContext.getStore();
  if (!exec?.server) throw new Error("Convex syscall outside of a function execution");
  if (exec.timedOut) throw new Error("This function execution timed out; it can make no more calls.");
  return exec;
};

/**
 * Each syscall is served for the execution in the current async context (its `server` is the host).
 * @returns {{ syscall: Function, asyncSyscall: Function, jsSyscall: Function }}
 */
export function installSyscalls() {
  // The functions' contexts get this object as their `Convex`; "use node" modules on this thread read the global.
  const convex = {
    syscall: (op, json) => JSON.stringify(syncOp(current(), op, JSON.parse(json))),
    asyncSyscall: (op, json) => {
      try {
        const exec = current();
        chargeTime(exec);
        const turn = shareTheLoop(exec);
        if (turn !== null || op !== "1.0/queryStreamNext") return answerLater(exec, op, json, turn);
        // A query's next document (one call per document read) is answered now, in a settled
        // promise: no async function, no await of its own.
        try {
          return Promise.resolve(jsonText(streamNext(exec, JSON.parse(json))));
        } finally {
          resumed(exec);
        }
      } catch (e) {
        return Promise.reject(e);
      }
    },
    jsSyscall: (op, args) => jsOp(current(), op, args),
  };
  globalThis.Convex = convex;
  return convex;
}

/** An asynchronous syscall answered after the function's turn to yield (if it is due) and the operation's own waits. */
async function answerLater(exec, op, json, turn) {
  if (turn) await turn;
  try {
    return await asyncAnswer(exec, op, json);
  } finally {
    resumed(exec);
  }
}

/** The function runs again from here: its own time counts from now. */
function resumed(exec) {
  exec.resumedAt = performance.now();
  mark(exec.resumedAt);
}

// A function that makes thousands of syscalls resolves them as microtasks and
// would never let another request in; every few milliseconds it yields a
// macrotask, so a long query cannot hold up a short one.
const SLICE_MS = 2;
/** Null while the function's slice lasts; then a promise of the next macrotask. */
function shareTheLoop(exec) {
  const now = performance.now();
  exec.sliceStart ??= now;
  if (now - exec.sliceStart < SLICE_MS) return null;
  return new Promise((resolve) => setImmediate(resolve)).then(() => {
    exec.sliceStart = performance.now();
  });
}

/**
 * Adds the time the function ran since its last syscall (its own JS, not the
 * time it waited) and enforces Convex's 1 s limit for queries and mutations.
 */
export function chargeTime(exec) {
  const now = performance.now();
  // A function run in a worker is timed there (its own JS, not the round trips of its syscalls).
  if (exec.resumedAt === undefined || exec.timedInWorker) return mark(now);
  exec.ownMs = (exec.ownMs ?? 0) + segmentMs(now);
  exec.busyMs = (exec.busyMs ?? 0) + (now - exec.resumedAt);
  exec.resumedAt = now;
  if (exec.kind !== "action" && overTimeLimit(exec.busyMs, exec.cpuAtStart, LIMITS.queryMutationMs)) {
    throw Object.assign(new Error(`Function execution timed out (maximum duration: ${LIMITS.queryMutationMs / 1000}s)`), { runtime: true });
  }
}

// A component's functions see their own tables under their plain names.
const q = (exec, table) => qualifiedTable(exec.componentPath, table);
const TABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** True when `table` (as stored) belongs to the execution's app or component. */
function inScope(exec, table) {
  if (table === null) return false;
  return exec.componentPath ? table.startsWith(`${exec.componentPath}:`) : !table.includes(":");
}

/** A serialized query with its table (or index) named as stored; a staged index is refused as on Convex. */
function scopedQuery(exec, query) {
  const indexName = query.source?.indexName;
  if (indexName !== undefined && exec.server.isStagedIndex(q(exec, indexName.slice(0, indexName.indexOf("."))) + indexName.slice(indexName.indexOf(".")))) {
    throw new SyscallError(`Index ${indexName} is currently staged and not available to query until it is enabled.`);
  }
  if (!exec.componentPath) return query;
  const source = { ...query.source };
  if (source.tableName !== undefined) source.tableName = q(exec, source.tableName);
  if (source.indexName !== undefined) {
    const dot = source.indexName.indexOf(".");
    source.indexName = `${q(exec, source.indexName.slice(0, dot))}${source.indexName.slice(dot)}`;
  }
  return { ...query, source };
}

function txOf(exec) {
  if (!exec.tx) throw new Error("This operation is not available in actions; use ctx.runQuery / ctx.runMutation.");
  return exec.tx;
}

// Exported for a worker serving its own mutation's database calls (worker-tx.mjs).
export function syncOp(exec, op, args) {
  switch (op) {
    case "1.0/queryStream": {
      const queryId = exec.nextQueryId++;
      exec.streams.set(queryId, new Stream(txOf(exec), scopedQuery(exec, args.query)));
      return { queryId };
    }
    case "1.0/queryCleanup": {
      exec.streams.get(args.queryId)?.close();
      exec.streams.delete(args.queryId);
      return true;
    }
    case "1.0/db/normalizeId": {
      const table = exec.server.db.tableOfId(args.idString);
      return { id: table === q(exec, args.table) ? args.idString : null };
    }
    case "1.0/getSnapshotTs":
      return convexToJson(txOf(exec).beginTs);
    default:
      throw new Error(`Unknown operation ${op}`);
  }
}

/** `1.0/queryStreamNext`: the stream's next document, as stored when it comes from the store. */
function streamNext(exec, args) {
  const stream = exec.streams.get(args.queryId);
  if (!stream) throw new Error("This query is closed and can't emit any more values.");
  const entry = stream.next();
  checkReads(stream.tx);
  if (entry === null) {
    stream.close();
    return { value: null, done: true };
  }
  const text = entry.text ?? storedText(entry.doc);
  return text === undefined ? { value: convexToJson(entry.doc), done: false } : new RawJson(`{"value":${text},"done":false}`);
}

/** An asynchronous syscall's answer as the JSON text the function gets (also for a worker serving its own: worker-tx.mjs). */
export async function asyncAnswer(exec, op, json) {
  const out = op === "1.0/queryStreamNext" ? streamNext(exec, JSON.parse(json)) : await asyncOp(exec, op, parseArgs(json));
  return jsonText(out);
}

// Arguments whose JSON text has no "$" key (no int64, bytes or special float), no escape (so no
// control character) and nothing outside ASCII but DEL: their parsed JSON is already the Convex
// value, field names included (jsonToConvex would only copy it and check the names), and a document
// made of it is stored as its JSON.stringify (database.mjs `encodePlain`). An import batch's
// thousands of inserts skip both walks.
const plainArgs = new WeakSet();
const isPlainJson = (json) => !json.includes('"$') && !json.includes("\\") && !json.includes("\x7f") && Buffer.byteLength(json) === json.length;
function parseArgs(json) {
  const args = JSON.parse(json);
  if (isPlainJson(json)) plainArgs.add(args);
  return args;
}

const jsonText = (out) => (out instanceof RawJson ? out.text : JSON.stringify(out));

async function asyncOp(exec, op, args) {
  const { server } = exec;
  switch (op) {
    case "1.0/get": {
      const tx = txOf(exec);
      const table = server.db.tableOfId(args.id);
      if (!inScope(exec, table)) return null;
      systemTableGuard(table, !!args.isSystem);
      if (args.table !== undefined && table !== q(exec, args.table)) {
        throw new SyscallError(`Invalid argument \`id\` for \`db.get\`: the id is from table "${table}", not "${args.table}".`);
      }
      const doc = tx.get(args.id);
      checkReads(tx);
      return doc === null ? null : docJson(doc);
    }
    case "1.0/insert":
      if (typeof args.table !== "string" || !TABLE_NAME.test(args.table)) throw new SyscallError(`Invalid table name "${args.table}"`);
      systemTableGuard(args.table, false);
      return plainArgs.has(args) ? { _id: insert(exec, q(exec, args.table), args.value, null, true) } : { _id: insert(exec, q(exec, args.table), jsonToConvex(args.value)) };
    case "1.0/shallowMerge":
      return update(exec, args, (old, value) => {
        const merged = { ...old };
        for (const [k, v] of Object.entries(value)) {
          if (v !== null && typeof v === "object" && "$undefined" in v) delete merged[k];
          else merged[k] = jsonToConvex(v);
        }
        return merged;
      }, "patch");
    case "1.0/replace":
      return update(exec, args, (old, value) => ({ .../** @type {Record<string, any>} */ (jsonToConvex(value)), _id: old._id, _creationTime: old._creationTime }), "replace");
    case "1.0/remove":
      return remove(exec, args.id);
    case "1.0/queryPage": {
      const tx = txOf(exec);
      const pinned = exec.journal?.endCursor && !args.endCursor ? exec.journal.endCursor : null;
      try {
        const { page, ...rest } = queryPage(tx, { ...args, query: scopedQuery(exec, args.query), endCursor: pinned ?? args.endCursor }, server.cursors);
        if (exec.recordJournal) exec.journalOut = { endCursor: rest.continueCursor };
        checkReads(tx);
        // The documents as stored, spliced into the page's JSON (`entry.doc` decodes a stored
        // document: it is read only when there is no text).
        const docs = page.map((entry) => entry.text ?? storedText(entry.doc) ?? JSON.stringify(convexToJson(entry.doc)));
        return new RawJson(`{"page":[${docs.join(",")}],${JSON.stringify(rest).slice(1)}`);
      } catch (e) {
        if (e instanceof QueryError || e instanceof CursorParseError) throw new SyscallError(e.message, /** @type {any} */ (e).data);
        throw e;
      }
    }
    case "1.0/count": {
      const tx = txOf(exec);
      const table = q(exec, args.table);
      tx.reads.tables.add(table);
      let n = server.db.count(table, tx.snapshot);
      for (const w of tx.writes.values()) if (w.table === table) n += (w.new ? 1 : 0) - (w.old ? 1 : 0);
      return n;
    }
    case "1.0/getUserIdentity":
      return exec.identity ?? null;
    case "1.0/getFunctionMetadata":
      return { name: exec.udfPath, componentPath: exec.componentPath ?? "" };
    case "1.0/createFunctionHandle": {
      const target = server.resolveAddress(args, exec);
      return `function://${target.component};${target.udfPath}`;
    }
    case "1.0/getTransactionMetrics":
      return transactionMetrics(txOf(exec));
    case "1.0/getDeploymentMetadata":
      return { name: "local", region: null, class: null };
    case "1.0/getRequestMetadata":
      return { ip: null, userAgent: null, requestId: exec.requestId, scheduledFunctionId: exec.jobId ?? null, authToken: null };
    case "1.0/storageGenerateUploadUrl":
      return server.urls.uploadUrl(exec.componentPath);
    case "1.0/storageGetUrl": {
      const doc = await readStorageDoc(exec, args.storageId);
      return doc ? server.urls.storageUrl(args.storageId) : null;
    }
    case "1.0/storageGetMetadata": {
      const doc = await readStorageDoc(exec, args.storageId);
      // The document keeps the base64 digest; getMetadata answers hex, as Convex's syscall does.
      return doc ? { storageId: doc._id, sha256: Buffer.from(doc.sha256, "base64").toString("hex"), size: doc.size, contentType: doc.contentType ?? null } : null;
    }
    case "1.0/storageDelete":
      return inTransaction(exec, (e) => deleteFile(e, args.storageId));
    case "1.0/storageStore":
      return storeBlob(exec, Buffer.from(args.blob, "base64"), args.contentType);
    case "1.0/storageGet": {
      const doc = await readStorageDoc(exec, args.storageId);
      const bytes = doc && server.blobs.read(doc._id);
      return bytes ? { blob: bytes.toString("base64"), contentType: doc.contentType ?? null } : null;
    }
    case "1.0/schedule":
      return schedule(exec, args);
    case "1.0/actions/schedule":
      return inTransaction(exec, (e) => schedule(e, args));
    case "1.0/cancel_job":
      return cancel(exec, args.id);
    case "1.0/actions/cancel_job":
      return inTransaction(exec, (e) => cancel(e, args.id));
    case "1.0/runUdf":
      return runNested(exec, args);
    case "1.0/actions/vectorSearch":
      return { results: searchVectors(exec, args.query) };
    case "1.0/actions/query":
    case "1.0/actions/mutation":
    case "1.0/actions/action":
      return runFromAction(exec, op.slice("1.0/actions/".length), args);
    default:
      throw new Error(`Unknown async operation ${op}`);
  }
}

function jsOp(exec, op, args) {
  switch (op) {
    case "storage/storeBlob":
      return args.blob.arrayBuffer().then((buf) => storeBlob(exec, Buffer.from(buf), args.blob.type || undefined));
    case "storage/getBlob":
      return readStorageDoc(exec, args.storageId).then((doc) => {
        const bytes = doc && exec.server.blobs.read(doc._id);
        return bytes ? new Blob([bytes], doc.contentType ? { type: doc.contentType } : {}) : null;
      });
    default:
      throw new Error(`Unknown JS operation ${op}`);
  }
}

function transactionMetrics(tx) {
  const used = tx.stats;
  const limits = LIMITS.transaction;
  return {
    bytesRead: { used: used.bytesRead, remaining: limits.bytesRead - used.bytesRead },
    documentsRead: { used: used.docsRead, remaining: limits.docsRead - used.docsRead },
    databaseQueries: { used: 0, remaining: limits.databaseQueries },
    bytesWritten: { used: used.bytesWritten, remaining: limits.bytesWritten - used.bytesWritten },
    documentsWritten: { used: used.docsWritten, remaining: limits.docsWritten - used.docsWritten },
    functionsScheduled: { used: used.scheduled ?? 0, remaining: LIMITS.scheduledPerMutation - (used.scheduled ?? 0) },
    scheduledFunctionArgsBytes: { used: 0, remaining: limits.bytesWritten },
  };
}

function checkReads(tx) {
  if (tx.stats.docsRead > LIMITS.transaction.docsRead) throw limitError("documentsRead", LIMITS.transaction.docsRead);
}

/** Runs `fn` in the execution's transaction, or (from an action) in a new mutation. */
async function inTransaction(exec, fn) {
  if (exec.tx) return fn(exec);
  return exec.server.runInMutation(exec, fn);
}

async function readStorageDoc(exec, storageId) {
  const { server } = exec;
  if (server.db.tableOfId(storageId) !== q(exec, "_storage")) return null;
  if (exec.tx) return exec.tx.get(storageId);
  return server.readCommitted(storageId);
}

function validated(exec, table, doc) {
  const { server } = exec;
  const error = checkDocument(doc);
  if (error) throw new SyscallError(error);
  const validator = server.documentValidator(table);
  if (validator) {
    const { _id, _creationTime, ...fields } = doc;
    const err = checkValue(validator, fields, [], tableNamer(server.db, exec.componentPath));
    if (err) throw new SyscallError(`Failed to insert or update a document in table "${table}" because it does not match the schema: ${err}`);
  }
  return doc;
}

function countWrite(tx, doc) {
  tx.stats.docsWritten += 1;
  tx.stats.bytesWritten += doc ? encodeDoc(doc).length : 0;
  if (tx.stats.docsWritten > LIMITS.transaction.docsWritten) throw limitError("documentsWritten", LIMITS.transaction.docsWritten);
  if (tx.stats.bytesWritten > LIMITS.transaction.bytesWritten) throw limitError("bytesWritten", LIMITS.transaction.bytesWritten);
}

/**
 * A new document with its system fields where Convex orders them among the value's (no field of
 * the value starts with "_"), so a value in Convex's order makes a document in it (`encodePlain`).
 */
function inFieldOrder(value, _id, _creationTime) {
  const doc = {};
  let placed = false;
  for (const k in value) {
    if (!placed && k > "_") {
      doc._creationTime = _creationTime;
      doc._id = _id;
      placed = true;
    }
    doc[k] = value[k];
  }
  if (!placed) Object.assign(doc, { _creationTime, _id });
  return doc;
}

/** `plain`: `value` came from plain JSON (`parseArgs`), so the document is stored as its JSON text when it can be (`encodePlain`). */
export function insert(exec, table, value, id = null, plain = false) {
  const tx = txOf(exec);
  for (const k of Object.keys(value)) {
    if (k.startsWith("_") && !(table.startsWith("_") && exec.system)) throw new SyscallError(`Field name ${k} starts with a '_', which is reserved.`);
  }
  const db = exec.server.db;
  const docId = id ?? newId(db.tableNumber(table));
  const doc = validated(exec, table, plain ? inFieldOrder(value, docId, db.nextCreationTime()) : { ...value, _id: docId, _creationTime: db.nextCreationTime() });
  if (plain) encodePlain(doc);
  countWrite(tx, doc);
  // A new id has no committed document to replace.
  tx.write(docId, table, doc, id === null);
  return docId;
}

/**
 * Convex's `system_table_guard`: system tables (`_storage`, `_scheduled_functions`) are
 * read with `db.system` only and written by the runtime only; user tables not through `db.system`.
 */
function systemTableGuard(table, expectSystem) {
  if (table === null) return;
  const system = localTableName(table).startsWith("_");
  if (expectSystem && !system) throw new SyscallError("User tables cannot be accessed with db.system.");
  if (!expectSystem && system) throw new SyscallError("System tables can only be accessed with db.system.");
}

/** db.delete: user tables only. */
function remove(exec, id) {
  const tx = txOf(exec);
  const table = exec.server.db.tableOfId(id);
  systemTableGuard(table, false);
  const old = inScope(exec, table) && tx.get(id);
  if (!old) throw new SyscallError(`Delete on nonexistent document ID ${id}`);
  tx.write(id, table, null);
  return null;
}

/** ctx.storage.delete: a `_storage` id only (Convex's file_storage `delete`). */
function deleteFile(exec, storageId) {
  const tx = txOf(exec);
  const table = exec.server.db.tableOfId(storageId);
  if (table !== q(exec, "_storage")) throw new SyscallError("Invalid storage ID. Storage ID cannot be an ID on any table other than '_storage'.");
  if (!tx.get(storageId)) throw new SyscallError(`storage id ${storageId} not found`);
  tx.write(storageId, table, null);
  tx.afterCommit.push(() => exec.server.blobs.delete(storageId));
  return null;
}

function update(exec, args, merge, verb) {
  const tx = txOf(exec);
  const table = exec.server.db.tableOfId(args.id);
  if (args.table !== undefined && table !== q(exec, args.table)) throw new SyscallError(`Invalid argument \`id\` for \`db.${verb}\`: the id is not from table "${args.table}".`);
  systemTableGuard(table, false);
  const old = inScope(exec, table) && tx.get(args.id);
  if (!old) throw new SyscallError(`${verb === "patch" ? "Update" : "Replace"} on nonexistent document ID ${args.id}`);
  const value = args.value;
  if (verb === "replace") {
    const v = /** @type {Record<string, any>} */ (jsonToConvex(value));
    if (v._id !== undefined && v._id !== old._id) throw new SyscallError(`Provided _id field ${v._id} doesn't match the document being replaced`);
  } else {
    for (const k of Object.keys(value)) {
      if (k === "_id" || k === "_creationTime") {
        if (convexToJson(jsonToConvex(value[k])) !== convexToJson(old[k])) throw new SyscallError(`Provided ${k} field doesn't match the document being patched`);
      } else if (k.startsWith("_")) throw new SyscallError(`Field name ${k} starts with a '_', which is reserved.`);
    }
  }
  const doc = validated(exec, table, merge(old, value));
  countWrite(tx, doc);
  tx.write(args.id, table, doc);
  return null;
}

function schedule(exec, args) {
  const { server } = exec;
  const tx = txOf(exec);
  const target = server.resolveAddress(args, exec);
  tx.stats.scheduled = (tx.stats.scheduled ?? 0) + 1;
  if (tx.stats.scheduled > LIMITS.scheduledPerMutation) {
    throw new SyscallError(`Too many functions scheduled by this mutation (limit: ${LIMITS.scheduledPerMutation})`);
  }
  const args0 = jsonToConvex(args.args);
  const jobId = insert({ ...exec, system: true }, q(exec, "_scheduled_functions"), {
    name: target.udfPath,
    ...(target.component ? { component: target.component } : {}),
    args: [args0],
    scheduledTime: args.ts * 1000,
    state: { kind: "pending" },
  });
  tx.afterCommit.push(() => server.timers.add(jobId, args.ts * 1000));
  return jobId;
}

/** ctx.scheduler.cancel: a job of this app's or component's own scheduler; one already gone or finished stays as it is. */
function cancel(exec, id) {
  const tx = txOf(exec);
  const table = q(exec, "_scheduled_functions");
  if (exec.server.db.tableOfId(id) !== table) throw new SyscallError("Invalid scheduled function ID. The ID must be an ID on the '_scheduled_functions' table.");
  const job = tx.get(id);
  if (job && (job.state.kind === "pending" || job.state.kind === "inProgress")) {
    const doc = { ...job, state: { kind: "canceled" }, completedTime: Date.now() };
    tx.write(id, table, doc);
    tx.afterCommit.push(() => exec.server.timers.cancel(id));
  }
  return null;
}

async function storeBlob(exec, bytes, contentType) {
  const { server } = exec;
  if (bytes.length > LIMITS.fileSize) throw new SyscallError(`File is too large (${bytes.length} bytes; limit ${LIMITS.fileSize})`);
  return server.storeFile(bytes, contentType, exec.componentPath);
}

/** ctx.runQuery / ctx.runMutation inside a query or mutation: same transaction. */
async function runNested(exec, args) {
  const target = exec.server.resolveAddress(args, exec);
  const kind = args.udfType === "snapshotQuery" ? "query" : args.udfType;
  if (exec.kind === "query" && kind !== "query") throw new SyscallError(`Cannot call a ${kind} function from a ${exec.kind} function`);
  return exec.server.runNested(exec, kind, target, jsonToConvex(args.args));
}

/** ctx.vectorSearch (actions only) over the app's or component's own vector index. */
function searchVectors(exec, query) {
  const dot = String(query?.indexName).indexOf(".");
  const stored = `${q(exec, query.indexName.slice(0, dot))}${query.indexName.slice(dot)}`;
  const index = exec.server.vectorIndex(stored);
  if (!index) throw new SyscallError(`Index ${query.indexName} not found.`);
  try {
    return vectorSearch(exec.server.db, index, query);
  } catch (e) {
    if (e instanceof VectorSearchError) throw new SyscallError(e.message);
    throw e;
  }
}

async function runFromAction(exec, kind, args) {
  const target = exec.server.resolveAddress(args, exec);
  const result = await exec.server.call({ kind, path: target.udfPath, component: target.component, args: jsonToConvex(args.args), identity: exec.identity, internal: true, parent: exec });
  if (!result.ok) throw new SyscallError(result.message.replace(/^\[Request ID: \w+\] Server Error\n/, ""), result.data);
  return result.value;
}

export const sha256Base64 = (bytes) => createHash("sha256").update(bytes).digest("base64");
