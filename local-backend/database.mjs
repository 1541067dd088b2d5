// The embedded store: documents, every index and the catalog in LMDB (an
// ordered, memory-mapped B+tree with MVCC read snapshots; chosen on the
// figures in README.md). Commits are group-committed: each is one LMDB write
// transaction, batched with the others that arrive meanwhile and fsync'd
// together; a commit becomes visible to new snapshots when it is durable.
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { open } from "lmdb";
import { convexToJson, jsonToConvex } from "convex/values";
import { decodeId } from "./ids.mjs";
import { AFTER, indexKey, indexPrefix } from "./keys.mjs";
import { SEARCH_LAYOUT, searchEntries } from "./search.mjs";

const FORMAT = 1;
/** Table numbers of the system tables (user tables start at 10001, as on Convex). */
const SYSTEM_TABLES = { _scheduled_functions: 1, _storage: 2, _cron_jobs: 3 };
const FIRST_USER_TABLE = 10001;
export const DATA_FILE = "data.mdb";

export class OldFormatError extends Error {}

const NAMED_DBS = ["documents", "indexes", "meta"];
// Compact on open when at least this share of the file is free pages, and the file is big enough to matter.
const COMPACT_WASTE = 0.3;
const COMPACT_MIN_BYTES = 16 * 2 ** 20;

// A written document's stored text, made once: the write's size check (syscalls.mjs) and the
// commit both need it (written documents are never changed in place).
const encoded = new WeakMap();
/** A document as stored: its lossless JSON text. */
export function encodeDoc(doc) {
  let text = encoded.get(doc);
  if (text === undefined) encoded.set(doc, (text = JSON.stringify(convexToJson(doc))));
  return text;
}
/**
 * A document made of plain JSON (no int64, bytes, special floats: syscalls.mjs `parseArgs`) is
 * stored as its JSON.stringify when every object in it lists its fields in Convex's order (sorted,
 * as `convexToJson` writes them, and as a function's own `convexToJson` sent them): that text is
 * then exactly what `encodeDoc` would make, without its copy of the whole document.
 */
export function encodePlain(doc) {
  if (inConvexOrder(doc)) encoded.set(doc, JSON.stringify(doc));
}

/** True when every object in `value` has its fields in ascending order (integer-like names, listed first by JS, fail it). */
function inConvexOrder(value) {
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) return value.every(inConvexOrder);
  let last = "";
  for (const k in value) {
    if (k <= last && last !== "") return false;
    last = k;
    if (!inConvexOrder(value[k])) return false;
  }
  return true;
}
// Without a "$" key ($integer, $bytes, $float) the JSON is the value itself (most documents).
const decodeDoc = (text) => (text.includes('"$') ? jsonToConvex(JSON.parse(text)) : JSON.parse(text));
/**
 * A document a worker's run of the transaction wrote, from the stored text it made for the write's
 * size check: it crosses as that text (copying a string costs a fraction of cloning the object it
 * encodes), and the commit writes the text as it is instead of encoding the document again.
 */
export function decodeWritten(text) {
  const doc = decodeDoc(text);
  encoded.set(doc, text);
  return doc;
}
// The text each document read was decoded from: a read is answered with it (syscalls.mjs)
// instead of encoding the document again. Documents read are never changed in place either.
const storedTexts = new WeakMap();
/** A document's JSON text as stored, when it was read from or written to the store here. */
export const storedText = (doc) => storedTexts.get(doc) ?? encoded.get(doc);

/**
 * The LMDB file with its three databases (documents, index entries, meta), and the reads the main
 * thread's store and a worker's snapshot reader share.
 */
class StoredReads {
  /** @param {string} file the data file */
  constructor(file) {
    this.file = file;
    // overlappingSync off: a commit is synced before it resolves (one flush per
    // batch; measured 1.0 ms against 2.8 ms serial commits with it on).
    this.env = open({ path: file, maxDbs: 4, encoding: "string", mapSize: 2 ** 34, overlappingSync: false });
    this.docs = this.env.openDB({ name: "documents", encoding: "string" });
    this.index = this.env.openDB({ name: "indexes", keyEncoding: "binary", encoding: "string" });
    this.meta = this.env.openDB({ name: "meta", encoding: "json" });
  }

  getDoc(id, transaction) {
    const text = this.getText(id, transaction);
    return text === undefined ? null : this.decode(text);
  }

  /** A document's stored JSON text (undefined when there is none), not decoded. */
  getText(id, transaction) {
    return this.docs.get(id, transaction ? { transaction } : undefined);
  }

  /**
   * The document a stored text holds.
   * @param {string} text
   */
  decode(text) {
    return decodeStored(text);
  }

  /** Index entries in [lo, hi) as { key, value: id }, ascending or (reverse) descending. */
  scan(lo, hi, reverse, transaction) {
    return scanIndex(this.index, lo, hi, reverse, transaction);
  }

  /** A table's document count: in `transaction`'s snapshot when given, else the latest durable one. */
  count(table, transaction = undefined) {
    return this.meta.get(`count:${table}`, transaction ? { transaction } : undefined) ?? 0;
  }
}

// The store's type, named in other modules' JSDoc (which the dead-export check does not read).
// ts-unused-exports:disable-next-line
export class Database extends StoredReads {
  /** @param {string} dir data directory */
  constructor(dir) {
    refuseOldFormat(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    super(path.join(dir, DATA_FILE));
    for (const f of [this.file, `${this.file}-lock`]) if (existsSync(f)) chmodSync(f, 0o600);
    const catalog = this.meta.get("catalog") ?? { format: FORMAT, tables: {}, indexes: {}, nextIndex: 1 };
    /** Timestamp of the newest durable (and visible) commit. */
    this.lastTs = BigInt(this.meta.get("lastTs") ?? "0");
    /** Timestamp of the newest accepted commit (maybe still being written). */
    this.acceptedTs = this.lastTs;
    this.lastCreationTime = this.meta.get("lastCreationTime") ?? 0;
    /** name -> number */
    this.tables = new Map(Object.entries(catalog.tables));
    this.tableNames = new Map([...this.tables].map(([name, n]) => [n, name]));
    /** "table.index" -> { number, table, name, fields, prefix } */
    this.indexes = new Map();
    for (const [key, def] of Object.entries(catalog.indexes)) this.indexes.set(key, withPrefix(key, def));
    this.nextIndex = catalog.nextIndex;
    this.catalogDirty = false;
    /** Bumped whenever a table or index is added, renumbered or dropped (workers' copies follow it). */
    this.catalogVersion = 0;
    /** table -> its count after every queued commit (filled on a table's first commit here). */
    this.counts = new Map();
    for (const name of Object.keys(SYSTEM_TABLES)) this.tableNumber(name);
    if (this.catalogDirty) this.env.transactionSync(() => this.writeCatalog());
  }

  get empty() {
    for (const [name] of this.tables) if (!name.startsWith("_") && this.count(name) > 0) return false;
    return true;
  }

  /** The table's number, assigned on first use (persisted with the next commit). */
  tableNumber(name) {
    let n = this.tables.get(name);
    if (n !== undefined) return n;
    n = SYSTEM_TABLES[name] ?? Math.max(FIRST_USER_TABLE - 1, ...[...this.tables.values()].filter((x) => x >= FIRST_USER_TABLE)) + 1;
    this.tables.set(name, n);
    this.tableNames.set(n, name);
    this.defineIndex(name, "by_id", ["_id"]);
    this.defineIndex(name, "by_creation_time", ["_creationTime", "_id"]);
    this.catalogDirty = true;
    this.catalogVersion++;
    return n;
  }

  /**
   * Gives table `name` the number `n`, as a snapshot import needs (its ids carry their table's
   * number): an empty table here may move to another number; one with documents may not.
   * @returns {string | null} why it cannot, or null once done
   */
  claimTableNumber(name, n) {
    const current = this.tables.get(name);
    if (current === n) return null;
    if (current !== undefined && this.count(name) > 0) return `table ${name} already has documents under another table number`;
    const holder = this.tableNames.get(n);
    if (holder !== undefined) {
      if (this.count(holder) > 0) return `table number ${n} belongs to table ${holder}, which has documents`;
      const fresh = Math.max(FIRST_USER_TABLE - 1, ...this.tables.values()) + 1;
      this.tables.set(holder, fresh);
      this.tableNames.set(fresh, holder);
    }
    if (current === undefined) {
      this.defineIndex(name, "by_id", ["_id"]);
      this.defineIndex(name, "by_creation_time", ["_creationTime", "_id"]);
    } else if (this.tableNames.get(current) === name) {
      this.tableNames.delete(current);
    }
    this.tables.set(name, n);
    this.tableNames.set(n, name);
    this.catalogVersion++;
    this.env.transactionSync(() => this.writeCatalog());
    return null;
  }

  /** The table an id belongs to (null for a malformed id or an unknown table). */
  tableOfId(id) {
    const n = decodeId(id);
    return n === null ? null : (this.tableNames.get(n) ?? null);
  }

  defineIndex(table, name, fields, search = false) {
    const key = `${table}.${name}`;
    const existing = this.indexes.get(key);
    // A search index stored in an earlier layout (search: true) is rebuilt in the current one.
    const layout = search ? SEARCH_LAYOUT : undefined;
    if (existing && existing.fields.join() === fields.join() && existing.search === layout) return { index: existing, created: false };
    const def = withPrefix(key, { number: this.nextIndex++, fields, ...(search ? { search: layout } : {}) });
    this.indexes.set(key, def);
    this.catalogDirty = true;
    this.catalogVersion++;
    return { index: def, created: true, replaced: existing ?? null };
  }

  indexesOf(table) {
    return indexesOfTable(this, table);
  }

  /**
   * Makes the stored indexes match the schema: new or changed indexes are
   * backfilled from the table, dropped ones deleted. Runs before serving.
   * @param {{ tables: { tableName: string, indexes: { indexDescriptor: string, fields: string[] }[], searchIndexes?: any[] }[] } | null} schema
   */
  applySchema(schema) {
    const wanted = new Set();
    for (const table of schema?.tables ?? []) {
      this.tableNumber(table.tableName);
      for (const ix of [...table.indexes, ...(table.searchIndexes ?? [])]) wanted.add(`${table.tableName}.${ix.indexDescriptor}`);
    }
    this.env.transactionSync(() => {
      for (const [key, def] of [...this.indexes]) {
        if (def.name === "by_id" || def.name === "by_creation_time" || wanted.has(key)) continue;
        this.clearIndex(def);
        this.indexes.delete(key);
        this.catalogDirty = true;
        this.catalogVersion++;
      }
      for (const table of schema?.tables ?? []) {
        for (const ix of table.indexes) {
          const { index, created, replaced } = this.defineIndex(table.tableName, ix.indexDescriptor, [...ix.fields, "_creationTime", "_id"]);
          if (replaced) this.clearIndex(replaced);
          if (created) this.backfill(index);
        }
        for (const ix of table.searchIndexes ?? []) {
          const { index, created, replaced } = this.defineIndex(table.tableName, ix.indexDescriptor, [ix.searchField, ...(ix.filterFields ?? [])], true);
          if (replaced) this.clearIndex(replaced);
          if (created) this.backfill(index);
        }
      }
      if (this.catalogDirty) this.writeCatalog();
    });
  }

  clearIndex(def) {
    for (const key of this.index.getKeys({ start: def.prefix, end: Buffer.concat([def.prefix, AFTER]) })) this.index.removeSync(key);
  }

  backfill(def) {
    const all = this.indexes.get(`${def.table}.by_creation_time`);
    for (const { value: id } of this.index.getRange({ start: all.prefix, end: Buffer.concat([all.prefix, AFTER]) })) {
      const doc = this.getDoc(id);
      if (!doc) continue;
      const { keys, values } = entriesOf(def, doc);
      keys.forEach((key, i) => this.index.putSync(key, values?.[i] ?? id));
    }
  }

  /** `queued`: with a commit's queued writes (else in the current synchronous transaction). */
  writeCatalog(queued = false) {
    const catalog = {
      format: FORMAT,
      tables: Object.fromEntries(this.tables),
      indexes: Object.fromEntries([...this.indexes].map(([k, d]) => [k, { number: d.number, fields: d.fields, ...(d.search ? { search: d.search } : {}) }])),
      nextIndex: this.nextIndex,
    };
    if (queued) this.meta.put("catalog", catalog);
    else this.meta.putSync("catalog", catalog);
    this.catalogDirty = false;
  }

  /** A read snapshot; call .done() when finished. */
  snapshot() {
    return this.env.useReadTransaction();
  }

  /**
   * A read snapshot holding at least the commit at `ts` (one a worker's snapshot held): lmdb-js
   * may hand out a read transaction it renewed earlier in this turn, so it is renewed first.
   */
  snapshotSince(ts) {
    this.env.resetReadTxn();
    const transaction = this.env.useReadTransaction();
    const at = BigInt(this.meta.get("lastTs", { transaction }) ?? "0");
    if (at < ts) {
      transaction.done();
      throw new Error(`The store's snapshot (${at}) is older than a worker's (${ts})`);
    }
    return transaction;
  }

  /** The catalog as a worker's `SnapshotReader` takes it (`setCatalog`). */
  catalogState() {
    return {
      version: this.catalogVersion,
      tables: [...this.tables],
      indexes: [...this.indexes].map(([key, d]) => [key, { number: d.number, fields: d.fields, ...(d.search ? { search: d.search } : {}) }]),
    };
  }

  nextCreationTime() {
    const now = Date.now();
    this.lastCreationTime = now > this.lastCreationTime ? now : this.lastCreationTime + 1 / 1024;
    return this.lastCreationTime;
  }

  /** A new commit timestamp (nanoseconds, strictly increasing). */
  nextTs() {
    const now = BigInt(Date.now()) * 1_000_000n;
    this.acceptedTs = now > this.acceptedTs ? now : this.acceptedTs + 1n;
    return this.acceptedTs;
  }

  /**
   * Writes one transaction's changes; resolves once they are on disk.
   * The writes are queued, not run in a transaction callback: LMDB's write thread applies
   * every write queued in one event turn as one transaction (atomic) and commits and syncs it
   * without calling back into this thread, so a busy event loop does not hold up a commit.
   * Commits are queued in the order they were accepted, so counts are kept here (`counts`).
   * @param {{ id: string, table: string, old: any, new: any }[]} changes
   * @param {bigint} ts
   */
  commit(changes, ts) {
    const touched = new Set();
    // Index by index: a batch's entries in one index are mostly neighbours (one workspace's, made
    // at one time), so LMDB's write thread finds each next one in the pages it has just written;
    // document by document, each entry went to another of the table's thirty-odd indexes. (No two
    // changes share a key: every key ends with its document's id.)
    const byTable = new Map();
    for (const c of changes) {
      let same = byTable.get(c.table);
      if (same === undefined) byTable.set(c.table, (same = []));
      same.push({ c, bytes: entryBytes() });
    }
    for (const [table, same] of byTable) {
      for (const def of this.indexesOf(table)) for (const { c, bytes } of same) this.writeIndex(def, c, bytes);
    }
    for (const c of changes) {
      if (c.new) this.docs.put(c.id, encodeDoc(c.new));
      else this.docs.remove(c.id);
      const delta = (c.new ? 1 : 0) - (c.old ? 1 : 0);
      if (delta) {
        this.counts.set(c.table, this.queuedCount(c.table) + delta);
        touched.add(c.table);
      }
    }
    for (const table of touched) this.meta.put(`count:${table}`, this.counts.get(table));
    this.meta.put("lastCreationTime", this.lastCreationTime);
    if (this.catalogDirty) this.writeCatalog(true);
    // Its promise resolves when the transaction holding every write above is committed and synced.
    const written = this.meta.put("lastTs", ts.toString());
    return written.then(() => {
      if (ts > this.lastTs) this.lastTs = ts;
      return ts;
    });
  }

  /** A table's count with every queued commit applied (counts() reads the durable one). */
  queuedCount(table) {
    let n = this.counts.get(table);
    if (n === undefined) this.counts.set(table, (n = this.count(table)));
    return n;
  }

  /**
   * Moves a changed document's entries in one index. An entry an update leaves as it was (most
   * of a patched document's: its indexes over fields it kept) is not written again.
   */
  writeIndex(def, c, bytes = entryBytes()) {
    const before = c.old ? entriesOf(def, c.old) : null;
    const after = c.new ? entriesOf(def, c.new) : null;
    const valueOf = (entries, i) => entries.values?.[i] ?? c.id;
    if (before === null || after === null) {
      if (before !== null) for (const key of before.keys) this.index.remove(key);
      if (after !== null) after.keys.forEach((key, i) => this.index.put(key, bytes(valueOf(after, i))));
      return;
    }
    if (!def.search) {
      if (before.keys[0].equals(after.keys[0])) return;
      this.index.remove(before.keys[0]);
      this.index.put(after.keys[0], bytes(c.id));
      return;
    }
    const stale = new Map(before.keys.map((key, i) => [key.toString("latin1"), { key, value: valueOf(before, i) }]));
    after.keys.forEach((key, i) => {
      const id = key.toString("latin1");
      const held = stale.get(id);
      stale.delete(id);
      if (held?.value !== valueOf(after, i)) this.index.put(key, bytes(valueOf(after, i)));
    });
    for (const { key } of stale.values()) this.index.remove(key);
  }

  close() {
    return this.env.close();
  }
}

/**
 * An entry's value as the bytes LMDB stores, made once per change: every index entry of a written
 * document holds its id (a search posting, one text for all its terms), and LMDB made a buffer of
 * the string for each of a new item's fifty-odd entries.
 * @returns {(value: string) => Buffer}
 */
function entryBytes() {
  let last = "";
  let lastBytes = Buffer.alloc(0);
  const seen = new Map();
  return (value) => {
    if (value === last) return lastBytes;
    let b = seen.get(value);
    if (b === undefined) seen.set(value, (b = Buffer.from(value)));
    last = value;
    lastBytes = b;
    return b;
  };
}

// A store's indexes grouped by table, made again when its catalog changes: a commit asks for each
// written document's, and scanning every index of the store for them was a tenth of an import
// batch's commit.
const tableIndexes = new WeakMap();
const NO_INDEXES = Object.freeze([]);

/**
 * @param {{ indexes: Map<string, any>, catalogVersion: number }} store
 * @param {string} table
 * @returns {readonly any[]}
 */
function indexesOfTable(store, table) {
  let cached = tableIndexes.get(store);
  if (cached?.version !== store.catalogVersion) {
    const byTable = new Map();
    for (const def of store.indexes.values()) {
      if (!byTable.has(def.table)) byTable.set(def.table, []);
      byTable.get(def.table).push(def);
    }
    tableIndexes.set(store, (cached = { version: store.catalogVersion, byTable }));
  }
  return cached.byTable.get(table) ?? NO_INDEXES;
}

/** A stored document's text decoded, remembered as its stored text (`storedText`). */
function decodeStored(text) {
  const doc = /** @type {Record<string, any>} */ (decodeDoc(text));
  storedTexts.set(doc, text);
  return doc;
}

function scanIndex(index, lo, hi, reverse, transaction) {
  if (!reverse) return index.getRange({ start: lo, end: hi, transaction });
  // A reverse range includes its start key in LMDB; `hi` is exclusive here as everywhere
  // (a descending page continues from its last key and must not repeat it).
  return index
    .getRange({ start: hi, end: lo, reverse: true, inclusiveEnd: true, transaction })
    .filter(({ key }) => Buffer.compare(/** @type {Buffer} */ (key), hi) !== 0);
}

/** What a worker cannot do itself (a table that has no number yet): its function runs again with the main thread serving it. */
export class NeedsMainThread extends Error {}

/**
 * The store as a worker thread reads it (worker-tx.mjs): the same LMDB file, opened in the worker
 * (lmdb-js shares the environment between threads), read through snapshots only. The catalog is
 * the main thread's copy (`Database.catalogState`); a table it does not hold yet is the main
 * thread's to number (`NeedsMainThread`). Writes are the main thread's: a worker's transaction
 * ends as a set of writes the main thread validates and commits (`Transaction.adopt`).
 */
export class SnapshotReader extends StoredReads {
  /** @param {string} file the data file (`Database.file`) */
  constructor(file) {
    super(file);
    this.catalogVersion = -1;
    this.tables = new Map();
    this.tableNames = new Map();
    this.indexes = new Map();
    /** The commit the last snapshot() holds (its `lastTs`, written with every commit). */
    this.lastTs = 0n;
    this.lastCreationTime = 0;
  }

  /** @param {ReturnType<Database["catalogState"]>} catalog */
  setCatalog({ version, tables, indexes }) {
    this.catalogVersion = version;
    this.tables = new Map(tables);
    this.tableNames = new Map(tables.map(([name, n]) => [n, name]));
    this.indexes = new Map(indexes.map(([key, def]) => [key, withPrefix(key, def)]));
  }

  /**
   * A read snapshot of the latest durable commit, whose timestamp is then `lastTs`: every commit
   * writes its timestamp, so the snapshot's own copy of it says exactly which commits it holds.
   */
  snapshot() {
    // lmdb-js keeps its read transaction until a timer renews it, and this thread never writes:
    // without the reset a snapshot could miss commits the main thread made since.
    this.env.resetReadTxn();
    const transaction = this.env.useReadTransaction();
    this.lastTs = BigInt(this.meta.get("lastTs", { transaction }) ?? "0");
    return transaction;
  }

  tableNumber(name) {
    const n = this.tables.get(name);
    if (n === undefined) throw new NeedsMainThread(`table ${name} has no number yet`);
    return n;
  }

  tableOfId(id) {
    const n = decodeId(id);
    return n === null ? null : (this.tableNames.get(n) ?? null);
  }

  indexesOf(table) {
    return indexesOfTable(this, table);
  }

  /** As `Database.nextCreationTime`, from the main thread's latest (`floor`) on. */
  nextCreationTime() {
    const now = Date.now();
    this.lastCreationTime = now > this.lastCreationTime ? now : this.lastCreationTime + 1 / 1024;
    return this.lastCreationTime;
  }

  close() {
    return this.env.close();
  }
}

/**
 * Bytes of the file in pages that hold data (B-tree pages of every database,
 * the free-page list's own pages) against the file's size; the rest are free
 * pages. A bulk load rewrites most B-tree pages copy-on-write (ids are random,
 * so a batch of inserts touches most leaves): the file peaks near twice the
 * pages in use and LMDB never gives space back to the file system.
 * @param {string} file
 * @returns {{ size: number, used: number }}
 */
export function pageUsage(file) {
  const env = open({ path: file, maxDbs: 4, readOnly: true });
  try {
    const stats = /** @type {any} */ (env.getStats());
    const pages = (s) => s.treeBranchPageCount + s.treeLeafPageCount + s.overflowPages;
    let used = pages(stats) + pages(stats.free);
    for (const name of NAMED_DBS) used += pages(env.openDB({ name }).getStats());
    return { size: statSync(file).size, used: used * stats.pageSize };
  } finally {
    env.close();
  }
}

/**
 * Opens the store; when a third or more of the file is free pages (after a
 * bulk load) it is first rewritten without them (LMDB's compacting copy, then
 * an atomic rename). Free pages also make every later commit slower: LMDB
 * rewrites its long free-page list on each one.
 * @param {string} dir
 * @param {(m: string) => void} [log]
 */
export async function openDatabase(dir, log = () => {}) {
  const file = path.join(dir, DATA_FILE);
  if (existsSync(file) && statSync(file).size >= COMPACT_MIN_BYTES) {
    const { size, used } = pageUsage(file);
    if (size - used >= COMPACT_WASTE * size) {
      const started = performance.now();
      const copy = `${file}.compact`;
      rmSync(copy, { force: true });
      const env = open({ path: file, maxDbs: 4 });
      try {
        await env.backup(copy, true);
      } finally {
        await env.close();
      }
      // On disk before it replaces the file, and the rename itself too.
      syncPath(copy, "r+");
      renameSync(copy, file);
      syncPath(dir, "r");
      const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
      log(`Compacted ${DATA_FILE}: ${mb(size)} -> ${mb(statSync(file).size)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  return new Database(dir);
}

function syncPath(p, flags) {
  const fd = openSync(p, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// A document's entries per index, computed once: the commit's conflict check and its write to
// disk both need them (documents are never changed in place, so the memo cannot go stale).
const docEntries = new WeakMap();

/**
 * A document's entries in one index: one key for a database index (its value the document's id,
 * `values` null), one or more per term for a search index (search.mjs, with their values).
 * @returns {{ keys: Buffer[], values: string[] | null }}
 */
function entriesOf(def, doc) {
  let byIndex = docEntries.get(doc);
  if (byIndex === undefined) docEntries.set(doc, (byIndex = new Map()));
  let entries = byIndex.get(def);
  if (entries === undefined) byIndex.set(def, (entries = def.search ? searchEntries(def, doc) : { keys: [indexKey(def, doc)], values: null }));
  return entries;
}

/** A document's keys in one index: one for a database index, one or more per term for a search index. */
export const keysOf = (def, doc) => entriesOf(def, doc).keys;

function withPrefix(key, def) {
  const dot = key.indexOf(".");
  return { ...def, table: key.slice(0, dot), name: key.slice(dot + 1), prefix: indexPrefix(def.number) };
}

/** A data dir of the convex-test era (snapshot.json + commits.log) cannot be read by this store. */
function refuseOldFormat(dir) {
  if (!existsSync(dir)) return;
  const names = readdirSync(dir);
  if (names.includes("snapshot.json") || names.includes("commits.log")) {
    throw new OldFormatError(
      `${dir} holds data in the old local-backend format (snapshot.json / commits.log), which this backend does not read.\n` +
        "Run `npm run reset` to wipe it and seed the demo data again (the auth keys in env.json are kept).",
    );
  }
}

/** Removes all stored state of a data dir (documents, blobs, builds, old formats); keeps env.json. */
export function wipeData(dir) {
  for (const name of [DATA_FILE, `${DATA_FILE}-lock`, `${DATA_FILE}.compact`, "blobs", "build", "snapshot.json", "commits.log"]) {
    rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

