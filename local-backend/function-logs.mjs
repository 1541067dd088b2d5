// The function log stream `npx convex logs` polls (/api/stream_function_logs):
// one entry per finished top-level function run, as Convex's log entries
// (convex/dist/esm/cli/lib/logs.js reads kind, identifier, udfType,
// timestamp and executionTime in seconds, logLines, error). Kept in memory,
// the newest entries only.
const KEEP = 10_000;
const UDF_TYPES = { query: "Query", mutation: "Mutation", action: "Action" };

export class FunctionLogs {
  constructor() {
    this.entries = [];
    this.waiters = new Set();
  }

  /** @param {{ kind: string, path: string, component: string, requestId: string, startedAt: number, error: string | null, logLines: string[] }} c */
  record(c) {
    const now = Date.now();
    const last = this.entries.at(-1)?.cursor ?? 0;
    this.entries.push({
      cursor: Math.max(now, last + 1),
      entry: {
        kind: "Completion",
        identifier: c.path,
        ...(c.component ? { componentPath: c.component } : {}),
        udfType: UDF_TYPES[c.kind] ?? "Action",
        requestId: c.requestId,
        timestamp: c.startedAt / 1000,
        executionTime: (now - c.startedAt) / 1000,
        logLines: [...c.logLines],
        error: c.error,
      },
    });
    // Trimmed in chunks, so a busy backend does not shift 10,000 entries on every call.
    if (this.entries.length > KEEP * 1.5) this.entries.splice(0, this.entries.length - KEEP);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /**
   * Entries after `cursor`; waits up to `waitMs` for one when there are none yet.
   * @returns {Promise<{ entries: any[], newCursor: number }>}
   */
  async after(cursor, waitMs) {
    const pick = () => this.entries.filter((e) => e.cursor > cursor);
    let found = pick();
    if (found.length === 0 && waitMs > 0) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      found = pick();
    }
    return { entries: found.map((e) => e.entry), newCursor: found.at(-1)?.cursor ?? Math.max(cursor, this.entries.at(-1)?.cursor ?? 0) };
  }
}
