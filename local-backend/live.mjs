// Live queries across all connected clients. Every commit is logged with the
// index keys it moved; a flush re-runs only the subscribed queries whose
// read set the commits touched (once per query, args and identity) and lets
// each session push one Transition with what changed.
import { touches } from "./transaction.mjs";

export class Live {
  /** @param {{ host: () => any, lastTs: bigint }} opts */
  constructor({ host, lastTs }) {
    this.host = host;
    this.sessions = new Set();
    this.commits = [];
    this.seq = 0;
    this.lastTs = lastTs;
    this.scheduled = false;
    this.flushing = null;
    this.dirty = false;
  }

  onCommit(changes, ts) {
    this.seq += 1;
    if (ts > this.lastTs) this.lastTs = ts;
    this.commits.push({ seq: this.seq, changes });
    this.schedule();
  }

  /** Code was reloaded: every query is out of date. */
  invalidateAll() {
    this.seq += 1;
    this.commits.push({ seq: this.seq, changes: null });
    this.schedule();
  }

  schedule() {
    if (this.flushing) {
      this.dirty = true;
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush()
        .catch((e) => console.error("[backend] live query flush failed", e))
        .finally(() => {
          this.flushing = null;
        });
    });
  }

  async flush() {
    do {
      this.dirty = false;
      const upTo = this.seq;
      const ts = this.lastTs;
      const cache = new Map();
      await Promise.all([...this.sessions].map((s) => s.refresh(upTo, ts, cache)));
      this.trim();
    } while (this.dirty);
  }

  /** True when a query that read `reads` as of `asOf` may differ as of `upTo`. */
  isStale(reads, asOf, upTo) {
    if (asOf >= upTo) return false;
    if (this.commits.length === 0 || this.commits[0].seq > asOf + 1) return true;
    for (const commit of this.commits) {
      if (commit.seq <= asOf) continue;
      if (commit.seq > upTo) break;
      if (commit.changes === null || touches(reads, commit.changes)) return true;
    }
    return false;
  }

  /**
   * Runs a query once per flush for identical (path, args, identity).
   * @returns {Promise<{ result: any, asOf: number }>}
   */
  runQuery({ udfPath, args, argsKey, journal }, identity, identityKey, cache) {
    const key = `${udfPath}\u0000${argsKey}\u0000${identityKey}\u0000${journal}`;
    let pending = cache?.get(key);
    if (!pending) {
      const asOf = this.seq;
      pending = this.host().call({ kind: "query", path: udfPath, args, identity, journal }).then((result) => ({ result, asOf }));
      cache?.set(key, pending);
    }
    return pending;
  }

  trim() {
    let min = this.seq;
    for (const s of this.sessions) min = Math.min(min, s.oldestAsOf());
    while (this.commits.length > 0 && this.commits[0].seq <= min) this.commits.shift();
  }
}
