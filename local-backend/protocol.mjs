// Wire encodings of server messages (see convex/dist/esm/browser/sync/protocol.js).

/** Timestamps travel as little-endian u64 in base64. */
export function encodeTs(ts) {
  const buf = Buffer.alloc(8);
  buf.writeBigUInt64LE(BigInt(ts));
  return buf.toString("base64");
}

export const wireVersion = (v) => ({ querySet: v.querySet, identity: v.identity, ts: encodeTs(v.ts) });

/**
 * A query result as the JSON text of its modification without the queryId,
 * serialised once however many sessions receive it.
 */
export function modificationBody(result) {
  const journal = result.journal ?? null;
  if (result.ok && result.json !== undefined) {
    // The value's JSON as the function returned it, not serialised again.
    return `{"type":"QueryUpdated","value":${result.json},"logLines":${JSON.stringify(result.logLines)},"journal":${JSON.stringify(journal)}}`;
  }
  if (result.ok) return JSON.stringify({ type: "QueryUpdated", value: result.value, logLines: result.logLines, journal });
  const m = { type: "QueryFailed", errorMessage: result.message, logLines: result.logLines, journal };
  if (result.data !== undefined) m.errorData = result.data;
  return JSON.stringify(m);
}

/** One modification's JSON text: the shared body with this session's queryId spliced in. */
export const modificationText = (queryId, body) => `{"queryId":${queryId},${body.slice(1)}`;

// Request ids differ per run; an unchanged error is not a change.
export const resultKey = (result) =>
  result.ok && result.json !== undefined
    ? `[${result.json}]`
    : JSON.stringify(result.ok ? [result.value] : [result.message.replace(/\[Request ID: \w+\] /, ""), result.data]);
