// Runs functions as Convex does: queries read a snapshot and never wait;
// mutations run optimistically and commit (or retry on a conflict) one at a
// time; actions run outside any transaction. Lookup, argument and return
// validation and error shapes follow Convex.
import { convexToJson, jsonToConvex } from "convex/values";
import { requestContext } from "./context.mjs";
import { localTableName, qualifiedTable, tableNamer } from "./components.mjs";
import { CursorParseError } from "./cursors.mjs";
import { decodeWritten, keysOf } from "./database.mjs";
import { formatError, withinTimeLimit } from "./errors.mjs";
import { KIND_NAMES, canonicalPath, kindOf } from "./functions.mjs";
import { newId, newRequestId } from "./ids.mjs";
import { LIMITS } from "./limits.mjs";
import { seededRandom } from "./runtime.mjs";
import { chargeTime, insert, sha256Base64 } from "./syscalls.mjs";
import { START_STALE_MS, mark, ownMs, threadCpuMs } from "./thread-cpu.mjs";
import { checkValue } from "./validate.mjs";
import { received } from "./worker-tx.mjs";

const MAX_OCC_RETRIES = 32;

// Made once per call (its size check, the function's input) and per function (its validators,
// which the registration serialises on each ask).
const argsTexts = new WeakMap();
const argsString = (args) => {
  if (args === null || typeof args !== "object") return JSON.stringify(convexToJson(args));
  let text = argsTexts.get(args);
  if (text === undefined) argsTexts.set(args, (text = JSON.stringify(convexToJson(args))));
  return text;
};
const validators = new WeakMap();
/** @returns {{ args: any, returns: any }} */
const validatorsOf = (fn) => {
  let v = validators.get(fn);
  if (v === undefined) validators.set(fn, (v = { args: JSON.parse(fn.exportArgs()), returns: JSON.parse(fn.exportReturns?.() ?? "null") }));
  return v;
};

/**
 * A call from outside a function (a client, the scheduler, the CLI) or from an action.
 * @typedef {{ kind?: "query" | "mutation" | "action", path: string, args: any, identity?: any, internal?: boolean,
 *   journal?: string | null, parent?: any, beforeRun?: (exec: any) => void, beforeCommit?: (exec: any) => void,
 *   component?: string, at?: import("./transaction.mjs").RetainedSnapshot | null, pending?: boolean, inWorker?: boolean }} CallRequest
 * `at`: a query reads this retained snapshot instead of the latest (a query at an earlier timestamp).
 * `pending`: a query also reads the accepted commits still being written; its result (`asOf`)
 * must not reach anyone before that commit is durable (live queries' re-runs).
 * `inWorker`: a query (a client's, not `pending`) runs in a worker on that worker's own snapshot
 * of the latest durable commit (`readsInWorker`); its result's `asOf` is that snapshot's.
 */
/**
 * `json`: the value as the function's JSON text (what `value` was parsed from).
 * @typedef {{ ok: boolean, value?: any, json?: string, message?: string, data?: any, logLines: string[], reads?: any,
 *   commitTs?: bigint | null, journal?: string | null, asOf?: bigint | null, overlaid?: Set<string> | null }} CallResult
 */

export class Executor {
  /**
   * @param {{ runtime: any, db: any, blobs: any, committer: import("./transaction.mjs").Committer, functions: import("./functions.mjs").Functions,
   *   cursors: any, log: (m: string) => void, onCompletion: (c: any) => void, actionMs: number }} deps
   * `runtime` is what each execution's syscalls reach (host.mjs's Runtime).
   */
  constructor({ runtime, db, blobs, committer, functions, cursors, log, onCompletion, actionMs }) {
    this.runtime = runtime;
    this.db = db;
    this.blobs = blobs;
    this.committer = committer;
    this.functions = functions;
    this.cursors = cursors;
    this.log = log;
    this.onCompletion = onCompletion;
    this.actionMs = actionMs;
    /** Mutations that made a call their worker cannot serve (worker-tx.mjs): their syscalls are served here. */
    this.servedByMain = new WeakSet();
  }

  /**
   * One execution's state, as the syscalls see it (`requestContext`).
   * @returns {Record<string, any>}
   */
  newExec(kind, { udfPath, identity, tx = null, parent = null, journal = null, requestId, component = "" }) {
    return {
      server: this.runtime,
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
      // Its own time for placing it (thread-cpu.mjs segmentMs): a nested call's counts for its caller.
      ownMs: 0,
      cpuAtStart: kind === "action" ? undefined : threadCpuMs(START_STALE_MS),
      // Queries and mutations see one frozen time and a seeded Math.random.
      now: kind === "action" ? undefined : (parent?.now ?? Date.now()),
      random: kind === "action" ? undefined : (parent?.random ?? seededRandom(`${requestId}:${udfPath}`)),
    };
  }

  async invoke(fn, kind, exec, args) {
    // The runtime spreads the parsed JSON into the handler's arguments: [args].
    const argsJson = `[${argsString(args)}]`;
    exec.resumedAt = kind === "action" ? undefined : performance.now();
    mark();
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
  async runCall(fn, kind, exec, args) {
    if (exec.componentPath) return this.invoke(fn, kind, exec, args);
    const place = this.functions.placementOf(exec.udfPath);
    // A query or mutation that runs its own transaction in a worker (worker-tx.mjs): a mutation
    // (other than a scheduled one, whose job state is written around it here) and an action's
    // query when they are not quick enough to run here; a client's query (a subscription's run or
    // re-run) always, as it costs this thread one message each way instead of its reads.
    const ownTx = kind === "mutation" ? !exec.hooked : exec.ownSnapshot !== undefined;
    const txInWorker = ownTx && !this.servedByMain.has(fn) && (!place.here || exec.ownSnapshot === "always");
    const here = async () => {
      exec.timedInWorker = false;
      try {
        return await this.invoke(fn, kind, exec, args);
      } finally {
        exec.busyMs = ownMs(exec.ownMs ?? 0, exec.cpuAtStart);
      }
    };
    try {
      if (place.here && !txInWorker) return await here();
      const [module, exportName] = exec.udfPath.split(":");
      exec.timedInWorker = true;
      const payload = { module, exportName, requestId: exec.requestId, argsJson: `[${argsString(args)}]`, now: exec.now, seed: `${exec.requestId}:${exec.udfPath}` };
      if (txInWorker) {
        const value = await this.runTxInWorker(fn, kind, exec, payload);
        if (value !== undefined) return value;
        // It made a call only this thread serves: it runs as any function of its placement.
        if (place.here) return await here();
      }
      return await this.functions.txPool.run(kind, payload, exec);
    } finally {
      place.done(exec.busyMs ?? 0, place.here);
    }
  }

  /**
   * Whether a client's query of `udfPath` (`inWorker`) runs in a worker on its own snapshot: a
   * query of the app (a component's context is on this thread) that made no call only this
   * thread serves.
   */
  readsInWorker(udfPath, component = "") {
    if (component || !this.functions.txPool) return false;
    const fn = this.functions.resolve(canonicalPath(udfPath));
    return fn !== null && kindOf(fn) === "query" && !this.servedByMain.has(fn);
  }

  /**
   * A mutation (or a query) whose transaction runs in its worker (worker-tx.mjs): what it
   * did becomes `exec.tx`'s, which the caller commits as usual (a query's: its read set). Undefined
   * when it made a call only this thread serves and could not hand its transaction over (a query
   * never does: its reads must all come from one snapshot): it then runs again from the start
   * with this thread serving it, as it will from then on.
   */
  async runTxInWorker(fn, kind, exec, payload) {
    // A live query's re-run reads the accepted commits still being written there too, laid over
    // the worker's snapshot (copied now: the committer's list changes as they become durable).
    const pending = exec.overlay?.map(({ ts, changes }) => ({ ts, changes: changes.map(({ id, table, old, new: doc }) => ({ id, table, old, new: doc })) })) ?? null;
    const local = { minTs: exec.tx.beginTs, creationFloor: this.db.lastCreationTime, identity: exec.identity ?? null, journal: exec.journal, recordJournal: exec.recordJournal, pending };
    // Documents the worker sent while the function ran: decoded from their stored texts, and their
    // index keys computed and remembered (database.mjs), while the worker goes on.
    const sent = new Map();
    exec.prewrite = (items) => {
      for (const { seq, table, text } of items) {
        const doc = decodeWritten(text);
        sent.set(seq, doc);
        for (const def of this.db.indexesOf(table)) keysOf(def, doc);
      }
    };
    const adopt = (ran, reading) => {
      exec.tx.adopt(received(ran, sent), reading);
      if (ran.lastCreationTime > this.db.lastCreationTime) this.db.lastCreationTime = ran.lastCreationTime;
    };
    // This thread serves the rest of the run: its reads from a snapshot at least as new as the worker's.
    exec.handOff = (ran) => {
      exec.handedOff = true;
      adopt(ran, true);
    };
    let value;
    try {
      value = await this.functions.txPool.run(kind, { ...payload, local }, exec);
    } catch (e) {
      // A query that threw read what it read (a subscription re-runs when that changes).
      if (kind === "query" && exec.workerTx) adopt(exec.workerTx, false);
      throw e;
    }
    if (exec.handedOff) return value;
    if (exec.needsMain) {
      this.servedByMain.add(fn);
      exec.logs.length = 0;
      exec.busyMs = 0;
      return undefined;
    }
    adopt(exec.workerTx, false);
    if (exec.workerTx.journalOut) exec.journalOut = exec.workerTx.journalOut;
    return value;
  }

  checkReturns(fn, valueJson, component = "") {
    const { returns } = validatorsOf(fn);
    if (!returns) return;
    const err = checkValue(returns, jsonToConvex(JSON.parse(valueJson)), [], tableNamer(this.db, component));
    if (err) throw new Error(`ReturnsValidationError: ${err}`);
  }

  /**
   * Runs a mutation to commit, retrying on write conflicts as Convex does.
   * @template T
   * @param {(tx: any) => Promise<T>} body
   * @returns {Promise<{ out: T, ts: bigint }>}
   */
  async runMutationTx(body) {
    for (let attempt = 0; ; attempt++) {
      const tx = this.committer.begin(true);
      let out;
      try {
        out = await body(tx);
      } catch (e) {
        this.committer.finish(tx);
        throw e;
      }
      const ts = await this.committer.commit(tx);
      if (ts !== null) return { out, ts };
      if (attempt >= MAX_OCC_RETRIES) {
        throw new Error("Documents read from or written to this mutation changed while it was being run. The mutation was retried too many times (OptimisticConcurrencyControlFailure).");
      }
      // As Convex does: back off, with jitter, so contenders stop colliding in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** attempt, 250)));
    }
  }

  /** Runs `fn(exec)` in its own mutation transaction (for actions' scheduler and storage calls). */
  async runInMutation(parent, fn) {
    const { out } = await this.runMutationTx((tx) => fn({ ...parent, server: this.runtime, kind: "mutation", tx, streams: new Map(), nextQueryId: 0 }));
    return out;
  }

  /** ctx.runQuery / ctx.runMutation inside a query or mutation: same transaction, as a sub-call. */
  async runNested(parent, kind, { component, udfPath }, args) {
    const fn = this.functions.resolve(udfPath, component);
    // Convex's words (crates/udf/src/validation.rs; common/src/components `in_component_str`).
    if (!fn) throw new Error(`Could not find public function for '${udfPath}'${component ? ` in '${component}'` : ""}.`);
    if (kindOf(fn) !== kind) throw new Error(`Trying to execute ${udfPath} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[kindOf(fn)]}.`);
    const argsError = checkValue(validatorsOf(fn).args, args, [], tableNamer(this.db, component));
    if (argsError) throw new Error(`ArgumentValidationError: ${argsError}`);
    const exec = this.newExec(kind, { udfPath, identity: parent.identity, tx: parent.tx, parent, requestId: parent.requestId, component });
    // A mutation runs as a sub-transaction: when it throws, its writes go and the caller may go on.
    const sub = kind === "mutation" ? parent.tx.beginSub() : null;
    try {
      const json = await this.invoke(fn, kind, exec, args);
      if (sub) parent.tx.commitSub();
      return JSON.parse(json);
    } catch (e) {
      if (sub) parent.tx.rollbackSub(sub);
      throw e;
    } finally {
      parent.ownMs = (parent.ownMs ?? 0) + exec.ownMs;
      closeStreams(exec);
    }
  }

  /**
   * @param {CallRequest} req
   * @returns {Promise<CallResult>}
   */
  async call({ kind, path: udfPath, args, identity = null, internal = false, journal = null, parent = null, beforeRun = null, beforeCommit = null, component = "", at = null, pending = false, inWorker = false }) {
    const requestId = parent?.requestId ?? newRequestId();
    const canonical = canonicalPath(udfPath);
    const fail = (message) => ({ ok: false, message: `[Request ID: ${requestId}] Server Error\n${message}`, logLines: [], reads: null, commitTs: null });
    const fn = this.functions.resolve(canonical, component);
    if (!fn || (!internal && !fn.isPublic)) return fail(`Could not find public function for '${canonical}'.`);
    const actual = kindOf(fn);
    if (kind && kind !== actual) return fail(`Trying to execute ${canonical} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[actual]}.`);
    const argsError = checkValue(validatorsOf(fn).args, args, [], tableNamer(this.db, component));
    if (argsError) return fail(`ArgumentValidationError: ${argsError}`);
    if (argsString(args).length > LIMITS.argumentBytes) return fail(`Arguments are too large (limit ${LIMITS.argumentBytes} bytes)`);

    const startedAt = Date.now();
    let parsedJournal;
    try {
      parsedJournal = this.cursors.openJournal(journal);
    } catch (e) {
      // Convex refuses a journal it did not issue before the query runs (application/src/lib.rs).
      if (e instanceof CursorParseError || e instanceof SyntaxError) return fail(new CursorParseError().message);
      throw e;
    }
    const logs = parent?.logs ?? [];
    let reads = null;
    let commitTs = null;
    let journalOut = null;
    let asOf = null;
    let overlaid = null;
    try {
      let json;
      if (actual === "query") {
        // A client's query runs in a worker; a live re-run there reads the accepted commits too.
        const clients = inWorker && !parent && at === null;
        const tx = this.committer.begin(false, at, { pending: pending && !clients });
        asOf = tx.asOf;
        overlaid = tx.overlaid;
        const exec = this.newExec("query", { udfPath: canonical, identity, tx, journal: parsedJournal, requestId, component });
        // Its own snapshot in a worker: always for a client's query, and an action's when it is not quick.
        if (at === null && (!pending || clients)) exec.ownSnapshot = clients ? "always" : parent !== null ? "unless quick" : undefined;
        if (clients && pending) exec.overlay = this.committer.overlay();
        exec.logs = logs;
        try {
          json = await this.runCall(fn, "query", exec, args);
        } finally {
          closeStreams(exec);
          tx.release();
          reads = tx.reads;
          journalOut = exec.journalOut;
          // A run in a worker read that worker's snapshot, maybe with accepted commits over it (`Transaction.adopt`).
          asOf = tx.asOf;
          overlaid = tx.overlaid;
        }
      } else if (actual === "mutation") {
        const { out, ts } = await this.runMutationTx(async (tx) => {
          logs.length = 0;
          const exec = this.newExec("mutation", { udfPath: canonical, identity, tx, requestId, component });
          exec.logs = logs;
          // A scheduled mutation's job state is written around the function, in this thread's transaction.
          exec.hooked = beforeRun !== null || beforeCommit !== null;
          try {
            beforeRun?.(exec);
            const result = await this.runCall(fn, "mutation", exec, args);
            beforeCommit?.(exec);
            return result;
          } finally {
            closeStreams(exec);
          }
        });
        json = out;
        commitTs = ts;
      } else {
        const exec = this.newExec("action", { udfPath: canonical, identity, requestId, component });
        exec.logs = logs;
        const [module, exportName] = canonical.split(":");
        // Component actions run on the main thread (the workers load the app's modules only).
        json = await withinTimeLimit(exec, this.actionMs, () => component
          ? this.invoke(fn, "action", exec, args)
          : this.functions.actionPool.run("action", { module, exportName, requestId, argsJson: `[${argsString(args)}]` }, exec));
      }
      this.checkReturns(fn, json, component);
      if (json.length > LIMITS.returnBytes) throw new Error(`Function return value is too large (${json.length} bytes > maximum size ${LIMITS.returnBytes} bytes)`);
      if (!parent) this.onCompletion({ kind: actual, path: canonical, component, requestId, startedAt, error: null, logLines: logs });
      return okResult(json, { logLines: logs, reads, commitTs, journal: this.sealedJournal(journalOut), asOf, overlaid });
    } catch (e) {
      const { message, data } = formatError(e, requestId, this.functions.source.projectDir);
      if (data === undefined && !parent) this.log(`${KIND_NAMES[actual]} ${canonical} failed: ${e?.stack ?? e}`);
      if (!parent) this.onCompletion({ kind: actual, path: canonical, component, requestId, startedAt, error: message, logLines: logs });
      return { ok: false, message, data, logLines: logs, reads, commitTs, journal: this.sealedJournal(journalOut), asOf, overlaid };
    }
  }

  /** The journal a query hands its client (sealed: the client keeps it and sends it back). */
  sealedJournal(out) {
    return out ? this.cursors.sealJournal(out.endCursor) : null;
  }

  /**
   * Runs a convex/http.ts route (in an action worker) with the request's real URL.
   * @param {string} url
   * @param {{ method: string, headers: any, body?: ArrayBuffer | Uint8Array | null }} init
   */
  async fetchHttp(url, init, identity = null) {
    const requestId = newRequestId();
    const exec = this.newExec("action", { udfPath: `HTTP ${init.method} ${new URL(url).pathname}`, identity, requestId });
    try {
      const body = init.body ? new Uint8Array(init.body) : null;
      const out = await this.functions.actionPool.run("http", { url, method: init.method, headers: init.headers, body }, exec);
      return new Response(out.body.length || ![204, 304].includes(out.status) ? out.body : null, { status: out.status, headers: out.headers });
    } catch (e) {
      this.log(`HTTP action ${init.method} ${url} failed: ${e?.stack ?? e}`);
      // Convex's body for a failed HTTP action on a dev deployment (crates/application/src/redaction.rs
      // `to_http_response_parts`): the error in `code` and `trace`, a ConvexError's data in `data`.
      const { error, head, data } = formatError(e, requestId, this.functions.source.projectDir);
      const body = { code: `[Request ID: ${requestId}] Server Error: ${head}`, trace: `${error}\n`, ...(data !== undefined ? { data } : {}) };
      return new Response(JSON.stringify(body), { status: 500, headers: { "content-type": "application/json" } });
    }
  }

  /** Writes a file and commits its document in the app's (or a component's) `_storage`; returns the storage id. */
  async storeFile(bytes, contentType, component = "") {
    const table = qualifiedTable(component, "_storage");
    const storageId = newId(this.db.tableNumber(table));
    this.blobs.write(storageId, bytes);
    const doc = { sha256: sha256Base64(bytes), size: bytes.length, ...(contentType ? { contentType } : {}) };
    await this.runMutationTx(async (tx) => insert({ server: this.runtime, tx, system: true }, table, doc, storageId));
    return storageId;
  }

  /** An uploaded file's bytes and metadata (the storage HTTP API), or null. */
  readUpload(storageId) {
    if (localTableName(this.db.tableOfId(storageId) ?? "") !== "_storage") return null;
    const doc = this.db.getDoc(storageId);
    const bytes = doc && this.blobs.read(storageId);
    return bytes ? { bytes, contentType: doc.contentType ?? "application/octet-stream", sha256: doc.sha256 } : null;
  }
}

/**
 * A successful call's result; its `value` is parsed from `json` only when read (a live query's
 * re-run sends `json` as it is, and most re-runs are compared and sent, never looked into).
 */
function okResult(json, rest) {
  let value;
  let parsed = false;
  return {
    ok: true,
    get value() {
      if (!parsed) {
        value = JSON.parse(json);
        parsed = true;
      }
      return value;
    },
    json,
    ...rest,
  };
}

function closeStreams(exec) {
  for (const s of exec.streams.values()) s.close();
  exec.streams.clear();
}
