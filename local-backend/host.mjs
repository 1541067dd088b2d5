// The function host: runs the bundled convex/ functions on the embedded
// store. Queries read a snapshot and never wait; mutations run optimistically
// and commit (or retry on a conflict) one at a time; actions run outside any
// transaction. Lookup, validation and error shapes follow Convex.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { convexToJson, jsonToConvex } from "convex/values";
import { ACTION_POOL_SIZE, ActionPool, TRANSACTION_POOL_SIZE } from "./actions.mjs";
import { Blobs } from "./blobs.mjs";
import { bundleConvex, pruneBuilds, runtimeBuilds } from "./bundle.mjs";
import { requestContext } from "./context.mjs";
import { loadComponents, localTableName, qualifiedTable, resolveReference, tableNamer } from "./components.mjs";
import { CronRunner } from "./crons.mjs";
import { CursorParseError, cursorCodec, loadInstanceSecret } from "./cursors.mjs";
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
 * Functions from a convex/ folder on disk (`npm run dev`, the tests).
 * @param {string} convexDir
 * @returns {CodeSource}
 */
export function folderSource(convexDir) {
  return {
    async build({ buildRoot, hooks, cache }) {
      const bundle = await bundleConvex({ convexDir, buildRoot, hooks, cache });
      const components = await loadComponents(bundle.byName["convex.config"]?.default ?? null, { outDir: bundle.outDir, hooks, cache, convexDir });
      return { bundle, components };
    },
    // Stack traces show the frames under it (the developer's files).
    projectDir: path.dirname(convexDir),
  };
}

/**
 * Where the functions come from: a folder (folderSource) or code pushed by the CLI (deploy.mjs).
 * @typedef {{ build: (b: { buildRoot: string, hooks: any, cache: ReturnType<typeof runtimeBuilds> }) =>
 *   Promise<{ bundle: Awaited<ReturnType<typeof bundleConvex>>, components: Awaited<ReturnType<typeof loadComponents>> }>,
 *   projectDir: string }} CodeSource
 */

/**
 * @param {{ source: CodeSource, dataDir: string, urls: any, log: (m: string) => void,
 *   onCommit: (changes: any[], ts: bigint) => void, deploymentEnv: Record<string, string>,
 *   systemFunctions?: (req: any, host: any) => Promise<any> | null, onCompletion?: (c: any) => void, actionMs?: number }} opts
 */
export async function createHost({ source: initialSource, dataDir, urls, log, onCommit, deploymentEnv, systemFunctions = () => null, onCompletion = () => {}, actionMs = LIMITS.actionMs }) {
  process.setSourceMapsEnabled(true);
  installLogCapture();
  installNodeEnv();
  const buildRoot = path.join(dataDir, "build");
  // Error frames are named from here, as the Convex CLI's bundle names its sources ("../convex/x.ts").
  const db = await openDatabase(dataDir, log);
  const blobs = new Blobs(dataDir);
  const committer = new Committer(db, onCommit);
  const builds = runtimeBuilds();
  let bundle;
  let schema = null;
  /** Workers for actions and HTTP actions; for the app's queries and mutations. */
  let pool = null;
  let txPool = null;
  /** componentPath -> { byName, schema } */
  let components = new Map();
  const validators = new Map();
  const stagedIndexes = new Set();
  const vectorIndexes = new Map();

  /**
   * Where each of the app's queries and mutations runs: in a worker until it has shown itself
   * quick (TRIAL_RUNS runs under QUICK_MS of its own time), then on this thread, which saves the
   * hops between threads on every call and syscall (a client's own update after a mutation);
   * once a run takes longer, always in a worker. So a function that computes never holds up
   * another from its first call; one that turns slow late holds up others once.
   * udfPath -> { quick: number, slow: boolean }; cleared with each new build.
   */
  const placement = new Map();
  const QUICK_MS = 10;
  const TRIAL_RUNS = 3;

  let source = initialSource;

  /** Builds and loads a source's functions without switching to them (a push is checked first). */
  async function prepare(from) {
    const { bundle: next, components: nextComponents } = await from.build({ buildRoot, hooks, cache: builds });
    const exported = next.schema ? JSON.parse(next.schema.export()) : null;
    refuseSchema(exported, "convex/schema.ts");
    return { next, nextComponents, exported };
  }

  async function load(from = source) {
    await activate(await prepare(from));
    source = from;
  }

  async function activate({ next, nextComponents, exported }) {
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
    placement.clear();
    const [nextPool, nextTxPool] = await startPools(next);
    const oldPools = [pool, txPool];
    pool = nextPool;
    txPool = nextTxPool;
    bundle = next;
    schema = exported;
    // Functions still running on the old code finish there; then its builds go.
    void Promise.all(oldPools.map((p) => p?.close())).then(() => pruneBuilds(buildRoot, next.outDir));
  }

  const startPools = (b) =>
    Promise.all([new ActionPool({ bundle: b, server, log, size: ACTION_POOL_SIZE }).start(), new ActionPool({ bundle: b, server, log, size: TRANSACTION_POOL_SIZE }).start()]);

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
    cursors: cursorCodec(loadInstanceSecret(dataDir)),
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
  /** The journal a query hands its client (sealed: the client keeps it and sends it back). */
  const sealedJournal = (out) => (out ? server.cursors.sealJournal(out.endCursor) : null);

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


  /**
   * A query or mutation called from outside (a client, the scheduler); a component's runs here,
   * where its context is. In a worker, the syscalls are served on this thread for `exec`, whose
   * transaction they read and write.
   */
  async function runCall(fn, kind, exec, args) {
    if (exec.componentPath) return invoke(fn, kind, exec, args);
    let place = placement.get(exec.udfPath);
    if (!place) placement.set(exec.udfPath, (place = { quick: 0, slow: false }));
    try {
      if (!place.slow && place.quick >= TRIAL_RUNS) return await invoke(fn, kind, exec, args);
      const [module, exportName] = exec.udfPath.split(":");
      exec.timedInWorker = true;
      const payload = { module, exportName, requestId: exec.requestId, argsJson: `[${argsString(args)}]`, now: exec.now, seed: `${exec.requestId}:${exec.udfPath}` };
      return await txPool.run(kind, payload, exec);
    } finally {
      if ((exec.busyMs ?? 0) > QUICK_MS) place.slow = true;
      else if (!place.slow) place.quick += 1;
    }
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
    // The CLI's and dashboard's own queries (`_system/cli/...`), for admins only.
    if (internal && udfPath.startsWith("_system/")) {
      const system = systemFunctions({ path: udfPath, args, component }, hostApi);
      if (system) return system;
    }
    const canonical = canonicalPath(udfPath);
    const fail = (message, data) => ({ ok: false, message: `[Request ID: ${requestId}] Server Error\n${message}`, data, logLines: [], reads: null, commitTs: null });
    const fn = resolve(canonical, component);
    if (!fn || (!internal && !fn.isPublic)) return fail(`Could not find public function for '${canonical}'.`);
    const actual = kindOf(fn);
    if (kind && kind !== actual) return fail(`Trying to execute ${canonical} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[actual]}.`);
    const argsError = checkValue(JSON.parse(fn.exportArgs()), args, [], tableNamer(db, component));
    if (argsError) return fail(`ArgumentValidationError: ${argsError}`);
    if (argsString(args).length > LIMITS.argumentBytes) return fail(`Arguments are too large (limit ${LIMITS.argumentBytes} bytes)`);

    const startedAt = Date.now();
    let parsedJournal;
    try {
      parsedJournal = server.cursors.openJournal(journal);
    } catch (e) {
      // Convex refuses a journal it did not issue before the query runs (application/src/lib.rs).
      if (e instanceof CursorParseError || e instanceof SyntaxError) return fail(new CursorParseError().message);
      throw e;
    }
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
          json = await runCall(fn, "query", exec, args);
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
            const result = await runCall(fn, "mutation", exec, args);
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
      if (!parent) onCompletion({ kind: actual, path: canonical, component, requestId, startedAt, error: null, logLines: logs });
      return { ok: true, value: JSON.parse(json), logLines: logs, reads, commitTs, journal: sealedJournal(journalOut) };
    } catch (e) {
      const { message, data } = formatError(e, requestId, source.projectDir);
      if (data === undefined && !parent) log(`${KIND_NAMES[actual]} ${canonical} failed: ${e?.stack ?? e}`);
      if (!parent) onCompletion({ kind: actual, path: canonical, component, requestId, startedAt, error: message, logLines: logs });
      return { ok: false, message, data, logLines: logs, reads, commitTs, journal: sealedJournal(journalOut) };
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
      const { error, head, data } = formatError(e, requestId, source.projectDir);
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
    await Promise.all([pool?.close(), txPool?.close()]);
    await builds.dispose();
    await db.close();
  }

  const hostApi = {
    call,
    fetchHttp,
    storeUpload: storeFile,
    readUpload,
    /** Loads the functions again: the current source's, or `from`'s (a watched folder after a push). */
    reload: async (from = undefined) => {
      await load(from);
      await crons.load(bundle.byName.crons?.default ?? null);
    },
    /** Builds and loads a source's functions (a push's), without running them yet. */
    prepare,
    /** Switches to prepared functions (a push's finish): the next calls run them. */
    activate: async (prepared, from) => {
      await activate(prepared);
      source = from;
      await crons.load(bundle.byName.crons?.default ?? null);
    },
    /** The loaded functions: the app's modules and each component instance's. */
    functions: () => ({ bundle, components }),
    /** The deployment's variables changed: new runs see them (action workers start again). */
    restartActions: async () => {
      const old = [pool, txPool];
      [pool, txPool] = await startPools(bundle);
      await Promise.all(old.map((p) => p?.close()));
    },
    db,
    blobs,
    /** Runs `body(tx)` in a mutation transaction, retried on conflicts (imports). */
    runTransaction: runMutationTx,
    stop,
    hasFunction: (udfPath) => resolve(canonicalPath(udfPath)) !== null,
    startedEmpty,
    lastCommitTs: () => db.lastTs,
    /** convex/auth.config.ts providers (none without the file, as on Convex). */
    authProviders: () => bundle.byName["auth.config"]?.default?.providers ?? [],
    server,
    schema: () => schema,
  };
  return hostApi;
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
