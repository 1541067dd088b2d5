// Live queries across all connected clients. A subscription is shared by
// every client that subscribed to the same function, arguments, identity and
// journal: it runs once, its result is serialised once, and it is indexed by
// the index numbers (and tables) its read set covers. A commit marks only the
// subscriptions whose read intervals it wrote; a flush re-runs those, and
// only the sessions holding one of them do any work (each waits for its own
// subscriptions, not for every session).
// A commit is known when it is accepted, before it is on disk: the queries it
// touched re-run then, reading it over the durable snapshot, while the disk
// syncs. Their results are held until it is durable (a client never sees what
// a crash could undo), then released to the sessions in the next flush.
// The app's queries run in a worker instead, on that worker's own snapshot of
// the latest durable commit (executor.mjs `inWorker`): a re-run there reads a
// lone commit under way laid over it, held the same way; with several under way
// it waits until they are durable, so it reads them all in one run.
// A result is shown at the commit it reflects (`asOf`) only once this thread
// knows that commit durable.
import { modificationBody, resultKey } from "./protocol.mjs";
import { touches } from "./transaction.mjs";

let serials = 0;

class Subscription {
  constructor(live, key, spec) {
    this.live = live;
    this.key = key;
    /** Names it in shared Transition texts (its key may be long). */
    this.serial = ++serials;
    /** Counts the results sessions have seen (a new one when the result changes). */
    this.version = 0;
    this.spec = spec;
    /** Sessions and their query ids for this subscription. */
    this.members = new Map();
    /** The result sessions see (from durable commits only). */
    this.result = null;
    this.resultKey = null;
    this.body = null;
    /** A newer result read through commits still being written: { result, asOf }. */
    this.held = null;
    /** The commit the newest result (held or not) reflects. */
    this.asOf = -1n;
    this.reads = null;
    this.indexed = [];
    this.running = null;
    /** { ts, changes } of commits that arrived while it ran (ts null, changes null: everything). */
    this.missed = null;
    this.stale = true;
    /** It read a whole table (search, count), which does not see commits still being written. */
    this.durableOnly = false;
  }

  /**
   * Runs the query (once, however many callers ask at the same time). `early`: it may read the
   * accepted commits still being written; its result is then held until they are durable.
   */
  run(early = false) {
    this.running ??= (async () => {
      this.missed = [];
      this.stale = false;
      this.live.runningSubs.add(this);
      const { udfPath, args, identity, journal, internal = false, component = "" } = this.spec;
      const inWorker = this.live.readsInWorker(udfPath, component);
      // In a worker, a re-run reads through one commit under way (a client's own write, while the
      // disk syncs); with several under way (a busy server) it waits until they are durable and
      // reads them all in one run, as does a whole-table read (search, count), which does not see
      // commits laid over a snapshot.
      const pending = early && !this.durableOnly && (!inWorker || this.live.underWay.size <= 1);
      if (early && inWorker && !pending) await this.live.durable();
      const result = await this.live.call({ kind: "query", path: udfPath, args, identity, journal, internal, component, pending, inWorker });
      this.live.runningSubs.delete(this);
      const missed = this.missed;
      this.missed = null;
      this.running = null;
      const asOf = result.asOf ?? this.live.lastTs;
      if (result.overlaid?.size > 0 && [...(result.reads?.tables ?? [])].some((t) => result.overlaid.has(t))) {
        // Its whole-table reads missed the commits being written: run again on durable data.
        this.durableOnly = true;
        this.live.markStale(this);
        this.live.schedule();
        return this;
      }
      this.asOf = asOf;
      // A snapshot holds durable data only (a commit is visible once on disk), maybe a commit this
      // thread is not yet told of (a worker's snapshot): it is shown once this thread knows it.
      if (asOf <= this.live.lastTs) this.release(result);
      else {
        this.held = { result, asOf };
        this.live.held.add(this);
      }
      this.live.reindex(this, result.reads);
      if (result.journal && result.journal !== this.spec.journal) this.live.rekey(this, result.journal);
      // Commits that landed while it ran (and that it did not read through) may have touched what it read.
      if (missed.some(({ ts, changes }) => changes === null || (ts > asOf && result.reads && touches(result.reads, changes)))) {
        this.live.markStale(this);
        this.live.schedule();
      }
      return this;
    })();
    return this.running;
  }

  /** Makes `result` the one sessions see; a held, older one is dropped. */
  release(result) {
    if (this.held) {
      this.held = null;
      this.live.held.delete(this);
    }
    const key = resultKey(result);
    if (key !== this.resultKey) {
      this.result = result;
      this.resultKey = key;
      this.body = modificationBody(result);
      this.version += 1;
    }
  }
}

/** How many leading bytes `lo` and `hi` share: every key between them starts with those. */
function commonPrefix(lo, hi) {
  const n = Math.min(lo.length, hi.length);
  let i = 0;
  while (i < n && lo[i] === hi[i]) i++;
  return i;
}

export class Live {
  /**
   * @param {{ call: (req: import("./executor.mjs").CallRequest) => Promise<import("./executor.mjs").CallResult>, lastTs: bigint,
   *   readsInWorker?: (udfPath: string, component: string) => boolean }} opts
   * `call` runs the subscriptions' queries (the deployment's functions and its `_system/` ones);
   * `readsInWorker`: whether a query runs in a worker on its own snapshot (`CallRequest.inWorker`).
   */
  constructor({ call, lastTs, readsInWorker = () => false }) {
    this.call = call;
    this.readsInWorker = readsInWorker;
    this.sessions = new Set();
    this.lastTs = lastTs;
    /** The newest accepted commit (maybe still being written). */
    this.acceptedTs = lastTs;
    /** Timestamps of the accepted commits not yet durable. */
    this.underWay = new Set();
    /** Runs waiting until the commits accepted before them are durable: { ts, resolve }. */
    this.durableWaits = [];
    /** key -> Subscription */
    this.subs = new Map();
    /**
     * index number -> { buckets: prefix -> Set<Subscription>, lengths: prefix length -> buckets }:
     * each read interval is filed under the bytes every key in it starts with (the common prefix
     * of its bounds), so a commit's key finds its readers with one lookup per prefix length in
     * use in its index, not by checking everyone reading the index (a channel's subscribers, not
     * every channel's). `wide`: intervals across indexes; table -> Set<Subscription>.
     */
    this.byPrefix = new Map();
    this.wide = new Set();
    this.byTable = new Map();
    this.dirty = new Set();
    /** Subscriptions running now, and those holding a result until its commit is durable. */
    this.runningSubs = new Set();
    this.held = new Set();
    /** Sessions owed a Transition at or past a mutation's ts. */
    this.waiting = new Set();
    this.scheduled = false;
    this.flushing = null;
    /** Moves shared by the sessions a flush brings to the same state (cleared each flush). */
    this.moves = new Map();
    /** @type {{ ts: bigint, text: string } | null} */
    this.tsKey = null;
  }

  /**
   * The move (Transition text and end version) for `key`: every session moving from the same
   * version to the same one with the same results has the same key, and shares one move, built
   * once and encoded once.
   * @param {string} key
   * @param {() => { text: string | Buffer, version: { querySet: number, identity: number, ts: bigint } }} build
   */
  sharedMove(key, build) {
    let move = this.moves.get(key);
    if (move === undefined) {
      move = build();
      move.text = Buffer.from(move.text);
      this.moves.set(key, move);
    }
    return move;
  }

  /** `lastTs` as text (for shared moves' keys), converted once per commit. */
  lastTsKey() {
    if (this.tsKey?.ts !== this.lastTs) this.tsKey = { ts: this.lastTs, text: String(this.lastTs) };
    return this.tsKey.text;
  }

  static key(udfPath, argsKey, identityKey, journal) {
    return `${udfPath}\u0000${argsKey}\u0000${identityKey}\u0000${journal ?? ""}`;
  }

  /** Adds a session's query to its shared subscription; resolves once the subscription has a result. */
  async subscribe(session, queryId, spec) {
    const key = Live.key(spec.udfPath, spec.argsKey, spec.identityKey, spec.journal);
    let sub = this.subs.get(key);
    if (!sub) {
      sub = new Subscription(this, key, spec);
      this.subs.set(key, sub);
    }
    sub.members.set(session, (sub.members.get(session) ?? new Set()).add(queryId));
    if (sub.result === null || sub.stale) await sub.run();
    else if (sub.running) await sub.running;
    return sub;
  }

  unsubscribe(session, queryId, sub) {
    const ids = sub.members.get(session);
    ids?.delete(queryId);
    if (ids?.size === 0) sub.members.delete(session);
    if (sub.members.size === 0) {
      if (this.subs.get(sub.key) === sub) this.subs.delete(sub.key);
      this.unindex(sub);
      this.dirty.delete(sub);
      this.held.delete(sub);
    }
  }

  reindex(sub, reads) {
    this.unindex(sub);
    if (!reads || sub.members.size === 0) return;
    sub.reads = reads;
    for (const { lo, hi } of reads.intervals) {
      const length = commonPrefix(lo, hi);
      if (length < 4) {
        this.wide.add(sub);
        sub.indexed.push({ set: this.wide });
        continue;
      }
      const index = lo.readUInt32BE(0);
      let entry = this.byPrefix.get(index);
      if (!entry) this.byPrefix.set(index, (entry = { buckets: new Map(), lengths: new Map() }));
      const prefix = lo.toString("latin1", 0, length);
      let set = entry.buckets.get(prefix);
      if (!set) {
        entry.buckets.set(prefix, (set = new Set()));
        entry.lengths.set(length, (entry.lengths.get(length) ?? 0) + 1);
      }
      if (set.has(sub)) continue;
      set.add(sub);
      sub.indexed.push({ set, index, entry, prefix, length });
    }
    for (const table of reads.tables) {
      let set = this.byTable.get(table);
      if (!set) this.byTable.set(table, (set = new Set()));
      set.add(sub);
      sub.indexed.push({ set, table });
    }
  }

  unindex(sub) {
    for (const { set, index, entry, prefix, length, table } of sub.indexed) {
      set.delete(sub);
      if (set.size > 0) continue;
      if (table !== undefined) this.byTable.delete(table);
      else if (entry !== undefined) {
        entry.buckets.delete(prefix);
        const n = entry.lengths.get(length) - 1;
        if (n > 0) entry.lengths.set(length, n);
        else entry.lengths.delete(length);
        if (entry.buckets.size === 0 && this.byPrefix.get(index) === entry) this.byPrefix.delete(index);
      }
    }
    sub.indexed = [];
  }

  /** A paginated subscription pinned its end: it is now keyed by its journal. */
  rekey(sub, journal) {
    if (this.subs.get(sub.key) === sub) this.subs.delete(sub.key);
    sub.spec = { ...sub.spec, journal };
    sub.key = Live.key(sub.spec.udfPath, sub.spec.argsKey, sub.spec.identityKey, journal);
    if (!this.subs.has(sub.key)) this.subs.set(sub.key, sub);
  }

  /** The subscriptions `keep` accepts whose read set `changes` wrote. */
  touched(changes, keep) {
    const candidates = new Set(this.wide);
    for (const c of changes) {
      for (const sub of this.byTable.get(c.table) ?? []) candidates.add(sub);
      for (const key of c.keys) {
        const entry = this.byPrefix.get(key.readUInt32BE(0));
        if (!entry) continue;
        for (const length of entry.lengths.keys()) {
          if (key.length < length) continue;
          for (const sub of entry.buckets.get(key.toString("latin1", 0, length)) ?? []) candidates.add(sub);
        }
      }
    }
    const out = [];
    for (const sub of candidates) if (keep(sub) && touches(sub.reads, changes)) out.push(sub);
    return out;
  }

  /** A commit was accepted and is being written: what it touched re-runs now (held until durable). */
  onAccept(changes, ts) {
    if (ts > this.acceptedTs) this.acceptedTs = ts;
    this.underWay.add(ts);
    for (const sub of this.touched(changes, (s) => !s.running && !s.stale && !s.durableOnly)) this.markStale(sub);
    for (const sub of this.runningSubs) sub.missed?.push({ ts, changes });
    this.schedule();
  }

  /**
   * A commit is durable: held results up to it are released now (their sessions are refreshed by
   * the next flush, or sooner by a session answering its own mutation); what it touched and did
   * not re-run yet does.
   */
  onCommit(changes, ts) {
    if (ts > this.lastTs) this.lastTs = ts;
    for (const t of this.underWay) if (t <= ts) this.underWay.delete(t);
    if (this.durableWaits.length > 0) {
      const waits = this.durableWaits;
      this.durableWaits = [];
      for (const wait of waits) {
        if (wait.ts <= this.lastTs) wait.resolve();
        else this.durableWaits.push(wait);
      }
    }
    for (const sub of this.touched(changes, (s) => !s.running && !s.stale && s.asOf < ts)) this.markStale(sub);
    for (const sub of this.runningSubs) sub.missed?.push({ ts, changes });
    this.releaseDurable();
    this.schedule();
  }

  /** Releases the held results whose commits are all durable; their sessions are owed a refresh. */
  releaseDurable() {
    for (const sub of this.held) {
      if (sub.held.asOf > this.lastTs) continue;
      sub.release(sub.held.result);
      for (const session of sub.members.keys()) this.waiting.add(session);
    }
  }

  /** Settles once every commit accepted so far is durable (at once when they are). */
  durable() {
    const ts = this.acceptedTs;
    if (ts <= this.lastTs) return Promise.resolve();
    return new Promise((resolve) => this.durableWaits.push({ ts, resolve }));
  }

  markStale(sub) {
    sub.stale = true;
    this.dirty.add(sub);
  }

  /** Code was reloaded: every query is out of date. */
  invalidateAll() {
    for (const sub of this.subs.values()) {
      sub.missed?.push({ ts: null, changes: null });
      this.markStale(sub);
    }
    this.schedule();
  }

  /** A session acknowledged a mutation at `ts` and needs a Transition that reaches it. */
  owe(session) {
    this.waiting.add(session);
    this.schedule();
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const flush = this.flush().catch((e) => console.error("[backend] live query flush failed", e));
      this.flushing = flush;
      void flush.finally(() => {
        if (this.flushing === flush) this.flushing = null;
      });
    });
  }

  async flush() {
    this.moves.clear();
    const subs = [...this.dirty].filter((sub) => sub.members.size > 0);
    this.dirty.clear();
    this.releaseDurable();
    // Sessions owed a refresh that none of these re-runs concerns (a released result's readers:
    // all 500 of a shared query's) are sent theirs first, at once, before any re-run starts.
    const rerun = new Set();
    for (const sub of subs) for (const session of sub.members.keys()) rerun.add(session);
    const done = [];
    for (const session of this.waiting) if (!rerun.has(session)) done.push(session.refresh());
    this.waiting.clear();
    const bySession = new Map();
    for (const sub of subs) {
      const run = sub.run(true);
      for (const session of sub.members.keys()) {
        if (!bySession.has(session)) bySession.set(session, []);
        bySession.get(session).push(run);
      }
    }
    // Each session goes on as soon as its own subscriptions are done; one with nothing to send yet
    // (a result held until its commit is durable) is not even queued: the flush that releases the
    // result refreshes it. Sessions waiting for the same single run (a shared query's readers)
    // wait on it together.
    const byRun = new Map();
    for (const [session, runs] of bySession) {
      if (runs.length > 1) done.push(Promise.all(runs).then(() => session.refreshIfReady()));
      else if (byRun.has(runs[0])) byRun.get(runs[0]).push(session);
      else byRun.set(runs[0], [session]);
    }
    for (const [run, sessions] of byRun) {
      // A result held until its commit is durable: none of its readers has anything to send yet.
      done.push(run.then((sub) => (sub.held ? undefined : Promise.all(sessions.map((s) => s.refreshIfReady())))));
    }
    await Promise.all(done);
    // Every session of this flush has sent its Transition: its texts are not kept for later.
    this.moves.clear();
    if (this.dirty.size > 0) this.schedule();
  }
}
