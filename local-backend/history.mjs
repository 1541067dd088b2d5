// The recent commits (with the index keys each moved), so a query asked to run at an
// earlier timestamp (ConvexHttpClient.consistentQuery, /api/query_at_ts) can be answered
// from the latest snapshot when nothing it read has changed since that timestamp, or from a
// kept snapshot (transaction.mjs Committer.retain) when nothing it read changed between the
// two; otherwise it is refused instead of answered with other data.
import { touches } from "./transaction.mjs";

const KEEP = 1000;

export class CommitHistory {
  constructor(keep = KEEP) {
    this.keep = keep;
    /** { ts, changes } oldest first. */
    this.commits = [];
    /** The newest commit no longer kept (0n: none dropped). */
    this.droppedTs = 0n;
  }

  record(changes, ts) {
    this.commits.push({ ts, changes });
    if (this.commits.length > this.keep) this.droppedTs = this.commits.shift().ts;
  }

  /** Whether a commit after `ts` (up to `until`) wrote what `reads` covers; null when the history no longer reaches back to `ts`. */
  changedSince(reads, ts, until) {
    if (this.droppedTs > ts) return null;
    for (let i = this.commits.length - 1; i >= 0 && this.commits[i].ts > ts; i--) {
      if (this.commits[i].ts <= until && touches(reads, this.commits[i].changes)) return true;
    }
    return false;
  }
}
