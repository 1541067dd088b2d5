// The function host: one convex-test deployment over the bundled convex/
// folder, restored from and persisted to the data directory. Runs public and
// internal functions with Convex's lookup/validation errors and error shapes.
import { randomBytes } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { convexToJson } from "convex/values";
import { bundleConvex, pruneBuilds } from "./bundle.mjs";
import { loadEngine } from "./engine.mjs";
import { installHooks } from "./hooks.mjs";
import { installLogCapture } from "./logs.mjs";
import { newReadSet, requestContext, tableOfId } from "./reactivity.mjs";
import { JobTimers } from "./scheduler.mjs";
import { Store } from "./store.mjs";
import { checkValue } from "./validate.mjs";

const KIND_NAMES = { query: "Query", mutation: "Mutation", action: "Action" };
const kindOf = (fn) => (fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null);

/** "messages.js:list" -> "messages:list"; "messages" -> "messages:default". */
export function canonicalPath(udfPath) {
  const i = udfPath.lastIndexOf(":");
  const mod = (i === -1 ? udfPath : udfPath.slice(0, i)).replace(/\.js$/, "");
  return `${mod}:${i === -1 ? "default" : udfPath.slice(i + 1)}`;
}

function formatError(e, requestId) {
  const isConvexError = e !== null && typeof e === "object" && e[Symbol.for("ConvexError")] === true;
  const name = e?.name ?? "Error";
  const message = `[Request ID: ${requestId}] Server Error\nUncaught ${name}: ${e?.message ?? String(e)}`;
  if (!isConvexError) return { message };
  return { message, data: convexToJson(e.data ?? null) };
}

/**
 * @param {{ convexDir: string, dataDir: string, urls: any, log: (m: string) => void,
 *   onCommit: (changes: any[], ts: bigint) => void }} opts
 */
export async function createHost({ convexDir, dataDir, urls, log, onCommit }) {
  process.setSourceMapsEnabled(true);
  installLogCapture();
  const buildRoot = path.join(dataDir, "build");
  const engine = await loadEngine(buildRoot);
  const store = new Store(dataDir);
  const state = store.load();
  const startedEmpty = Object.keys(state.documents).length === 0;
  let bundle = await bundleConvex({ convexDir, buildRoot });
  pruneStaleBuilds(buildRoot, bundle.outDir);

  const t = engine.convexTest(bundle.schema, bundle.modules);
  let g;
  await t.run(async () => {
    g = engine.getConvexGlobal();
    return null;
  });
  const db = g.components[""].db;
  Object.assign(db, {
    _documents: state.documents,
    _nextDocId: state.nextDocId,
    _lastCreationTime: state.lastCreationTime,
  });
  g.transactionManager._lastCommitTs = state.lastCommitTs;

  const fatal = (e) => {
    log(`Fatal: could not persist a commit: ${e?.stack ?? e}`);
    process.exit(1);
  };
  const timers = new JobTimers({ engine, g, db, log });
  const hooks = installHooks({ g, db, store, timers, urls, onCommit, fatal });

  const resolve = (canonical) => {
    const [mod, exp] = canonical.split(":");
    const fn = bundle.byName[mod]?.[exp];
    return fn && kindOf(fn) ? fn : null;
  };

  await recoverInterruptedJobs();
  timers.restore();

  async function recoverInterruptedJobs() {
    const stuck = Object.entries(db._documents).filter(
      ([id, doc]) => tableOfId(id) === "_scheduled_functions" && doc.state?.kind === "inProgress",
    );
    if (stuck.length === 0) return;
    // Mutations never committed, so they run again; actions are at most once.
    await t.run(async () => {
      for (const [id, doc] of stuck) {
        const isAction = resolve(canonicalPath(doc.name))?.isAction;
        db.patch("_scheduled_functions", id, isAction ? { state: { kind: "failed" }, completedTime: Date.now() } : { state: { kind: "pending" } });
      }
      return null;
    });
  }

  /**
   * @param {{ kind?: "query" | "mutation" | "action", path: string, args: any, identity?: any, internal?: boolean,
   *   journal?: string | null }} req
   */
  async function call({ kind, path: udfPath, args, identity = null, internal = false, journal = null }) {
    const requestId = randomBytes(8).toString("hex");
    const canonical = canonicalPath(udfPath);
    const ctx = {
      reads: kind === "query" ? newReadSet() : null,
      logs: [],
      commitTs: null,
      label: canonical,
      journal: journal ? JSON.parse(journal) : null,
      journalOut: null,
    };
    const journalOut = () => (ctx.journalOut ? JSON.stringify(ctx.journalOut) : null);
    const fail = (message, data) => ({ ok: false, message: `[Request ID: ${requestId}] Server Error\n${message}`, data, logLines: [], reads: ctx.reads, commitTs: null });
    const fn = resolve(canonical);
    if (!fn || (!internal && !fn.isPublic)) return fail(`Could not find public function for '${canonical}'.`);
    const actual = kindOf(fn);
    if (kind && kind !== actual) return fail(`Trying to execute ${canonical} as ${KIND_NAMES[kind]}, but it is defined as ${KIND_NAMES[actual]}.`);
    const argsError = checkValue(JSON.parse(fn.exportArgs()), args);
    if (argsError) return fail(`ArgumentValidationError: ${argsError}`);

    const accessor = identity ? t.withIdentity(identity) : t;
    const functionPath = { componentPath: "", udfPath: canonical };
    const runners = { query: accessor.queryFromPath, mutation: accessor.mutationFromPath, action: accessor.actionFromPath };
    try {
      const value = await requestContext.run(ctx, () => runners[actual](functionPath, args));
      if (actual === "action") await hooks.flushBlobs();
      return { ok: true, value: convexToJson(value ?? null), logLines: ctx.logs, reads: ctx.reads, commitTs: ctx.commitTs, journal: journalOut() };
    } catch (e) {
      const { message, data } = formatError(e, requestId);
      if (data === undefined) log(`${KIND_NAMES[actual]} ${canonical} failed: ${e?.stack ?? e}`);
      return { ok: false, message, data, logLines: ctx.logs, reads: ctx.reads, commitTs: ctx.commitTs, journal: journalOut() };
    }
  }

  /** Runs a convex/http.ts route. */
  async function fetchHttp(pathWithQuery, init, identity = null) {
    if (!bundle.byName.http?.default) return new Response("No matching routes found", { status: 404 });
    const accessor = identity ? t.withIdentity(identity) : t;
    const ctx = { reads: null, logs: [], commitTs: null, label: `HTTP ${init.method} ${pathWithQuery}` };
    try {
      const response = await requestContext.run(ctx, () => accessor.fetch(pathWithQuery, init));
      await hooks.flushBlobs();
      return response;
    } catch (e) {
      log(`HTTP action ${init.method} ${pathWithQuery} failed: ${e?.stack ?? e}`);
      return new Response(`[Request ID: ${randomBytes(8).toString("hex")}] Server Error`, { status: 500 });
    }
  }

  /** Stores an uploaded file; returns its storage id. */
  async function storeUpload(bytes, contentType) {
    const sha256 = hooks.sha256Base64(bytes);
    store.writeBlob(sha256, bytes);
    let storageId;
    await t.run(async () => {
      storageId = db.insert("_storage", { sha256, size: bytes.length, ...(contentType ? { contentType } : {}) });
      return null;
    });
    return storageId;
  }

  function readUpload(storageId) {
    const doc = db._documents[storageId];
    if (!doc || tableOfId(storageId) !== "_storage") return null;
    const bytes = store.readBlob(doc.sha256);
    return bytes ? { bytes, contentType: doc.contentType ?? "application/octet-stream" } : null;
  }

  async function reload() {
    const next = await bundleConvex({ convexDir, buildRoot });
    g.components[""].modules = engine.moduleCache(next.modules);
    db._schema = new engine.DatabaseFake(next.schema, "")._schema;
    bundle = next;
    pruneBuilds(buildRoot, next.outDir);
  }

  async function stop() {
    await timers.stop();
    store.close();
  }

  return {
    call,
    fetchHttp,
    storeUpload,
    readUpload,
    reload,
    stop,
    hasFunction: (udfPath) => resolve(canonicalPath(udfPath)) !== null,
    startedEmpty,
    lastCommitTs: () => g.transactionManager._lastCommitTs,
  };
}

/** Drops builds left by earlier processes (each process writes its own). */
function pruneStaleBuilds(buildRoot, keep) {
  pruneBuilds(buildRoot, keep);
  for (const entry of readdirSync(buildRoot)) {
    if (entry.startsWith("engine-") && !entry.endsWith(`-${process.pid}.mjs`)) {
      rmSync(path.join(buildRoot, entry), { force: true });
    }
  }
}
