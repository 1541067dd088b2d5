// Attaches the host's concerns to one convex-test deployment: durability of
// commits and blobs, read tracking for live queries, real storage URLs and
// real-time scheduling. Everything else is convex-test's own behaviour.
import { createHash } from "node:crypto";
import { convexToJson, jsonToConvex } from "convex/values";
import { recordDocumentRead, recordQueryRead, recordTableRead, requestContext, tableOfId } from "./reactivity.mjs";

const sha256Base64 = (bytes) => createHash("sha256").update(bytes).digest("base64");

/**
 * @param {{ g: any, db: any, store: import("./store.mjs").Store, timers: import("./scheduler.mjs").JobTimers,
 *   urls: { storageUrl: (id: string) => string, uploadUrl: () => string }, onCommit: (changes: any[], ts: bigint) => void,
 *   fatal: (e: unknown) => void }} deps
 */
export function installHooks({ g, db, store, timers, urls, onCommit, fatal }) {
  const pendingBlobs = new Map();

  const commit = db.commit.bind(db);
  db.commit = (commitTs = null) => {
    if (db._writes.length !== 1) return commit(commitTs);
    const ids = Object.keys(db._writes[0]);
    const before = ids.map((id) => db._documents[id] ?? null);
    commit(commitTs);
    if (ids.length === 0) return;
    const changes = ids.map((id, i) => ({ id, table: tableOfId(id), old: before[i], new: db._documents[id] ?? null }));
    try {
      store.append({
        ts: commitTs,
        nextDocId: db._nextDocId,
        lastCreationTime: db._lastCreationTime,
        writes: changes.map((c) => [c.id, c.new]),
      });
      if (store.needsCompaction()) {
        store.compact({
          documents: db._documents,
          nextDocId: db._nextDocId,
          lastCreationTime: db._lastCreationTime,
          lastCommitTs: commitTs,
        });
      }
    } catch (e) {
      // Memory is ahead of the disk and nothing was acknowledged: stop here.
      fatal(e);
    }
    for (const c of changes) {
      if (c.table === "_storage" && c.new === null && !blobStillUsed(c.old.sha256)) store.deleteBlob(c.old.sha256);
    }
    const request = requestContext.getStore();
    if (request) request.commitTs = commitTs;
    onCommit(changes, commitTs);
  };

  // Blobs are content-addressed, so two storage ids may share one file.
  const blobStillUsed = (sha) =>
    Object.entries(db._documents).some(([id, doc]) => tableOfId(id) === "_storage" && doc.sha256 === sha);

  db.storeFile = (_storageId, blob) => {
    const write = blob.arrayBuffer().then((buf) => {
      const bytes = Buffer.from(buf);
      const sha = sha256Base64(bytes);
      pendingBlobs.set(sha, bytes);
      store.writeBlob(sha, bytes);
      pendingBlobs.delete(sha);
    });
    pendingWrites.add(write);
    void write.finally(() => pendingWrites.delete(write)).catch(fatal);
  };
  const pendingWrites = new Set();

  db.getFile = (storageId) => {
    const doc = db.get("_storage", storageId);
    if (doc === null) return null;
    const bytes = pendingBlobs.get(doc.sha256) ?? store.readBlob(doc.sha256);
    return bytes ? new Blob([bytes], doc.contentType ? { type: doc.contentType } : {}) : null;
  };

  // ctx.storage.store(blob) keeps the blob's type on Convex; convex-test's storeBlob drops it.
  // The type is remembered by content hash for the _storage insert that follows.
  const typesBySha = new Map();
  const jsSyscall = g.jsSyscall;
  g.jsSyscall = async (op, args) => {
    if (op === "storage/storeBlob" && args?.blob?.type) {
      const sha = sha256Base64(Buffer.from(await args.blob.arrayBuffer()));
      typesBySha.set(sha, args.blob.type);
      try {
        return await jsSyscall(op, args);
      } finally {
        typesBySha.delete(sha);
      }
    }
    return await jsSyscall(op, args);
  };
  const insert = db.insert.bind(db);
  db.insert = (table, value) =>
    insert(table, table === "_storage" && typesBySha.has(value?.sha256) ? { ...value, contentType: typesBySha.get(value.sha256) } : value);

  const syscall = g.syscall;
  g.syscall = (op, json) => {
    if (op === "1.0/queryStream") recordQueryRead(JSON.parse(json).query);
    return syscall(op, json);
  };

  const asyncSyscall = g.asyncSyscall;
  g.asyncSyscall = async (op, json) => {
    switch (op) {
      case "1.0/get":
        recordDocumentRead(JSON.parse(json).id);
        break;
      case "1.0/queryPage":
        return queryPage(json);
      case "1.0/count":
        recordTableRead(JSON.parse(json).table);
        break;
      case "1.0/storageGetUrl": {
        const { storageId } = JSON.parse(json);
        recordDocumentRead(storageId);
        const found = JSON.parse(await asyncSyscall(op, json));
        return JSON.stringify(found === null ? null : urls.storageUrl(storageId));
      }
      case "1.0/storageGenerateUploadUrl":
        return JSON.stringify(urls.uploadUrl());
      case "1.0/schedule":
        return schedule(json);
      default:
        break;
    }
    return asyncSyscall(op, json);
  };

  // Query journals, as Convex keeps them: a re-run of a live paginated query
  // ends where its first run ended, so pages grow instead of shifting.
  async function queryPage(json) {
    const args = JSON.parse(json);
    recordQueryRead(args.query);
    const request = requestContext.getStore();
    const pinned = request?.journal?.endCursor && !args.endCursor ? request.journal.endCursor : null;
    if (pinned) args.endCursor = pinned;
    const result = JSON.parse(await asyncSyscall("1.0/queryPage", JSON.stringify(args)));
    // Like Convex, a page pinned to a cursor ends there, even when the row at
    // the cursor was deleted (convex-test would report the page as the last).
    if (pinned && pinned !== "_end_cursor") Object.assign(result, { continueCursor: pinned, isDone: false });
    if (request?.reads) request.journalOut = { endCursor: result.continueCursor };
    return JSON.stringify(result);
  }

  function schedule(json) {
    const { name, functionHandle, args, ts } = JSON.parse(json);
    const udfPath = name ?? functionHandle?.split(";")[1];
    if (!udfPath) throw new Error("Scheduling functions of components is not supported by the local backend");
    const parsedArgs = jsonToConvex(args);
    const scheduledTime = ts * 1000;
    const jobId = db.insert("_scheduled_functions", {
      args: [parsedArgs],
      name: udfPath,
      scheduledTime,
      state: { kind: "pending" },
    });
    timers.add(jobId, udfPath, parsedArgs, scheduledTime);
    return JSON.stringify(convexToJson(jobId));
  }

  return {
    /** Resolves once blobs stored by ctx.storage.store are on disk. */
    async flushBlobs() {
      while (pendingWrites.size > 0) await Promise.all([...pendingWrites]);
    },
    sha256Base64,
  };
}
