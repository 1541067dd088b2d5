// The system queries the Convex CLI runs with an admin key (`_system/cli/...`,
// over the sync WebSocket or /api/query): the tables and their documents for
// `npx convex data`, the deployment's variables for `npx convex env`, the
// function list `npx convex run` prints for a wrong name, and the state of an
// export or import. Names and result shapes: convex/dist/esm/cli/lib (data.js,
// env.js, run.js, convexExport.js, convexImport.js).
import { convexToJson } from "convex/values";
import { canonicalPath } from "./functions.mjs";

const MAX_PAGE = 1000;
const UDF_TYPES = { query: "Query", mutation: "Mutation", action: "Action" };

/** The 4-byte key prefix that ends index `number`'s range. */
function indexEnd(number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(number + 1);
  return b;
}

/**
 * Documents of a table in creation order (or reverse), read in one snapshot.
 * @param {any} db
 * @param {string} table the stored name (a component's under its path)
 * @param {{ reverse?: boolean, after?: Buffer | null, limit?: number, txn?: any }} opts
 * @returns {{ docs: any[], lastKey: Buffer | null, done: boolean }}
 */
export function readTable(db, table, { reverse = false, after = null, limit = Infinity, txn }) {
  const def = db.indexes.get(`${table}.by_creation_time`);
  if (!def) return { docs: [], lastKey: null, done: true };
  /** @type {Buffer} */
  let lo = def.prefix;
  /** @type {Buffer} */
  let hi = indexEnd(def.number);
  if (after) {
    if (reverse) hi = after;
    else lo = Buffer.concat([after, Buffer.from([0])]);
  }
  const docs = [];
  let lastKey = null;
  for (const { key, value: id } of db.scan(lo, hi, reverse, txn)) {
    if (docs.length >= limit) return { docs, lastKey, done: false };
    const doc = db.getDoc(id, txn);
    if (doc) docs.push(doc);
    lastKey = Buffer.from(key);
  }
  return { docs, lastKey, done: true };
}

/** The stored table names a component's functions see (its own, without the prefix). */
function tablesOf(db, componentPath) {
  const out = [];
  for (const name of db.tables.keys()) {
    if (name.startsWith("_")) continue;
    if (!componentPath && !name.includes(":")) out.push({ name, stored: name });
    if (componentPath && name.startsWith(`${componentPath}:`)) out.push({ name: name.slice(componentPath.length + 1), stored: name });
  }
  return out;
}

const ok = (value) => ({ ok: true, value, logLines: [], reads: null, commitTs: null, journal: null });
const failed = (message) => ({ ok: false, message, logLines: [], reads: null, commitTs: null, journal: null });

/**
 * The CLI's and dashboard's own queries (`_system/cli/...`), answered from the deployment's state.
 * @param {{ host: any, env: () => Record<string, string>, snapshots: ReturnType<typeof import("./snapshot.mjs").createSnapshots>, cloudUrl: string }} deps
 * @returns {(req: { path: string, args: any, component?: string }) => any} a result, or null for a path it does not serve
 */
export function createSystemFunctions({ host, env, snapshots, cloudUrl }) {
  const handlers = {
    "_system/cli/tables:default": ({ args, component }, host) => {
      return paginated(tablesOf(host.db, component).map((t) => ({ name: t.name })), args);
    },
    "_system/cli/tableData:default": ({ args, component }, host) => {
      const stored = component ? `${component}:${args.table}` : args.table;
      const numItems = Math.min(MAX_PAGE, Math.max(1, Number(args.paginationOpts?.numItems ?? 100)));
      const cursor = args.paginationOpts?.cursor;
      const txn = host.db.snapshot();
      try {
        const { docs, lastKey, done } = readTable(host.db, stored, { reverse: args.order !== "asc", after: cursor ? Buffer.from(cursor, "hex") : null, limit: numItems, txn });
        return { page: docs.map((d) => convexToJson(d)), isDone: done, continueCursor: lastKey ? lastKey.toString("hex") : (cursor ?? "") };
      } finally {
        txn.done();
      }
    },
    "_system/cli/tableSize:default": ({ args, component }, host) => host.db.count(component ? `${component}:${args.tableName}` : args.tableName),
    "_system/cli/queryEnvironmentVariables:default": () =>
      Object.entries(env())
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, value]) => ({ name, value })),
    "_system/cli/queryEnvironmentVariables:get": ({ args }) => {
      const value = env()[args.name];
      return value === undefined ? null : { name: args.name, value };
    },
    "_system/cli/modules:apiSpec": ({ component }, host) => {
      const { bundle, components } = host.functions();
      const byName = component ? components.get(component)?.byName : bundle.byName;
      const out = [];
      for (const [mod, exportsOf] of Object.entries(byName ?? {})) {
        for (const [name, fn] of Object.entries(exportsOf ?? {})) {
          const kind = fn?.isQuery ? "query" : fn?.isMutation ? "mutation" : fn?.isAction ? "action" : null;
          if (!kind) continue;
          out.push({
            identifier: `${mod}.js:${name}`,
            functionType: UDF_TYPES[kind],
            visibility: { kind: fn.isPublic ? "public" : "internal" },
            args: JSON.parse(fn.exportArgs?.() ?? "null"),
            returns: JSON.parse(fn.exportReturns?.() ?? "null"),
          });
        }
      }
      return out;
    },
    "_system/cli/exports:getLatest": () => snapshots.latestExport(),
    "_system/cli/queryImport:default": ({ args }) => snapshots.importState(args.importId),
    "_system/cli/queryImport:list": () => snapshots.imports(),
    "_system/cli/convexUrl:cloudUrl": () => cloudUrl,
  };
  return ({ path: udfPath, args, component = "" }) => {
    const handler = handlers[canonicalPath(udfPath)];
    if (!handler) return null;
    try {
      return ok(handler({ args: args ?? {}, component }, host));
    } catch (e) {
      return failed(`Server Error\n${e?.message ?? e}`);
    }
  };
}

function paginated(items, args) {
  const start = Number(args.paginationOpts?.cursor ?? 0) || 0;
  const numItems = Math.max(1, Number(args.paginationOpts?.numItems ?? 100));
  const page = items.slice(start, start + numItems);
  const end = start + page.length;
  return { page, isDone: end >= items.length, continueCursor: String(end) };
}
