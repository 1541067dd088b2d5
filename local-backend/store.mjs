// Durable state of the fake database: a snapshot plus an append-only commit
// log. Every commit is appended and fdatasync'd before the caller acknowledges
// it; a torn tail (kill -9 mid-write) was never acknowledged and is dropped.
// The log is folded into the snapshot (temp file, fsync, rename) as it grows.
import {
  closeSync, existsSync, fdatasyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync,
} from "node:fs";
import path from "node:path";
import { convexToJson, jsonToConvex } from "convex/values";
import { writeFileAtomic } from "./files.mjs";

// Overridable so tests can exercise compaction (and crashes during it).
const COMPACT_AFTER_BYTES = Number(process.env.LOCAL_BACKEND_COMPACT_BYTES ?? 16 * 1024 * 1024);

const encodeDoc = (doc) => (doc === null ? null : convexToJson(doc));
const decodeDoc = (json) => (json === null ? null : jsonToConvex(json));

export class Store {
  /** @param {string} dir data directory */
  constructor(dir) {
    this.dir = dir;
    this.snapshotFile = path.join(dir, "snapshot.json");
    this.logFile = path.join(dir, "commits.log");
    this.blobDir = path.join(dir, "blobs");
    mkdirSync(this.blobDir, { recursive: true });
    this.fd = null;
    this.logBytes = 0;
  }

  /** Reads snapshot + log into { documents, nextDocId, lastCreationTime, lastCommitTs }. */
  load() {
    const state = { documents: {}, nextDocId: 10000, lastCreationTime: 0, lastCommitTs: 0n };
    if (existsSync(this.snapshotFile)) {
      const snap = JSON.parse(readFileSync(this.snapshotFile, "utf8"));
      for (const [id, doc] of Object.entries(snap.documents)) state.documents[id] = decodeDoc(doc);
      state.nextDocId = snap.nextDocId;
      state.lastCreationTime = snap.lastCreationTime;
      state.lastCommitTs = BigInt(snap.lastCommitTs);
    }
    let validBytes = 0;
    if (existsSync(this.logFile)) {
      const raw = readFileSync(this.logFile);
      let start = 0;
      for (let nl = raw.indexOf(10, start); nl !== -1; nl = raw.indexOf(10, start)) {
        let record;
        try {
          record = JSON.parse(raw.subarray(start, nl).toString("utf8"));
        } catch {
          break;
        }
        applyRecord(state, record);
        start = nl + 1;
      }
      validBytes = start;
    }
    this.fd = openSync(this.logFile, "a+");
    // Drop a torn tail so the next append starts on a clean line.
    ftruncateSync(this.fd, validBytes);
    fdatasyncSync(this.fd);
    this.logBytes = validBytes;
    return state;
  }

  /**
   * Appends one committed transaction and waits for the disk.
   * @param {{ ts: bigint, nextDocId: number, lastCreationTime: number, writes: [string, any][] }} commit
   */
  append(commit) {
    const line = JSON.stringify({
      ts: commit.ts.toString(),
      n: commit.nextDocId,
      c: commit.lastCreationTime,
      w: commit.writes.map(([id, doc]) => [id, encodeDoc(doc)]),
    });
    const bytes = Buffer.from(`${line}\n`, "utf8");
    writeSync(this.fd, bytes);
    fdatasyncSync(this.fd);
    this.logBytes += bytes.length;
  }

  needsCompaction() {
    return this.logBytes > COMPACT_AFTER_BYTES;
  }

  /** Writes the full state as the new snapshot, then empties the log. */
  compact(state) {
    const documents = {};
    for (const [id, doc] of Object.entries(state.documents)) documents[id] = encodeDoc(doc);
    writeFileAtomic(
      this.snapshotFile,
      JSON.stringify({
        documents,
        nextDocId: state.nextDocId,
        lastCreationTime: state.lastCreationTime,
        lastCommitTs: state.lastCommitTs.toString(),
      }),
    );
    // Replaying an old log over the new snapshot is harmless, so a crash
    // between the rename and this truncate loses nothing.
    ftruncateSync(this.fd, 0);
    fdatasyncSync(this.fd);
    this.logBytes = 0;
  }

  blobPath(sha256) {
    return path.join(this.blobDir, Buffer.from(sha256, "base64").toString("hex"));
  }

  writeBlob(sha256, bytes) {
    const file = this.blobPath(sha256);
    if (!existsSync(file)) writeFileAtomic(file, bytes);
  }

  readBlob(sha256) {
    const file = this.blobPath(sha256);
    return existsSync(file) ? readFileSync(file) : null;
  }

  deleteBlob(sha256) {
    try {
      unlinkSync(this.blobPath(sha256));
    } catch {
      // already gone
    }
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Removes all state (documents, log, blobs); keeps other files such as env.json. */
  static wipe(dir) {
    for (const name of ["snapshot.json", "commits.log", "blobs", "build"]) {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

function applyRecord(state, record) {
  for (const [id, doc] of record.w) {
    if (doc === null) delete state.documents[id];
    else state.documents[id] = decodeDoc(doc);
  }
  state.nextDocId = Math.max(state.nextDocId, record.n);
  state.lastCreationTime = Math.max(state.lastCreationTime, record.c);
  const ts = BigInt(record.ts);
  if (ts > state.lastCommitTs) state.lastCommitTs = ts;
}
