// The functions a deployment runs: the app's bundle and each component's, the
// schema facts the syscalls check (document validators, staged and vector
// indexes), where each query or mutation runs (a worker or this thread), and
// the worker pools that hold the bundle. New code (a saved file, a push) is
// prepared first (built, its schema checked as Convex checks it at push) and
// only then replaces the running code.
import path from "node:path";
import { ACTION_POOL_SIZE, ActionPool, TRANSACTION_POOL_SIZE } from "./actions.mjs";
import { bundleConvex, pruneBuilds, runtimeBuilds } from "./bundle.mjs";
import { loadComponents, qualifiedTable } from "./components.mjs";
import { schemaProblem } from "./schema-check.mjs";

export const KIND_NAMES = { query: "Query", mutation: "Mutation", action: "Action" };
/** @returns {"query" | "mutation" | "action" | null} */
export const kindOf = (fn) => (fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null);

/** "messages.js:list" -> "messages:list"; "messages" -> "messages:default". */
export function canonicalPath(udfPath) {
  const i = udfPath.lastIndexOf(":");
  const mod = (i === -1 ? udfPath : udfPath.slice(0, i)).replace(/\.js$/, "");
  return `${mod}:${i === -1 ? "default" : udfPath.slice(i + 1)}`;
}

/**
 * Where the functions come from: a folder (folderSource) or code pushed by the CLI (deploy.mjs).
 * @typedef {{ build: (b: { buildRoot: string, hooks: any, cache: ReturnType<typeof runtimeBuilds> }) =>
 *   Promise<{ bundle: Awaited<ReturnType<typeof bundleConvex>>, components: Awaited<ReturnType<typeof loadComponents>> }>,
 *   projectDir: string }} CodeSource
 */

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

/** Built functions not yet running: `Functions.prepare`'s result, `Functions.activate`'s argument. */
/** @typedef {{ next: any, nextComponents: Map<string, any>, exported: any }} Prepared */

// A query or mutation runs in a worker until it has shown itself quick (TRIAL_RUNS runs in a row
// under QUICK_MS of its own time, thread-cpu.mjs ownMs), then on this thread, which saves the hops
// between threads on every call and syscall. Runs here that take longer, STRIKES in a row, held
// others up: the function goes back to trial runs, and needs twice as many quick runs in a row to
// come back (up to MAX_TRIAL_RUNS), so one that is sometimes slow seldom holds anyone up, while one
// slow run alone (a garbage collection inside it) moves nothing. A run over SLOW_MS anywhere sends
// it to a worker for good: a function that computes never holds up another from its first call.
const QUICK_MS = 10;
const SLOW_MS = 100;
const TRIAL_RUNS = 3;
const STRIKES = 2;
const MAX_TRIAL_RUNS = 96;

export class Functions {
  /**
   * @param {{ source: CodeSource, buildRoot: string, hooks: any, runtime: any, log: (m: string) => void }} deps
   * `runtime` is what the workers' syscalls are served by (host.mjs's Runtime).
   */
  constructor({ source, buildRoot, hooks, runtime, log }) {
    this.source = source;
    this.buildRoot = buildRoot;
    this.hooks = hooks;
    this.runtime = runtime;
    this.log = log;
    this.builds = runtimeBuilds();
    /** The app's bundle (set by the first load). */
    this.bundle = null;
    /** The app's schema as `defineSchema(...).export()` gives it, or null. */
    this.schema = null;
    /** componentPath -> { byName, schema } */
    this.components = new Map();
    /** Workers for actions and HTTP actions; for the app's queries and mutations. */
    this.actionPool = null;
    this.txPool = null;
    this.validators = new Map();
    this.stagedIndexes = new Set();
    this.vectorIndexes = new Map();
    /** udfPath -> { quick: number, needed: number, strikes: number, slow: boolean }; cleared with each new build. */
    this.placement = new Map();
  }

  /**
   * Builds and loads a source's functions without switching to them (a push is checked first).
   * @param {CodeSource} from
   * @returns {Promise<Prepared>}
   */
  async prepare(from) {
    const { bundle: next, components: nextComponents } = await from.build({ buildRoot: this.buildRoot, hooks: this.hooks, cache: this.builds });
    const exported = next.schema ? JSON.parse(next.schema.export()) : null;
    refuseSchema(exported, "convex/schema.ts");
    return { next, nextComponents, exported };
  }

  /** Builds `from` (by default the current source) and runs it from the next call on. */
  async load(from = this.source) {
    await this.activate(await this.prepare(from), from);
  }

  /**
   * Switches to prepared functions: the next calls run them.
   * @param {Prepared} prepared
   * @param {CodeSource} from
   * @param {any} db the store whose catalog gets the schema's tables and indexes
   */
  async activate({ next, nextComponents, exported }, from, db = this.runtime.db) {
    // One catalog for the app's tables and every component's (stored under its path).
    const tables = [...(exported?.tables ?? []).map((t) => ({ ...t, validate: exported.schemaValidation }))];
    for (const [componentPath, c] of nextComponents) {
      const own = c.schema ? JSON.parse(c.schema.export()) : null;
      refuseSchema(own, `the schema of component ${componentPath}`);
      for (const t of own?.tables ?? []) tables.push({ ...t, tableName: qualifiedTable(componentPath, t.tableName), validate: own.schemaValidation });
    }
    db.applySchema({ tables });
    this.validators.clear();
    this.stagedIndexes.clear();
    this.vectorIndexes.clear();
    for (const t of tables) {
      if (t.validate) this.validators.set(t.tableName, t.documentType);
      for (const ix of t.vectorIndexes ?? []) {
        this.vectorIndexes.set(`${t.tableName}.${ix.indexDescriptor}`, { table: t.tableName, vectorField: ix.vectorField, dimensions: ix.dimensions, filterFields: ix.filterFields ?? [] });
      }
      for (const ix of [...(t.stagedDbIndexes ?? []), ...(t.stagedSearchIndexes ?? []), ...(t.stagedVectorIndexes ?? [])]) this.stagedIndexes.add(`${t.tableName}.${ix.indexDescriptor}`);
    }
    this.components = nextComponents;
    this.placement.clear();
    const [actionPool, txPool] = await this.startPools(next);
    const oldPools = [this.actionPool, this.txPool];
    this.actionPool = actionPool;
    this.txPool = txPool;
    this.bundle = next;
    this.schema = exported;
    this.source = from;
    // Functions still running on the old code finish there; then its builds go.
    void Promise.all(oldPools.map((p) => p?.close())).then(() => pruneBuilds(this.buildRoot, next.outDir));
  }

  startPools(bundle) {
    const { runtime: server, log } = this;
    return Promise.all([
      new ActionPool({ bundle, server, log, size: ACTION_POOL_SIZE }).start(),
      new ActionPool({ bundle, server, log, size: TRANSACTION_POOL_SIZE, pages: true }).start(),
    ]);
  }

  /** The deployment's variables changed: new runs see them (the workers start again). */
  async restartPools() {
    const old = [this.actionPool, this.txPool];
    [this.actionPool, this.txPool] = await this.startPools(this.bundle);
    await Promise.all(old.map((p) => p?.close()));
  }

  /** The registered function at `canonical` ("mod:export") of the app or a component, or null. */
  resolve(canonical, component = "") {
    const [mod, exp] = canonical.split(":");
    const modules = component ? this.components.get(component)?.byName : this.bundle?.byName;
    const fn = modules?.[mod]?.[exp];
    return fn && kindOf(fn) ? fn : null;
  }

  /** The module's default export (crons, auth.config), or null. */
  defaultExport(mod) {
    return this.bundle?.byName[mod]?.default ?? null;
  }

  /** Whether `udfPath` should run on this thread (it has shown itself quick), and its record to update with the run's own time. */
  placementOf(udfPath) {
    let place = this.placement.get(udfPath);
    if (!place) this.placement.set(udfPath, (place = { quick: 0, needed: TRIAL_RUNS, strikes: 0, slow: false }));
    return { here: !place.slow && place.quick >= place.needed, done: (ownMs, ranHere) => {
      if (place.slow) return;
      if (ownMs > SLOW_MS) place.slow = true;
      else if (ownMs <= QUICK_MS) {
        place.quick += 1;
        place.strikes = 0;
      } else if (!ranHere) place.quick = 0;
      else if (++place.strikes >= STRIKES && place.quick >= place.needed) {
        place.needed = Math.min(place.needed * 2, MAX_TRIAL_RUNS);
        place.quick = 0;
        place.strikes = 0;
      }
    } };
  }

  async close() {
    await Promise.all([this.actionPool?.close(), this.txPool?.close()]);
    await this.builds.dispose();
  }
}

/** A schema Convex would refuse at push fails the load, with Convex's message. */
function refuseSchema(exported, where) {
  const problem = schemaProblem(exported);
  if (problem) throw new Error(`Invalid ${where}: ${problem}`);
}
