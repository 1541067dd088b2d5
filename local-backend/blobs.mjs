// File storage bodies: one file per storage id, written (fsync + rename)
// before the `_storage` document that points at it is committed.
import { existsSync, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "./files.mjs";

export class Blobs {
  constructor(dataDir) {
    this.dir = path.join(dataDir, "blobs");
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
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
    try {
      unlinkSync(this.file(storageId));
    } catch {
      // already gone
    }
  }
}
