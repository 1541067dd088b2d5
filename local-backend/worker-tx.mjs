// A mutation's transaction run in the worker that runs the mutation (and a query's, which only
// reads: a client's, a live query's re-run, an action's): the worker reads its own
// LMDB snapshot (the same file, opened in this thread), buffers the writes (its reads see them)
// and records its read set with the same code the main thread uses (transaction.mjs, query.mjs,
// syscalls.mjs), so each database call costs no hop between threads. When the function ends, its
// snapshot's timestamp, read set and writes go to the main thread, which validates them against
// the commits since that snapshot and commits them exactly as for a transaction run there
// (executor.mjs `runCall`, `Transaction.adopt`); a conflict runs the function again. A query's
// snapshot timestamp is the commit its result reflects (live.mjs shows it at that commit). A page
// of a paginated query is served here too, its cursors and journal sealed with the deployment's
// key (the query-and-mutation workers are given it). At a call the worker cannot serve itself
// (nested runQuery/runMutation, components, the scheduler, storage) the transaction is handed to the main thread,
// which serves the rest of the run as it serves any function in a worker (`handOff`): its
// snapshot timestamp, read set and writes so far become the main thread's transaction's. That
// needs no query stream open in the worker (its cursor is here); when one is, or a query names a
// table that has no number yet, the run is abandoned instead, having written nothing anywhere:
// the function runs again from the start with the main thread serving its syscalls, as a
// conflict would run it again, and keeps doing so from then on. The
// abandoned run's calls throw from then on (it is not left hanging: a lock the app's code holds,
// such as convex-helpers' triggers' module-wide write lock, is released as it unwinds), and
// whatever it ends with is dropped.
import { cursorCodec } from "./cursors.mjs";
import { NeedsMainThread, SnapshotReader, decodeWritten, encodeDoc, storedText } from "./database.mjs";
import { asyncAnswer, syncOp } from "./syscalls.mjs";
import { Transaction } from "./transaction.mjs";

/** Asynchronous syscalls served here; any other sends the function to the main thread. */
const LOCAL_ASYNC = new Set([
  "1.0/get",
  "1.0/insert",
  "1.0/shallowMerge",
  "1.0/replace",
  "1.0/remove",
  "1.0/queryStreamNext",
  "1.0/queryPage",
  "1.0/count",
  "1.0/getUserIdentity",
  "1.0/getFunctionMetadata",
  "1.0/getTransactionMetrics",
  "1.0/getDeploymentMetadata",
  "1.0/getRequestMetadata",
]);

const MOVED = "This function execution was moved to the main thread.";
/**
 * Written documents go to the main thread in groups of this many while the function runs, as their
 * stored texts, so it decodes them and computes their index keys meanwhile (on a core the run
 * leaves idle) instead of after the run; the outcome then names them.
 */
const PREWRITE_GROUP = 64;

/**
 * What one worker needs to run transactions: the data file, and the schema's document validators
 * and staged indexes (as the host has them when the worker starts; a push starts new workers).
 */
export class LocalTransactions {
  /**
   * @param {{ dataFile: string, validators: [string, any][], staged: string[], cursorSecret?: Uint8Array | null }} init
   * `cursorSecret`: the deployment's (`cursorCodec`), to seal and open a paginated query's cursors
   * here; without it a page is the main thread's to serve.
   */
  constructor({ dataFile, validators, staged, cursorSecret = null }) {
    this.dataFile = dataFile;
    this.cursors = cursorSecret ? cursorCodec(Buffer.from(cursorSecret)) : null;
    this.validators = new Map(validators);
    this.staged = new Set(staged);
    /** @type {SnapshotReader | null} opened by `open` (a worker that runs transactions, at its start) or the first transaction */
    this.reader = null;
  }

  /**
   * Opens the store and reads a first snapshot with the main thread's catalog, as the worker
   * starts (before it reports ready): its first transaction then begins as any later one does,
   * without opening the environment and its databases first.
   * @param {ReturnType<import("./database.mjs").Database["catalogState"]>} catalog
   */
  open(catalog) {
    this.reader ??= new SnapshotReader(this.dataFile);
    this.reader.setCatalog(catalog);
    this.reader.snapshot().done();
  }

  /**
   * A new execution over a fresh snapshot, or null when the snapshot is older than `minTs` (the
   * main thread's transaction for this run; it never is, as commits are durable before they count).
   * @param {{ minTs: bigint, creationFloor: number, catalog?: any, identity: any, journal?: { endCursor: string } | null, recordJournal?: boolean, pending?: { ts: bigint, changes: any[] }[] | null }} local
   * `journal`: where a paginated query's page ends (its client's, opened); `recordJournal`: the
   * page's end goes back with the outcome (a client's query); `pending`: accepted commits a query
   * reads through (a live query's re-run), oldest first.
   * @param {{ kind: "query" | "mutation", requestId: string, udfPath: string, abandon: () => void, handOff: (tx: any) => void, prewrite?: (items: any[]) => void }} run
   * `prewrite`: sends a group of written documents ahead of the outcome (`PREWRITE_GROUP`)
   */
  begin({ minTs, creationFloor, catalog, identity, journal = null, recordJournal = false, pending = null }, { kind, requestId, udfPath, abandon, handOff, prewrite }) {
    this.reader ??= new SnapshotReader(this.dataFile);
    const reader = this.reader;
    if (catalog) reader.setCatalog(catalog);
    if (creationFloor > reader.lastCreationTime) reader.lastCreationTime = creationFloor;
    const tx = new Transaction(/** @type {any} */ (reader), { writable: kind === "mutation" });
    if (tx.beginTs < minTs) {
      tx.release();
      return null;
    }
    // Accepted commits still being written (a live query's re-run): those the snapshot does not
    // hold yet, in order. It holds every commit up to its own timestamp (they are written in
    // order), and laying an older one over a newer write of the same document would undo it.
    if (pending && kind === "query") tx.overlay(pending.filter((p) => p.ts > tx.beginTs));
    const server = {
      db: reader,
      documentValidator: (table) => this.validators.get(table) ?? null,
      isStagedIndex: (name) => this.staged.has(name),
      cursors: this.cursors,
    };
    const exec = { server, componentPath: "", kind, udfPath, identity, tx, requestId, streams: new Map(), nextQueryId: 0, journal, recordJournal, journalOut: null, abandon, handOff, abandoned: false, handedOff: false, needsMain: false, sent: new Map(), nextSent: 0, unsent: [] };
    if (prewrite) {
      tx.onWrite = (table, doc) => {
        exec.unsent.push({ table, doc });
        if (exec.unsent.length >= PREWRITE_GROUP) this.sendWritten(exec, prewrite);
      };
    }
    return exec;
  }

  /**
   * Sends the documents written since the last group as their stored texts (`decodeWritten` on
   * the main thread), each numbered (`sent`) for the outcome to name.
   */
  sendWritten(exec, prewrite) {
    const items = exec.unsent.map(({ table, doc }) => {
      const seq = exec.nextSent++;
      exec.sent.set(doc, seq);
      return { seq, table, text: writtenText(doc) };
    });
    exec.unsent = [];
    prewrite(items);
  }

  /** A synchronous syscall (a query stream's start or end, an id's normalisation, the snapshot's timestamp). */
  syscall(exec, op, json) {
    if (exec.abandoned) throw new Error(MOVED);
    try {
      return JSON.stringify(syncOp(exec, op, JSON.parse(json)));
    } catch (e) {
      // As the main thread answers a failed one (actions.mjs `answerSync`): the message only.
      if (!(e instanceof NeedsMainThread)) throw new Error(e?.message ?? String(e), { cause: e });
      // A stream over a table that has no number yet: the stream's first read moves the run.
      exec.needsMain = true;
      return JSON.stringify({ queryId: -1 });
    }
  }

  /** An asynchronous syscall: served here, or the run is abandoned. */
  async asyncSyscall(exec, op, json) {
    if (!this.serves(exec, op)) return this.abandon(exec);
    try {
      return await asyncAnswer(exec, op, json);
    } catch (e) {
      if (e instanceof NeedsMainThread) return this.abandon(exec);
      // As the main thread answers a failed call (actions.mjs `answerAwaited`).
      throw Object.assign(new Error(e?.message ?? String(e)), e?.data !== undefined ? { data: e.data } : {});
    }
  }

  /** True when `op` is served here for this run. */
  serves(exec, op) {
    return !exec.abandoned && !exec.needsMain && LOCAL_ASYNC.has(op) && (op !== "1.0/queryPage" || this.cursors !== null);
  }

  /**
   * Hands the transaction to the main thread (`run.handOff` posts it), which serves the run's
   * calls from then on; false when a query stream is still open here.
   */
  handOff(exec) {
    // A query's reads must all come from one snapshot (nothing validates them at a commit).
    if (exec.abandoned || exec.needsMain || exec.kind === "query") return false;
    for (const stream of exec.streams.values()) if (!stream.closed) return false;
    exec.handedOff = true;
    exec.handOff(this.outcome(exec));
    return true;
  }

  /** Storage and other JS syscalls are the main thread's. */
  jsSyscall(exec) {
    return this.abandon(exec);
  }

  abandon(exec) {
    this.moveToMain(exec);
    return Promise.reject(new Error(MOVED));
  }

  /** Drops the run and tells the main thread to run the function itself (once). */
  moveToMain(exec) {
    if (exec.abandoned) return;
    exec.abandoned = true;
    this.end(exec);
    exec.abandon();
  }

  /**
   * What the function did, for the main thread to validate and commit (`Transaction.adopt`), or
   * null when it must run there. Every open stream is closed first: a stream records the range
   * it read when it closes.
   */
  outcome(exec) {
    if (exec.needsMain) return null;
    const { tx } = exec;
    this.end(exec);
    tx.onWrite = null;
    // A query's writes are only the accepted commits it read through (`asOf`, `overlaid`): none go
    // back. A document already sent is named by its number; the others go as their stored text,
    // made here for the write's size check (the commit writes it as it is).
    const writes = (exec.kind === "mutation" ? [...tx.writes.values()] : []).map((w) => {
      if (!w.new) return w;
      const seq = exec.sent.get(w.new);
      return seq === undefined ? { id: w.id, table: w.table, old: w.old, new: null, text: writtenText(w.new) } : { id: w.id, table: w.table, old: w.old, new: null, sent: seq };
    });
    return { beginTs: tx.beginTs, asOf: tx.asOf, overlaid: [...tx.overlaid], reads: packReads(tx.reads), writes, stats: tx.stats, lastCreationTime: this.reader?.lastCreationTime ?? 0, journalOut: exec.journalOut };
  }

  /** Closes the run's streams and lets its snapshot go. */
  end(exec) {
    for (const stream of exec.streams.values()) stream.close();
    exec.streams.clear();
    exec.tx.release();
  }

  close() {
    const reader = this.reader;
    this.reader = null;
    return reader?.close();
  }
}

/** A written document's stored text: the one its write's size check made, if it made one. */
const writtenText = (doc) => storedText(doc) ?? encodeDoc(doc);

/**
 * A read set as one buffer of its interval bounds (lo, hi, lo, hi…) and their lengths: a Buffer
 * is a view of a shared 8 KiB pool, which a message would copy whole for each of thousands.
 */
function packReads({ intervals, tables }) {
  let size = 0;
  for (const { lo, hi } of intervals) size += lo.length + hi.length;
  const bytes = Buffer.allocUnsafeSlow(size);
  const lengths = new Uint32Array(intervals.length * 2);
  let at = 0;
  intervals.forEach(({ lo, hi }, i) => {
    at += lo.copy(bytes, at);
    at += hi.copy(bytes, at);
    lengths[2 * i] = lo.length;
    lengths[2 * i + 1] = hi.length;
  });
  return { bytes, lengths, tables };
}

/**
 * A worker's outcome (`outcome`) as the main thread's transaction adopts it (`Transaction.adopt`):
 * its read set unpacked, and its written documents decoded from their stored texts, those sent
 * ahead (`sendWritten`) taken from `sent` by their numbers.
 * @param {ReturnType<LocalTransactions["outcome"]> & {}} ran
 * @param {Map<number, any>} [sent] the documents sent ahead, decoded, by number
 */
export function received(ran, sent = new Map()) {
  const writes = ran.writes.map((w) => {
    if ("sent" in w) return { id: w.id, table: w.table, old: w.old, new: sent.get(w.sent) };
    return "text" in w ? { id: w.id, table: w.table, old: w.old, new: decodeWritten(w.text) } : w;
  });
  return { beginTs: ran.beginTs, reads: unpackReads(ran.reads), writes, stats: ran.stats, asOf: ran.asOf, overlaid: ran.overlaid };
}

/**
 * The read set `packReads` packed, on the main thread.
 * @returns {import("./transaction.mjs").ReadSet}
 */
function unpackReads({ bytes, lengths, tables }) {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const intervals = [];
  let at = 0;
  for (let i = 0; i < lengths.length; i += 2) {
    const lo = all.subarray(at, (at += lengths[i]));
    const hi = all.subarray(at, (at += lengths[i + 1]));
    intervals.push({ lo, hi });
  }
  return { intervals, tables };
}
