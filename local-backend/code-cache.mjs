// V8's compiled code for the runtime bundles, kept on disk by the bundle's text. Every backend
// start compiles the app's bundle (megabytes) once per context: on the main thread and in each
// worker, and the tests start a backend per file. The key is a hash of the whole text (and of
// V8's version): V8 itself checks only the source's length and its own version and flags before
// it uses data, so data of an edited text of the same length would run the old code. A damaged
// file is refused by V8 (`cachedDataRejected`) and only costs a compile, as without a cache.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the bundle cache (bundle-cache.mjs) and this one live. */
export const CACHE_ROOT =
  process.env.LOCAL_BACKEND_BUNDLE_CACHE ?? path.join(fileURLToPath(new URL("../node_modules", import.meta.url)), ".cache", "local-backend-bundles");
const DIR = path.join(CACHE_ROOT, "v8");
/** Files kept (the most recently used): one per bundle text (the app's, each component's). */
const KEEP = 40;

/**
 * The cached data for `source` compiled as `name` if there is one, and `save(script)` to store a
 * compiled script's (called only when there was none, or V8 rejected it). The name is part of the
 * key: V8's data keeps the script's name from the compile that made it.
 * @param {string} source
 * @param {string} name
 */
export function codeCache(source, name) {
  const file = path.join(DIR, `${createHash("sha256").update(process.versions.v8).update(name).update("\0").update(source).digest("hex")}.bin`);
  let data;
  try {
    data = readFileSync(file);
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    data = undefined;
  }
  return {
    data,
    /** @param {import("node:vm").Script} script */
    save(script) {
      try {
        mkdirSync(DIR, { recursive: true });
        const tmp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, file);
        prune();
      } catch {
        // A cache that cannot be written (a read-only checkout) only costs the next start a compile.
      }
    },
  };
}

function prune() {
  const files = readdirSync(DIR)
    .filter((n) => n.endsWith(".bin"))
    .map((name) => ({ name, at: statSync(path.join(DIR, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of files.slice(KEEP)) rmSync(path.join(DIR, name), { force: true });
}
