// The function host: runs the bundled convex/ functions on the embedded
// store. Queries read a snapshot and never wait; mutations run optimistically
// and commit (or retry on a conflict) one at a time; actions run outside any
// transaction. Lookup, validation and error shapes follow Convex.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { convexToJson, jsonToConvex } from "convex/values";
import { ActionPool } from "./actions.mjs";
import { Blobs } from "./blobs.mjs";
import { bundleConvex, pruneBuilds, runtimeBuilds } from "./bundle.mjs";
import { requestContext } from "./context.mjs";
import { loadComponents, localTableName, qualifiedTable, resolveReference, tableNamer } from "./components.mjs";
import { CronRunner } from "./crons.mjs";
import { userFrames } from "./errors.mjs";
import { schemaProblem } from "./schema-check.mjs";
import { openDatabase } from "./database.mjs";
import { newId } from "./ids.mjs";
import { LIMITS } from "./limits.mjs";
import { installLogCapture } from "./logs.mjs";
import { installNodeEnv, mainThreadHooks, seededRandom } from "./runtime.mjs";
import { JobTimers } from "./scheduler.mjs";
import { chargeTime, insert, installSyscalls, sha256Base64 } from "./syscalls.mjs";
import { Committer } from "./transaction.mjs";
import { checkValue } from "./validate.mjs";

const KIND_NAMES = { query: "Query", mutation: "Mutation", action: "Action" };
const kindOf = (fn) => (fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null);
const MAX_OCC_RETRIES = 32;

/** "messages.js:list" -> "messages:list"; "messages" -> "messages:default". */
export function canonicalPath(udfPath) {
  const i = udfPath.lastIndexOf(":");
  const mod = (i === -1 ? udfPath : udfPath.slice(0, i)).replace(/\.js$/, "");
  return `${mod}:${i === -1 ? "default" : udfPath.slice(i + 1)}`;
}

const isConvexError = (e) => e !== null && typeof e === "object" && (e[Symbol.for("ConvexError")] === true || e.ConvexErrorSymbol === Symbol.for("ConvexError"));

/**
 * A failed function's error as Convex sends it: `message` (request id, then `error`),
 * `error` (the error's text and its user frames), `head` (its text alone), and a
 * ConvexError's `data`.
 */
function formatError(e, requestId, projectDir) {
  // The error's own name, as Convex's runtime reads it: a ConvexError subclass keeps its name.
  const name = e?.name ?? "Error";
  // The runtime's own errors (a time limit) are not thrown by the function's code: no "Uncaught", no frames.
  const head = e?.runtime ? (e?.message ?? String(e)) : `Uncaught ${name}: ${e?.message ?? String(e)}`;
  const error = e?.runtime ? head : [head, ...userFrames(e?.stack, projectDir)].join("\n");
  const message = `[Request ID: ${requestId}] Server Error\n${error}`;
  if (!isConvexError(e)) return { message, error, head };
  // registration_impl.js serialises ConvexError data to a JSON string before rethrowing.
  const data = typeof e.data === "string" ? JSON.parse(e.data) : convexToJson(e.data ?? null);
  return { message, error, head, data };
}

/**
 * @param {{ convexDir: string, dataDir: string, urls: any, log: (m: string) => void,
 *   onCommit: (changes: any[], ts: bigint) => void, deploymentEnv: Record<string, string> }} opts
 */
export async function createHost({ convexDir, dataDir, urls, log, onCommit, deploymentEnv, actionMs = LIMITS.actionMs }) {
  process.setSourceMapsEnabled(true);
  installLogCapture();
  installNodeEnv();
  const buildRoot = path.join(dataDir, "build");
  // Error frames are named from here, as the Convex CLI's bundle names its sources ("../convex/x.ts").
  const projectDir = path.dirname(convexDir);
  const db = await openDatabase(dataDir, log);
  const blobs = new Blobs(dataDir);
  const committer = new Committer(db, onCommit);
  const builds = runtimeBuilds();
  let bundle;
  let schema = null;
  let pool = null;
  /** componentPath -> { byName, schema } */
  let components = new Map();
  const validators = new Map();
  const stagedIndexes = new Set();
  const vectorIndexes = new Map();

  async function load() {
    const next = await bundleConvex({ convexDir, buildRoot, hooks, cache: builds });
    const nextComponents = await loadComponents(next.byName["convex.config"]?.default ?? null, { outDir: next.outDir, hooks, cache: builds, convexDir });
    const exported = next.schema ? JSON.parse(next.schema.export()) : null;
    refuseSchema(exported, "convex/schema.ts");
    // One catalog for the app's tables and every component's (stored under its path).
    const tables = [...(exported?.tables ?? []).map((t) => ({ ...t, validate: exported.schemaValidation }))];
    for (const [componentPath, c] of nextComponents) {
      const own = c.schema ? JSON.parse(c.schema.export()) : null;
      refuseSchema(own, `the schema of component ${componentPath}`);
      for (const t of own?.tables ?? []) tables.push({ ...t, tableName: qualifiedTable(componentPath, t.tableName), validate: own.schemaValidation });
    }
    db.applySchema({ tables });
    validators.clear();
    for (const t of tables) if (t.validate) validators.set(t.tableName, t.documentType);
    stagedIndexes.clear();
    vectorIndexes.clear();
    for (const t of tables) {
      for (const ix of t.vectorIndexes ?? []) vectorIndexes.set(`${t.tableName}.${ix.indexDescriptor}`, { table: t.tableName, vectorField: ix.vectorField, dimensions: ix.dimensions, filterFields: ix.filterFields ?? [] });
    }
    for (const t of tables) {
      for (const ix of [...(t.stagedDbIndexes ?? []), ...(t.stagedSearchIndexes ?? []), ...(t.stagedVectorIndexes ?? [])]) stagedIndexes.add(`${t.tableName}.${ix.indexDescriptor}`);
    }
    components = nextComponents;
    const nextPool = await new ActionPool({ bundle: next, server, log }).start();
    const oldPool = pool;
    pool = nextPool;
    bundle = next;
    schema = exported;
    // Actions still running on the old code finish there; then its builds go.
    void (oldPool?.close() ?? Promise.resolve()).then(() => pruneBuilds(buildRoot, next.outDir));
  }

  const resolve = (canonical, component = "") => {
    const [mod, exp] = canonical.split(":");
    const modules = component ? components.get(component)?.byName : bundle.byName;
    const fn = modules?.[mod]?.[exp];
    return fn && kindOf(fn) ? fn : null;
  };

  const server = {
    db,
    blobs,
    urls,
    deploymentEnv,
    timers: null,
    documentValidator: (table) => validators.get(table) ?? null,
    /** Staged indexes ("table.index" as stored) exist in the schema but are not queryable until enabled. */
    isStagedIndex: (name) => stagedIndexes.has(name),
    /** A vector index ("table.index" as stored) of the schema: { table, vectorField, dimensions, filterFields }. */
    vectorIndex: (name) => vectorIndexes.get(name) ?? null,
    /** { component, udfPath } of a syscall's function address, seen from `exec`'s component. */
    resolveAddress(args, exec) {
      const from = exec?.componentPath ?? "";
      if (args.name) return { component: from, udfPath: canonicalPath(args.name) };
      if (args.reference) return resolveReference(args.reference, from);
      if (args.functionHandle) {
        const [component, udfPath] = args.functionHandle.slice("function://".length).split(";");
        return { component, udfPath: canonicalPath(udfPath) };
      }
      throw new Error("A function address needs a name, a reference or a handle");
    },
    readCommitted: (id) => db.getDoc(id),
    call,
    runNested,
    runInMutation,
    storeFile,
    insertSystem: (exec, table, doc) => insert({ ...exec, system: true }, table, doc),
  };
  const hooks = mainThreadHooks(server, installSyscalls());
  try {
    await load();
  } catch (e) {
    await builds.dispose();
    throw e;
  }
  const startedEmpty = db.empty;
  const timers = new JobTimers({ server, log, resolve: (name, component) => resolve(canonicalPath(name), component) });
  server.timers = timers;
  await timers.recover();
  const crons = new CronRunner({ server, log, resolve: (name) => resolve(canonicalPath(name)) });
  await crons.load(bundle.byName.crons?.default ?? null);

  function newExec(kind, { udfPath, identity, tx = null, parent = null, journal = null, requestId, component = "" }) {
    return {
      server,
      componentPath: component,
      kind,
      udfPath,
      identity,
      tx,
      requestId,
      streams: new Map(),
      nextQueryId: 0,
      logs: parent?.logs ?? [],
      label: udfPath,
      journal,
      recordJournal: kind === "query" && !parent,
      journalOut: null,
      // Own run time (not waiting), for the 1 s limit of queries and mutations.
      resumedAt: kind === "action" ? undefined : performance.now(),
      busyMs: 0,
      // Queries and mutations see one frozen time and a seeded Math.random.
      now: kind === "action" ? undefined : (parent?.now ?? Date.now()),
      random: kind === "action" ? undefined : (parent?.random ?? seededRandom(`${requestId}:${udfPath}`)),
    };
  }

  function closeStreams(exec) {
    for (const s of exec.streams.values()) s.close();
    exec.streams.clear();
  }

  const argsString = (args) => JSON.stringify(convexToJson(args));

  async function invoke(fn, kind, exec, args) {
    // The runtime spreads the parsed JSON into the handler's arguments: [args].
    const argsJson = `[${argsString(args)}]`;
    exec.resumedAt = kind === "action" ? undefined : performance.now();
    const result = await requestContext.run(exec, () => {
      if (kind === "query") return fn.invokeQuery(argsJson);
      if (kind === "mutation") return fn.invokeMutation(argsJson);
      return fn.invokeAction(exec.requestId, argsJson);
    });
    chargeTime(exec);
    return result;
  }

  function checkReturns(fn, valueJson, component = "") {
    const returns = JSON.parse(fn.exportReturns?.() ?? "null");
    if (!returns) return;
    const err = checkValue(returns, jsonToConvex(JSON.parse(valueJson)), [], tableNamer(db, component));
    if (err) throw new Error(`ReturnsValidationError: ${err}`);
  }

  /** Runs a mutation to commit, retrying on write conflicts as Convex does. */
  async function runMutationTx(body) {
    for (let attempt = 0; ; attempt++) {
      const tx = committer.begin(true);
      let out;
      try {
        out = await body(tx);
      } catch (e) {
        committer.finish(tx);
        throw e;
      }
      const ts = await committer.commit(tx);
      if (ts !== null) return { out, ts };
      if (attempt >= MAX_OCC_RETRIES) {
        throw new Error("Documents read from or written to this mutation changed while it was being run. The mutation was retried too many times (OptimisticConcurrencyControlFailure).");
      }
      // As Convex does: back off, with jitter, so contenders stop colliding in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** attempt, 250)));
    }
  }

  /** Runs `fn(exec)` in its own mutation transaction (for actions' scheduler and storage calls). */
  async function runInMutation(parent, fn) {
    const { out } = await runMutationTx((tx) => fn({ ...parent, kind: "mutation", tx, streams: new Map(), nextQueryId: 0 }));
    return out;
  }

  /** ctx.runQuery / ctx.runMutation inside a query or mutation: same transaction, as a sub-call. */
  async function runNested(parent, kind, { component, udfPath }, args) {
    const fn = resolve(udfPath, component);
    // Convex's words (crates/udf/src/validation.rs; common/src/components `in_component_str`).
    if (!fn) throw new Error(`Could not find public function for '${udfPath}'${component ? ` in '${component}'` : ""}.`);
    if (kindOf(fn) !== kind) throw new Error(`Trying to execute ${udfPath} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[kindOf(fn)]}.`);
    const argsError = checkValue(JSON.parse(fn.exportArgs()), args, [], tableNamer(db, component));
    if (argsError) throw new Error(`ArgumentValidationError: ${argsError}`);
    const exec = newExec(kind, { udfPath, identity: parent.identity, tx: parent.tx, parent, requestId: parent.requestId, component });
    // A mutation runs as a sub-transaction: when it throws, its writes go and the caller may go on.
    const sub = kind === "mutation" ? parent.tx.beginSub() : null;
    try {
      const json = await invoke(fn, kind, exec, args);
      if (sub) parent.tx.commitSub();
      return JSON.parse(json);
    } catch (e) {
      if (sub) parent.tx.rollbackSub(sub);
      throw e;
    } finally {
      closeStreams(exec);
    }
  }

  /**
   * @param {{ kind?: "query" | "mutation" | "action", path: string, args: any, identity?: any, internal?: boolean,
   *   journal?: string | null, parent?: any, beforeRun?: (exec: any) => void, beforeCommit?: (exec: any) => void }} req
   */
  async function call({ kind, path: udfPath, args, identity = null, internal = false, journal = null, parent = null, beforeRun = null, beforeCommit = null, component = "" }) {
    const requestId = parent?.requestId ?? randomBytes(8).toString("hex");
    const canonical = canonicalPath(udfPath);
    const fail = (message, data) => ({ ok: false, message: `[Request ID: ${requestId}] Server Error\n${message}`, data, logLines: [], reads: null, commitTs: null });
    const fn = resolve(canonical, component);
    if (!fn || (!internal && !fn.isPublic)) return fail(`Could not find public function for '${canonical}'.`);
    const actual = kindOf(fn);
    if (kind && kind !== actual) return fail(`Trying to execute ${canonical} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[actual]}.`);
    const argsError = checkValue(JSON.parse(fn.exportArgs()), args, [], tableNamer(db, component));
    if (argsError) return fail(`ArgumentValidationError: ${argsError}`);
    if (argsString(args).length > LIMITS.argumentBytes) return fail(`Arguments are too large (limit ${LIMITS.argumentBytes} bytes)`);

    const parsedJournal = parseJournal(journal);
    const logs = parent?.logs ?? [];
    let reads = null;
    let commitTs = null;
    let journalOut = null;
    try {
      let json;
      if (actual === "query") {
        const tx = committer.begin(false);
        const exec = newExec("query", { udfPath: canonical, identity, tx, journal: parsedJournal, requestId, component });
        exec.logs = logs;
        try {
          json = await invoke(fn, "query", exec, args);
        } finally {
          closeStreams(exec);
          tx.release();
          reads = tx.reads;
          journalOut = exec.journalOut;
        }
      } else if (actual === "mutation") {
        const { out, ts } = await runMutationTx(async (tx) => {
          logs.length = 0;
          const exec = newExec("mutation", { udfPath: canonical, identity, tx, requestId, component });
          exec.logs = logs;
          try {
            beforeRun?.(exec);
            const result = await invoke(fn, "mutation", exec, args);
            beforeCommit?.(exec);
            return result;
          } finally {
            closeStreams(exec);
          }
        });
        json = out;
        commitTs = ts;
      } else {
        const exec = newExec("action", { udfPath: canonical, identity, requestId, component });
        exec.logs = logs;
        const [module, exportName] = canonical.split(":");
        // Component actions run on the main thread (the workers load the app's modules only).
        json = await withinTimeLimit(exec, actionMs, () => component
          ? invoke(fn, "action", exec, args)
          : pool.run("action", { module, exportName, requestId, argsJson: `[${argsString(args)}]` }, exec));
      }
      checkReturns(fn, json, component);
      if (json.length > LIMITS.returnBytes) throw new Error(`Function return value is too large (${json.length} bytes > maximum size ${LIMITS.returnBytes} bytes)`);
      return { ok: true, value: JSON.parse(json), logLines: logs, reads, commitTs, journal: journalOut ? JSON.stringify(journalOut) : null };
    } catch (e) {
      const { message, data } = formatError(e, requestId, projectDir);
      if (data === undefined && !parent) log(`${KIND_NAMES[actual]} ${canonical} failed: ${e?.stack ?? e}`);
      return { ok: false, message, data, logLines: logs, reads, commitTs, journal: journalOut ? JSON.stringify(journalOut) : null };
    }
  }

  /** Runs a convex/http.ts route (in an action worker) with the request's real URL. */
  async function fetchHttp(url, init, identity = null) {
    const requestId = randomBytes(8).toString("hex");
    const exec = newExec("action", { udfPath: `HTTP ${init.method} ${new URL(url).pathname}`, identity, requestId });
    try {
      const body = init.body ? new Uint8Array(init.body) : null;
      const out = await pool.run("http", { url, method: init.method, headers: init.headers, body }, exec);
      return new Response(out.body.length || ![204, 304].includes(out.status) ? out.body : null, { status: out.status, headers: out.headers });
    } catch (e) {
      log(`HTTP action ${init.method} ${url} failed: ${e?.stack ?? e}`);
      // Convex's body for a failed HTTP action on a dev deployment (crates/application/src/redaction.rs
      // `to_http_response_parts`): the error in `code` and `trace`, a ConvexError's data in `data`.
      const { error, head, data } = formatError(e, requestId, projectDir);
      const body = { code: `[Request ID: ${requestId}] Server Error: ${head}`, trace: `${error}\n`, ...(data !== undefined ? { data } : {}) };
      return new Response(JSON.stringify(body), { status: 500, headers: { "content-type": "application/json" } });
    }
  }

  /** Writes a file and commits its document in the app's (or a component's) `_storage`; returns the storage id. */
  async function storeFile(bytes, contentType, component = "") {
    const table = qualifiedTable(component, "_storage");
    const storageId = newId(db.tableNumber(table));
    blobs.write(storageId, bytes);
    const doc = { sha256: sha256Base64(bytes), size: bytes.length, ...(contentType ? { contentType } : {}) };
    await runMutationTx(async (tx) => insert({ server, tx, system: true }, table, doc, storageId));
    return storageId;
  }

  function readUpload(storageId) {
    if (localTableName(db.tableOfId(storageId) ?? "") !== "_storage") return null;
    const doc = db.getDoc(storageId);
    const bytes = doc && blobs.read(storageId);
    return bytes ? { bytes, contentType: doc.contentType ?? "application/octet-stream", sha256: doc.sha256 } : null;
  }

  async function stop() {
    await crons.stop();
    await timers.stop();
    await pool?.close();
    await builds.dispose();
    await db.close();
  }

  return {
    call,
    fetchHttp,
    storeUpload: storeFile,
    readUpload,
    reload: async () => {
      await load();
      await crons.load(bundle.byName.crons?.default ?? null);
    },
    stop,
    hasFunction: (udfPath) => resolve(canonicalPath(udfPath)) !== null,
    startedEmpty,
    lastCommitTs: () => db.lastTs,
    /** convex/auth.config.ts providers (none without the file, as on Convex). */
    authProviders: () => bundle.byName["auth.config"]?.default?.providers ?? [],
    server,
    schema: () => schema,
  };
}

/**
 * Convex's action time limit: past it the call fails with the runtime's
 * "timed out" error. The action's code cannot be stopped mid-promise here, so
 * it is cut off instead: its later syscalls are refused and its result dropped.
 */
async function withinTimeLimit(exec, ms, run) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => {
      exec.timedOut = true;
      reject(Object.assign(new Error(`Function execution timed out (maximum duration: ${durationText(ms)})`), { runtime: true }));
    }, ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([run(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A duration as Rust's `Duration` debug-prints it in Convex's message ("600s", "1.5s", "500ms"). */
const durationText = (ms) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);

/** A schema Convex would refuse at push fails the load, with Convex's message. */
function refuseSchema(exported, where) {
  const problem = schemaProblem(exported);
  if (problem) throw new Error(`Invalid ${where}: ${problem}`);
}

/** A client's query journal (opaque to it); a malformed one is ignored. */
function parseJournal(journal) {
  try {
    const parsed = journal ? JSON.parse(journal) : null;
    return parsed !== null && typeof parsed === "object" && typeof parsed.endCursor === "string" ? parsed : null;
  } catch {
    return null;
  }
}
