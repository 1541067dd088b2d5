// The function host: one deployment's functions on the embedded store. Its
// parts are constructed in order, each from the ones before it:
//   store (LMDB, files, commits) → functions (bundles, schema facts, workers)
//   → executor (runs calls) → scheduler timers → crons
// and then started: the code is loaded, scheduled jobs are recovered, crons
// are registered. `Runtime` is the one interface the functions' executions
// (syscalls, workers, scheduler, crons) reach; `createHost` returns the
// operations the servers (HTTP, WebSocket, CLI) use.
import path from "node:path";
import { Blobs } from "./blobs.mjs";
import { resolveReference } from "./components.mjs";
import { CronRunner } from "./crons.mjs";
import { cursorCodec, loadInstanceSecret } from "./cursors.mjs";
import { openDatabase } from "./database.mjs";
import { Executor } from "./executor.mjs";
import { Functions, canonicalPath } from "./functions.mjs";
import { LIMITS } from "./limits.mjs";
import { installLogCapture } from "./logs.mjs";
import { installNodeEnv, mainThreadHooks } from "./runtime.mjs";
import { JobTimers } from "./scheduler.mjs";
import { insert, installSyscalls } from "./syscalls.mjs";
import { Committer } from "./transaction.mjs";

/**
 * What a running function reaches (`exec.server` in syscalls.mjs, the workers' syscalls in
 * actions.mjs, the scheduler and crons). Every member is set by the constructor, in order.
 */
class Runtime {
  /**
   * @param {{ db: any, blobs: Blobs, urls: { storageUrl: (id: string) => string, uploadUrl: (component: string) => string },
   *   deploymentEnv: Record<string, string>, cursors: ReturnType<typeof cursorCodec>, source: import("./functions.mjs").CodeSource,
   *   buildRoot: string, onCommit: (changes: any[], ts: bigint) => void, onAccept: (changes: any[], ts: bigint) => void, log: (m: string) => void,
   *   onCompletion: (c: any) => void, actionMs: number, retainMs?: number }} deps
   */
  constructor({ db, blobs, urls, deploymentEnv, cursors, source, buildRoot, onCommit, onAccept, log, onCompletion, actionMs, retainMs }) {
    /** The store: documents, indexes, commit timestamps. */
    this.db = db;
    /** File storage bytes. */
    this.blobs = blobs;
    /** Signed URLs for storage downloads and uploads. */
    this.urls = urls;
    /** The deployment's environment variables (functions' process.env). */
    this.deploymentEnv = deploymentEnv;
    /** Seals and opens pagination cursors and query journals. */
    this.cursors = cursors;
    this.committer = new Committer(db, onCommit, { retainMs, onAccept });
    this.functions = new Functions({ source, buildRoot, hooks: mainThreadHooks(this, installSyscalls()), runtime: this, log });
    this.executor = new Executor({ runtime: this, db, blobs, committer: this.committer, functions: this.functions, cursors, log, onCompletion, actionMs });
    const resolve = (name, component = "") => this.functions.resolve(canonicalPath(name), component);
    /** Scheduled functions' timers (`_scheduled_functions`). */
    this.timers = new JobTimers({ server: this, log, resolve });
    /** Cron jobs of convex/crons.ts (`_cron_jobs`). */
    this.crons = new CronRunner({ server: this, log, resolve: (name) => resolve(name) });
  }

  /** A table's document validator when its schema validates, else null. */
  documentValidator(table) {
    return this.functions.validators.get(table) ?? null;
  }

  /** Staged indexes ("table.index" as stored) exist in the schema but are not queryable until enabled. */
  isStagedIndex(name) {
    return this.functions.stagedIndexes.has(name);
  }

  /** A vector index ("table.index" as stored) of the schema: { table, vectorField, dimensions, filterFields }. */
  vectorIndex(name) {
    return this.functions.vectorIndexes.get(name) ?? null;
  }

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
  }

  /** A document as last committed (outside any transaction). */
  readCommitted(id) {
    return this.db.getDoc(id);
  }

  /** @param {import("./executor.mjs").CallRequest} req */
  call(req) {
    return this.executor.call(req);
  }

  runNested(parent, kind, target, args) {
    return this.executor.runNested(parent, kind, target, args);
  }

  runInMutation(parent, fn) {
    return this.executor.runInMutation(parent, fn);
  }

  storeFile(bytes, contentType, component = "") {
    return this.executor.storeFile(bytes, contentType, component);
  }

  insertSystem(exec, table, doc) {
    return insert({ ...exec, system: true }, table, doc);
  }

  /** Loads the code, then picks up the scheduled jobs and crons it left (in that order). */
  async start() {
    await this.functions.load();
    await this.timers.recover();
    await this.crons.load(this.functions.defaultExport("crons"));
  }

  async stop() {
    await this.crons.stop();
    await this.timers.stop();
    await this.functions.close();
    this.committer.releaseRetained();
  }
}

/**
 * @param {{ source: import("./functions.mjs").CodeSource, dataDir: string, urls: any, log: (m: string) => void,
 *   deploymentEnv: Record<string, string>, onCompletion?: (c: any) => void, actionMs?: number, retainMs?: number }} opts
 * `retainMs`: how long a replaced snapshot stays readable by queries at an earlier timestamp (Convex's 10 s).
 */
export async function createHost({ source, dataDir, urls, log, deploymentEnv, onCompletion = () => {}, actionMs = LIMITS.actionMs, retainMs = undefined }) {
  process.setSourceMapsEnabled(true);
  installLogCapture();
  installNodeEnv();
  const db = await openDatabase(dataDir, log);
  const startedEmpty = db.empty;
  /** @type {((changes: any[], ts: bigint) => void)[]} */
  const commitListeners = [];
  /** @type {((changes: any[], ts: bigint) => void)[]} */
  const acceptListeners = [];
  const runtime = new Runtime({
    db,
    blobs: new Blobs(dataDir),
    urls,
    deploymentEnv,
    cursors: cursorCodec(loadInstanceSecret(dataDir)),
    source,
    buildRoot: path.join(dataDir, "build"),
    onCommit: (changes, ts) => {
      for (const listener of commitListeners) listener(changes, ts);
    },
    onAccept: (changes, ts) => {
      for (const listener of acceptListeners) listener(changes, ts);
    },
    log,
    onCompletion,
    actionMs,
    retainMs,
  });
  const { functions, executor, crons } = runtime;
  const reloadCrons = () => crons.load(functions.defaultExport("crons"));

  const hostApi = {
    /** @param {import("./executor.mjs").CallRequest} req */
    call: (req) => executor.call(req),
    /** Whether a client's query runs in a worker on its own snapshot (`CallRequest.inWorker`). */
    readsInWorker: (udfPath, component = "") => executor.readsInWorker(udfPath, component),
    fetchHttp: (url, init, identity = null) => executor.fetchHttp(url, init, identity),
    storeUpload: (bytes, contentType, component = "") => executor.storeFile(bytes, contentType, component),
    readUpload: (storageId) => executor.readUpload(storageId),
    /** Loads the functions again: the current source's, or `from`'s (a watched folder after a push). */
    reload: async (from = undefined) => {
      await functions.load(from);
      await reloadCrons();
    },
    /** Builds and loads a source's functions (a push's), without running them yet. */
    prepare: (from) => functions.prepare(from),
    /** Switches to prepared functions (a push's finish): the next calls run them. */
    activate: async (prepared, from) => {
      await functions.activate(prepared, from);
      await reloadCrons();
    },
    /** The loaded functions: the app's modules and each component instance's. */
    functions: () => ({ bundle: functions.bundle, components: functions.components }),
    /** The deployment's variables changed: new runs see them (action workers start again). */
    restartActions: () => functions.restartPools(),
    db,
    blobs: runtime.blobs,
    /** Runs `body(tx)` in a mutation transaction, retried on conflicts (imports). */
    runTransaction: (body) => executor.runMutationTx(body),
    stop: async () => {
      await runtime.stop();
      await db.close();
    },
    hasFunction: (udfPath) => functions.resolve(canonicalPath(udfPath)) !== null,
    startedEmpty,
    lastCommitTs: () => db.lastTs,
    /**
     * The timestamp a client may read at from now on (/api/query_ts): the last commit's, its snapshot kept.
     * @returns {bigint}
     */
    readTimestamp: () => runtime.committer.retain(true)?.ts ?? db.lastTs,
    /**
     * The newest kept snapshot at or before `ts` (null: out of retention), for a query at `ts`.
     * @param {bigint} ts
     */
    snapshotAt: (ts) => runtime.committer.snapshotAt(ts),
    /**
     * Tells `listener` of every commit from now on (the changed documents, the commit's timestamp).
     * @param {(changes: any[], ts: bigint) => void} listener
     */
    onCommit: (listener) => {
      commitListeners.push(listener);
    },
    /**
     * Tells `listener` of every commit once it is accepted, before it is durable (`onCommit`
     * follows): what it computes from the commit must not reach a client before that.
     * @param {(changes: any[], ts: bigint) => void} listener
     */
    onAccept: (listener) => {
      acceptListeners.push(listener);
    },
    /** convex/auth.config.ts providers (none without the file, as on Convex). */
    authProviders: () => functions.defaultExport("auth.config")?.providers ?? [],
    schema: () => functions.schema,
  };
  try {
    await runtime.start();
  } catch (e) {
    await runtime.stop();
    await db.close();
    throw e;
  }
  return hostApi;
}
