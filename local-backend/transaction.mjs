// One function execution's view of the database: a read snapshot, the
// writes it buffered (visible to its own reads) and the key intervals it
// read. Mutations commit through `Committer` with optimistic concurrency:
// a transaction whose read intervals a later commit wrote is retried.
import { keysOf } from "./database.mjs";
import { AFTER, encodeTuple, indexKey, inInterval } from "./keys.mjs";

/** @typedef {{ intervals: { lo: Buffer, hi: Buffer }[], tables: Set<string> }} ReadSet */

/**
 * Read set: key intervals [lo, hi) per index number, plus whole tables (search, count).
 * @returns {ReadSet}
 */
export function newReadSet() {
  return { intervals: [], tables: new Set() };
}

/** Every index key a change moves (old and new position in each index of its table). */
function changeKeys(db, change) {
  const keys = [];
  for (const def of db.indexesOf(change.table)) {
    if (change.old) keys.push(...keysOf(def, change.old));
    if (change.new) keys.push(...keysOf(def, change.new));
  }
  return keys;
}

/** True when a read set saw anything one of `changes` (with keys) wrote. */
export function touches(reads, changes) {
  const { byIndex, wide } = intervalsByIndex(reads);
  for (const c of changes) {
    if (reads.tables.has(c.table)) return true;
    for (const key of c.keys) {
      // A key is compared only with the intervals read in its own index (its 4-byte prefix).
      const same = key.length >= 4 ? byIndex.get(key.readUInt32BE(0)) : undefined;
      if (same !== undefined && covers(same, key)) return true;
      for (const { lo, hi } of wide) if (inInterval(key, lo, hi)) return true;
    }
  }
  return false;
}

/**
 * A read set's intervals grouped by the index their keys start with (kept with the read set
 * until it grows): checking a large commit against them was keys × every interval read.
 */
function intervalsByIndex(reads) {
  if (reads.grouped?.count === reads.intervals.length) return reads.grouped;
  const byIndex = new Map();
  const wide = [];
  for (const interval of reads.intervals) {
    const { lo, hi } = interval;
    const index = lo.length >= 4 && hi.length >= 4 && lo.readUInt32BE(0) === hi.readUInt32BE(0) ? lo.readUInt32BE(0) : null;
    if (index === null) wide.push(interval);
    else if (byIndex.has(index)) byIndex.get(index).push(interval);
    else byIndex.set(index, [interval]);
  }
  for (const [index, intervals] of byIndex) byIndex.set(index, sortedIntervals(intervals));
  reads.grouped = { count: reads.intervals.length, byIndex, wide };
  return reads.grouped;
}

/**
 * One index's intervals sorted by lower bound, with the highest upper bound so far at each
 * position: a key is then checked by one binary search instead of against every interval
 * (a 500-row batch reads hundreds of point intervals in one index and writes thousands of keys).
 */
function sortedIntervals(intervals) {
  const los = intervals.map((i) => i.lo);
  const order = los.map((_, i) => i).sort((a, b) => Buffer.compare(los[a], los[b]));
  const lo = order.map((i) => intervals[i].lo);
  const maxHi = [];
  for (const i of order) {
    const hi = intervals[i].hi;
    const prev = maxHi[maxHi.length - 1];
    maxHi.push(prev !== undefined && Buffer.compare(prev, hi) > 0 ? prev : hi);
  }
  return { lo, maxHi };
}

/** True when some interval has lo <= key < hi. */
function covers({ lo, maxHi }, key) {
  // The last interval whose lower bound is <= key; every one before it starts <= key too.
  let a = 0;
  let b = lo.length - 1;
  let last = -1;
  while (a <= b) {
    const mid = (a + b) >> 1;
    if (Buffer.compare(lo[mid], key) <= 0) {
      last = mid;
      a = mid + 1;
    } else b = mid - 1;
  }
  return last >= 0 && Buffer.compare(maxHi[last], key) > 0;
}

/**
 * A stored document a range read produced: decoded only when something looks into it (a filter,
 * a mutation's code); a query stream sends its text to the function as it is.
 */
class StoredEntry {
  constructor(db, key, text) {
    this.db = db;
    this.key = key;
    this.text = text;
    this.decoded = null;
  }

  get doc() {
    return (this.decoded ??= this.db.decode(this.text));
  }
}

/** The first position in sorted `keys` whose key is >= `key`. */
function lowerBound(keys, key) {
  let a = 0;
  let b = keys.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (Buffer.compare(keys[mid], key) < 0) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** A written document's key in an index, kept with the document (written documents are not changed in place). */
const pendingKeys = new WeakMap();
function pendingKey(index, doc) {
  let keys = pendingKeys.get(doc);
  if (keys === undefined) pendingKeys.set(doc, (keys = new Map()));
  let key = keys.get(index);
  if (key === undefined) keys.set(index, (key = indexKey(index, doc)));
  return key;
}

// A worker running a mutation's transaction itself (worker-tx.mjs) makes one too, over its own
// `SnapshotReader`; the main thread then `adopt`s what it did.
export class Transaction {
  /**
   * @param {import("./database.mjs").Database} db
   * @param {{ writable: boolean, at?: RetainedSnapshot | null, pending?: { ts: bigint, changes: any[] }[] | null }} opts
   * `at`: read an earlier, retained snapshot (queries only); `pending`: accepted commits to read over the snapshot (`overlay`)
   */
  constructor(db, { writable, at = null, pending = null }) {
    this.db = db;
    this.writable = writable;
    if (at) at.snapshot.use();
    this.snapshot = at ? at.snapshot : db.snapshot();
    this.beginTs = at ? at.ts : db.lastTs;
    /** id -> { id, table, old, new } */
    this.writes = new Map();
    /** table -> (id -> the same write): a range read looks only at its table's writes. */
    this.writesByTable = new Map();
    /**
     * table -> (index -> its written documents' keys in that index, sorted, and the documents):
     * made for an index at its first range read, then kept up to date by each write, so a range
     * read finds the transaction's own writes in it by a binary search.
     * @type {Map<string, Map<any, { keys: Buffer[], docs: any[] }>>}
     */
    this.sortedWrites = new Map();
    /** The commit the reads reflect: the snapshot's, or the newest of `pending` laid over it. */
    this.asOf = this.beginTs;
    /** Tables `pending` wrote: reads of a whole table (search, count) do not see them. */
    this.overlaid = new Set();
    if (pending) this.overlay(pending);
    this.reads = newReadSet();
    this.done = false;
    this.afterCommit = [];
    this.stats = { docsRead: 0, bytesRead: 0, docsWritten: 0, bytesWritten: 0 };
    /** @type {((table: string, doc: any) => void) | null} told of each document written (worker-tx.mjs) */
    this.onWrite = null;
  }

  /**
   * Reads (a query only) as of the accepted commits still on their way to disk, laid over the
   * snapshot in order as if they were this transaction's own writes. The snapshot holds every
   * durable commit and maybe some of these (a commit is visible once on disk): laying a commit
   * over a snapshot that already has it changes nothing, as each document ends as its newest write.
   * @param {{ ts: bigint, changes: any[] }[]} pending oldest first
   */
  overlay(pending) {
    for (const { ts, changes } of pending) {
      for (const c of changes) {
        const prior = this.writes.get(c.id);
        this.setWrite({ id: c.id, table: c.table, old: prior ? prior.old : c.old, new: c.new });
        this.overlaid.add(c.table);
      }
      this.asOf = ts;
    }
  }

  setWrite(w) {
    const sorted = this.sortedWrites.get(w.table);
    if (sorted !== undefined) {
      const prior = this.writes.get(w.id)?.new;
      for (const [index, { keys, docs }] of sorted) {
        if (prior) {
          const at = lowerBound(keys, pendingKey(index, prior));
          keys.splice(at, 1);
          docs.splice(at, 1);
        }
        if (w.new) {
          const key = pendingKey(index, w.new);
          const at = lowerBound(keys, key);
          keys.splice(at, 0, key);
          docs.splice(at, 0, w.new);
        }
      }
    }
    this.writes.set(w.id, w);
    let byId = this.writesByTable.get(w.table);
    if (byId === undefined) this.writesByTable.set(w.table, (byId = new Map()));
    byId.set(w.id, w);
  }

  release() {
    if (this.done) return;
    this.done = true;
    this.snapshot.done();
  }

  readInterval(lo, hi) {
    this.reads.intervals.push({ lo, hi });
  }

  /** The committed version of a document as of this snapshot. */
  committed(id) {
    return this.db.getDoc(id, this.snapshot);
  }

  get(id) {
    const table = this.db.tableOfId(id);
    if (table === null) return null;
    const byId = this.db.indexes.get(`${table}.by_id`);
    const key = encodeTuple(byId.prefix, [id]);
    this.readInterval(key, Buffer.concat([key, AFTER]));
    const doc = this.writes.has(id) ? this.writes.get(id).new : this.committed(id);
    if (doc) this.stats.docsRead += 1;
    return doc;
  }

  /**
   * Documents in an index range, merging this transaction's own writes.
   * Yields { key, doc, text? } in key order (`text`: the stored JSON of `doc`, when it comes
   * from the store); `onKey` reports progress for the read set.
   * @returns {Generator<{ key: Buffer, doc: any, text?: string }>}
   */
  *range(index, lo, hi, reverse) {
    // A read never leaves its own index (so never its table), whatever bounds it was given.
    const first = index.prefix;
    const past = Buffer.concat([index.prefix, AFTER]);
    if (Buffer.compare(lo, first) < 0) lo = first;
    if (Buffer.compare(hi, past) > 0) hi = past;
    if (Buffer.compare(lo, hi) >= 0) return;
    // A mutation writing thousands of documents reads ranges between its writes (a serial's
    // uniqueness check per insert): its writes' keys in this index are kept sorted.
    const { keys, docs } = this.writtenIn(index);
    const pending = [];
    for (let i = lowerBound(keys, lo); i < keys.length && Buffer.compare(keys[i], hi) < 0; i++) pending.push({ key: keys[i], doc: docs[i] });
    if (reverse) pending.reverse();
    let p = 0;
    for (const { key: at, value: id } of this.db.scan(lo, hi, reverse, this.snapshot)) {
      const key = /** @type {Buffer} */ (at);
      if (this.writes.has(id)) continue;
      while (p < pending.length && (reverse ? Buffer.compare(pending[p].key, key) > 0 : Buffer.compare(pending[p].key, key) < 0)) yield pending[p++];
      const text = this.db.getText(id, this.snapshot);
      if (text !== undefined) yield new StoredEntry(this.db, key, text);
    }
    while (p < pending.length) yield pending[p++];
  }

  /** This transaction's written documents' keys in `index`, sorted (see `sortedWrites`). */
  writtenIn(index) {
    let byIndex = this.sortedWrites.get(index.table);
    if (byIndex === undefined) this.sortedWrites.set(index.table, (byIndex = new Map()));
    let sorted = byIndex.get(index);
    if (sorted === undefined) {
      const entries = [];
      for (const w of this.writesByTable.get(index.table)?.values() ?? []) if (w.new) entries.push({ key: pendingKey(index, w.new), doc: w.new });
      entries.sort((a, b) => Buffer.compare(a.key, b.key));
      byIndex.set(index, (sorted = { keys: entries.map((e) => e.key), docs: entries.map((e) => e.doc) }));
    }
    return sorted;
  }

  /**
   * Starts a sub-transaction (ctx.runMutation from a mutation, as Convex's
   * `begin_subtransaction`): until it ends, each write records what it replaced,
   * so `rollbackSub` can undo the callee's writes alone and the caller goes on.
   */
  beginSub() {
    this.undo ??= [];
    this.subDepth = (this.subDepth ?? 0) + 1;
    return { mark: this.undo.length, afterCommit: this.afterCommit.length, stats: { ...this.stats } };
  }

  /** Keeps the sub-transaction's writes (an enclosing one may still undo them). */
  commitSub() {
    if (--this.subDepth === 0) this.undo = null;
  }

  /** Discards the sub-transaction's writes, the work they queued after commit and their count toward the limits; reads stay in the read set. */
  rollbackSub(token) {
    while (this.undo.length > token.mark) {
      const { id, table, prior } = this.undo.pop();
      const byId = this.writesByTable.get(table);
      // Made again at the next range read.
      this.sortedWrites.delete(table);
      if (prior === undefined) {
        this.writes.delete(id);
        byId.delete(id);
      } else {
        this.writes.set(id, prior);
        byId.set(id, prior);
      }
    }
    this.afterCommit.length = token.afterCommit;
    this.stats = { ...token.stats, docsRead: this.stats.docsRead, bytesRead: this.stats.bytesRead };
    this.commitSub();
  }

  /**
   * Takes over a transaction a worker ran on its own snapshot (worker-tx.mjs `outcome`): that
   * snapshot's timestamp, its read set and its writes (each with the committed document it
   * replaces, as of that snapshot), so the commit validates and writes them as if they had been
   * made here. The worker's snapshot is never older than this one's (it was taken later), so
   * the commits it must be validated against are still in the committer's log.
   * `reading`: this thread serves the rest of the run, so its reads move to a snapshot at least
   * as new as the worker's. Reads from two snapshots are safe: the commit is validated against
   * every commit after `beginTs`, the older, so whatever the run read that changed in between
   * is a conflict.
   * @param {{ beginTs: bigint, reads: ReadSet, writes: { id: string, table: string, old: any, new: any }[], stats: Transaction["stats"], asOf?: bigint, overlaid?: Iterable<string> }} ran
   * `asOf`, `overlaid`: a query's, when it read accepted commits laid over its snapshot (`overlay`)
   * @param {boolean} [reading]
   */
  adopt({ beginTs, reads, writes, stats, asOf = beginTs, overlaid = [] }, reading = false) {
    if (beginTs < this.beginTs || this.writes.size > 0) throw new Error("A worker's transaction is older than the one it replaces");
    if (reading) {
      const newer = this.db.snapshotSince(beginTs);
      this.snapshot.done();
      this.snapshot = newer;
    }
    this.beginTs = beginTs;
    this.asOf = asOf;
    for (const table of overlaid) this.overlaid.add(table);
    this.reads = reads;
    for (const w of writes) this.setWrite(w);
    this.stats = stats;
  }

  /** `fresh`: the id was just made (an insert), so no committed document has it. */
  write(id, table, doc, fresh = false) {
    if (!this.writable) throw new Error("A query cannot write to the database");
    const prior = this.writes.get(id);
    this.undo?.push({ id, table, prior });
    const old = prior ? prior.old : fresh ? null : this.committed(id);
    this.setWrite({ id, table, old, new: doc });
    if (doc !== null) this.onWrite?.(table, doc);
  }

  /** The changes to commit, each with the index keys it moves. */
  changes() {
    const out = [];
    for (const w of this.writes.values()) {
      if (w.old === null && w.new === null) continue;
      out.push({ ...w, keys: changeKeys(this.db, w) });
    }
    return out;
  }
}

/** A read snapshot kept open after a commit: the database exactly as of `ts`. */
/** @typedef {{ ts: bigint, snapshot: any, takenAt: number }} RetainedSnapshot */

// How long a snapshot stays readable after a newer one replaced it: Convex keeps its in-memory
// snapshots for MAX_TRANSACTION_WINDOW (10 s, crates/common/src/knobs.rs); a query at an older
// timestamp is out of retention (crates/database/src/snapshot_manager.rs `snapshot`).
const RETAIN_MS = 10_000;
// Each kept snapshot holds one of LMDB's reader slots (126 by default): commits keep one every
// SPACING_MS at most, and no more than MAX_RETAINED are kept however often /api/query_ts asks.
const SPACING_MS = 250;
const MAX_RETAINED = 48;
// Pending changes a live query's re-run reads through (past this it waits for the disk).
const MAX_OVERLAY = 2_000;

/**
 * Serializes commits: validates a transaction against the commits since its
 * snapshot, applies it, and keeps a short log for validation and live queries,
 * and the recent snapshots for queries at an earlier timestamp.
 */
export class Committer {
  /**
   * @param {import("./database.mjs").Database} db
   * @param {(changes: any[], ts: bigint) => void} onCommit
   * @param {{ retainMs?: number, onAccept?: (changes: any[], ts: bigint) => void }} [options]
   * `onAccept`: told of each commit once accepted, before it is durable (`onCommit` follows)
   */
  constructor(db, onCommit, { retainMs = RETAIN_MS, onAccept = () => {} } = {}) {
    this.db = db;
    this.onCommit = onCommit;
    this.onAccept = onAccept;
    /** { ts, changes } accepted and on their way to disk, oldest first. */
    this.pending = [];
    /** { ts, changes } newest last; trimmed to what open transactions may need. */
    this.log = [];
    this.open = new Set();
    this.retainMs = retainMs;
    /** @type {RetainedSnapshot[]} oldest first */
    this.retained = [];
    this.retain();
  }

  /**
   * @param {boolean} writable
   * @param {RetainedSnapshot | null} [at] a retained snapshot to read (a query at an earlier timestamp)
   * @param {{ pending?: boolean }} [options] `pending`: a query may read the accepted commits still being written
   */
  begin(writable, at = null, { pending = false } = {}) {
    const overlay = pending && !writable && !at ? this.overlay() : null;
    const tx = new Transaction(this.db, { writable, at, pending: overlay });
    if (writable) this.open.add(tx);
    return tx;
  }

  /**
   * The accepted commits still being written that a query may read through (a live query's
   * re-run, here or in a worker), if it shows its result only once they are durable (`tx.asOf`);
   * null when there are none or a large batch is among them (left to its durability).
   */
  overlay() {
    return this.pending.length > 0 && this.pendingChanges() <= MAX_OVERLAY ? this.pending : null;
  }

  /**
   * Keeps the latest snapshot when it is exactly the state at the last commit: no accepted
   * commit is still on its way to disk (a group commit's writes are visible before it is
   * durable). A snapshot goes once a newer one has been kept for the retention window.
   * `now`: keep one even if the last was kept less than SPACING_MS ago (a client asked for
   * the current timestamp to read at). Returns the newest kept snapshot.
   */
  retain(now = false) {
    const at = Date.now();
    const last = this.retained.at(-1);
    const exact = this.db.acceptedTs === this.db.lastTs;
    if (exact && last?.ts !== this.db.lastTs && (now || !last || at - last.takenAt >= SPACING_MS)) {
      this.retained.push({ ts: this.db.lastTs, snapshot: this.db.snapshot(), takenAt: at });
    }
    while (this.retained.length > MAX_RETAINED || (this.retained.length > 1 && at - this.retained[1].takenAt > this.retainMs)) {
      this.retained.shift().snapshot.done();
    }
    return this.retained.at(-1);
  }

  /** The newest retained snapshot taken at or before `ts`, or null when `ts` is older than all of them. */
  snapshotAt(ts) {
    this.retain();
    for (let i = this.retained.length - 1; i >= 0; i--) if (this.retained[i].ts <= ts) return this.retained[i];
    return null;
  }

  /** Lets every retained snapshot go (before the store closes). */
  releaseRetained() {
    for (const r of this.retained.splice(0)) r.snapshot.done();
  }

  pendingChanges() {
    let n = 0;
    for (const p of this.pending) n += p.changes.length;
    return n;
  }

  /** True when a commit after tx's snapshot wrote something tx read. */
  conflicts(tx) {
    for (let i = this.log.length - 1; i >= 0 && this.log[i].ts > tx.beginTs; i--) {
      if (touches(tx.reads, this.log[i].changes)) return true;
    }
    return false;
  }

  /**
   * Commits tx unless it conflicts; resolves with its ts once durable (null on
   * a conflict). Validation and acceptance are synchronous, so commits are
   * serializable; the disk write is grouped with concurrent commits.
   */
  async commit(tx) {
    if (this.conflicts(tx)) {
      this.finish(tx);
      return null;
    }
    const changes = tx.changes();
    if (changes.length === 0) {
      this.finish(tx);
      for (const fn of tx.afterCommit) fn(this.db.lastTs);
      return this.db.lastTs;
    }
    const ts = this.db.nextTs();
    // Logged before it is durable: transactions that began earlier validate against it.
    const entry = { ts, changes };
    this.log.push(entry);
    this.pending.push(entry);
    this.finish(tx);
    try {
      const written = this.db.commit(changes, ts);
      // Live queries start their re-runs while the disk syncs (they show results once it is done).
      this.onAccept(changes, ts);
      await written;
      this.pending.splice(this.pending.indexOf(entry), 1);
    } catch (e) {
      // Accepted (others validated against it) but not written: nothing consistent is left to serve.
      console.error(`[backend] Fatal: could not write a commit: ${e?.stack ?? e}`);
      process.exit(1);
    }
    this.retain();
    this.onCommit(changes, ts);
    for (const fn of tx.afterCommit) fn(ts);
    return ts;
  }

  finish(tx) {
    tx.release();
    this.open.delete(tx);
    // Keep every commit a still-open transaction (or a pending write) may need to validate against.
    let oldest = this.db.lastTs;
    for (const t of this.open) if (t.beginTs < oldest) oldest = t.beginTs;
    while (this.log.length > 0 && this.log[0].ts <= oldest) this.log.shift();
  }
}
