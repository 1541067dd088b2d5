// Crash-safe file helpers: atomic replace, and the one-backend-per-data-dir lock.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Writes via a temp file, fsync and rename, so readers see old or new, never half. */
export function writeFileAtomic(file, data, mode = 0o600) {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w", mode);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

function fsyncDir(dir) {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const heldLocks = new Set();

/** One backend per data directory: a LOCK file with the owner's pid. */
export function lockDataDir(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "LOCK");
  if (heldLocks.has(file)) throw new Error(`${dir} is already used by a backend in this process`);
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`${dir} is in use by another local backend (pid ${pid}). Stop it first.`);
    }
  }
  writeFileAtomic(file, String(process.pid));
  heldLocks.add(file);
  return () => {
    heldLocks.delete(file);
    rmSync(file, { force: true });
  };
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
