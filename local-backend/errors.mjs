// A function's error as Convex's runtime reports it on a dev deployment
// (crates/isolate/src/error.rs, common/src/errors.rs `JsError`): "Uncaught
// <name>: <message>", then the user's stack frames, source-mapped and named as
// the bundle's source map names them ("../convex/x.ts:12:3"), never the
// backend's own frames, Node's internals or the bundles it writes.
import path from "node:path";
import { fileURLToPath } from "node:url";

const BACKEND_DIR = path.dirname(fileURLToPath(import.meta.url));
const FRAME = /^\s+at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?$/;
// Convex drops leading and trailing frames of its own runtime (`is_omittable_internal_frame`).
const CONVEX_SERVER_IMPL = /[\\/]node_modules[\\/]convex[\\/](src|dist[\\/][^\\/]+)[\\/]server[\\/]impl[\\/]/;

/**
 * The frames of `stack` in the app's tree (`projectDir`: the folder above convex/),
 * as Convex prints them, one "    at …" line each.
 * @param {string | undefined} stack
 * @param {string} projectDir
 */
export function userFrames(stack, projectDir) {
  const frames = [];
  for (const line of String(stack ?? "").split("\n")) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const [, fn, location, row, column] = m;
    const file = location.startsWith("file://") ? fileURLToPath(location) : location;
    if (!path.isAbsolute(file) || file.startsWith(BACKEND_DIR + path.sep)) continue;
    const rel = path.relative(projectDir, file);
    if (rel.startsWith("..")) continue;
    const shown = `../${rel.split(path.sep).join("/")}:${row}:${column}`;
    frames.push({ internal: CONVEX_SERVER_IMPL.test(file), text: fn ? `    at ${fn} (${shown})` : `    at ${shown}` });
  }
  while (frames.length > 0 && frames[0].internal) frames.shift();
  while (frames.length > 0 && frames.at(-1).internal) frames.pop();
  return frames.map((f) => f.text);
}
