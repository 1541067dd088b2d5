// File storage bodies: one file per storage id, written (fsync + rename)
// before the `_storage` document that points at it is committed.
import { existsSync, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "./files.mjs";

export class Blobs {
  constructor(dataDir) {
    this.dir = path.join(dataDir, "blobs");
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // While an export reads an older snapshot, files deleted since stay until it is done.
    this.holds = 0;
    this.deferred = [];
  }

  /** Keeps every file until the returned release is called. */
  hold() {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0) for (const id of this.deferred.splice(0)) this.delete(id);
    };
  }

  file(storageId) {
    if (!/^[0-9a-z]+$/.test(storageId)) throw new Error("Invalid storage id");
    return path.join(this.dir, storageId);
  }

  write(storageId, bytes) {
    writeFileAtomic(this.file(storageId), bytes);
  }

  read(storageId) {
    const file = this.file(storageId);
    return existsSync(file) ? readFileSync(file) : null;
  }

  delete(storageId) {
    if (this.holds > 0) {
      this.deferred.push(storageId);
      return;
    }
    try {
      unlinkSync(this.file(storageId));
    } catch {
      // already gone
    }
  }
}
