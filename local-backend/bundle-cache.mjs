// Every backend start bundles convex/ (and each component) again, which costs
// seconds of esbuild; the tests start a backend per file. Builds are kept on
// disk by what went into them, and reused when nothing did change:
// - key 1: this bundling code, esbuild's and convex's versions, the build's
//   options (not where it is written), every file under the build's folder
//   (contents), the package.json / convex.json / tsconfig.json files above it and the
//   installed packages (node_modules/.package-lock.json);
// - key 2: key 1 and the contents of every file the last build with key 1 read
//   (esbuild's metafile: npm packages, files outside the folder).
// An entry is written to a temporary folder and renamed into place, so a
// concurrent start never reads half of one; an entry is stored only when no
// input changed while it was built (an edit then gets a build of its own).
// Not covered: a file added to an installed package by hand (not by npm) that
// changes how an import resolves.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { esbuild } from "./cli-bundle.mjs";
import { CACHE_ROOT } from "./code-cache.mjs";

const NODE_MODULES = fileURLToPath(new URL("../node_modules", import.meta.url));
const ROOT = CACHE_ROOT;
/** Entries kept (the most recently used); each is one build's output. */
const KEEP = 100;
/** An input modified this close to (or after) a build's start may not be what it read. */
const SETTLE_MS = 2000;
const INLINE_MAP = "//# sourceMappingURL=data:application/json;base64,";

const sha = (data) => createHash("sha256").update(data).digest("hex");

// The code that decides what a build outputs: a change to it is a new cache.
const SALT = sha(JSON.stringify([
  esbuild.version,
  createRequire(import.meta.url)("convex/package.json").version,
  ...["bundle.mjs", "cli-bundle.mjs", "bundle-cache.mjs", "isolate.mjs"].map((f) => sha(readFileSync(new URL(f, import.meta.url)))),
]));

const hashFile = (file) => {
  try {
    return sha(readFileSync(file));
  } catch {
    return "missing";
  }
};

/** Every file under `dir` (not node_modules, not dot folders) with its contents' hash. */
function treeHash(dir) {
  const parts = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(relPath);
      } else parts.push(`${relPath}\0${hashFile(path.join(dir, relPath))}`);
    }
  };
  walk("");
  return sha(parts.join("\n"));
}

/** What esbuild reads beside the sources: configs above the folder and the installed packages. */
function surroundings(dir) {
  const parts = [`lock\0${hashFile(path.join(NODE_MODULES, ".package-lock.json"))}`];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    for (const name of ["package.json", "convex.json", "tsconfig.json", "jsconfig.json", "node_modules/.package-lock.json"]) {
      const file = path.join(d, name);
      if (existsSync(file)) parts.push(`${file}\0${hashFile(file)}`);
    }
    if (path.dirname(d) === d) break;
  }
  return parts.join("\n");
}

/** The options that shape the output, without where it goes. */
function optionsKey(options) {
  // An outfile's name is not in its contents (the source map is inline): instances of one component share a build.
  const shaping = { ...options, outfile: Boolean(options.outfile), plugins: (options.plugins ?? []).map((p) => p.name) };
  delete shaping.outdir;
  delete shaping.write;
  delete shaping.metafile;
  return JSON.stringify(shaping);
}

/** The files a build read (esbuild's metafile), absolute; plugin namespaces and stdin (part of the options) are not files. */
function inputFiles(metafile, options) {
  const workingDir = options.absWorkingDir ?? process.cwd();
  const stdin = options.stdin ? path.resolve(options.stdin.resolveDir ?? workingDir, options.stdin.sourcefile ?? "<stdin>") : null;
  return Object.keys(metafile.inputs)
    .filter((p) => p !== "<stdin>" && !/^[a-z][\w-]*:/i.test(p))
    .map((p) => path.resolve(workingDir, p))
    .filter((p) => p !== stdin)
    .sort();
}

const contentKey = (key1, inputs) => sha(`${key1}\n${inputs.map((f) => `${f}\0${hashFile(f)}`).join("\n")}`);

/**
 * Source maps name sources relative to the output file; a build reused in another
 * folder names them by absolute path instead (the same files for stack traces).
 */
function absoluteSources(file, contents) {
  const text = Buffer.from(contents).toString("utf8");
  const at = text.lastIndexOf(INLINE_MAP);
  if (at === -1) return contents;
  const map = JSON.parse(Buffer.from(text.slice(at + INLINE_MAP.length).trim(), "base64").toString("utf8"));
  const dir = path.dirname(file);
  map.sources = map.sources.map((s) => (/^[a-z][\w-]*:|^</i.test(s) || path.isAbsolute(s) ? s : path.resolve(dir, s)));
  return Buffer.from(`${text.slice(0, at)}${INLINE_MAP}${Buffer.from(JSON.stringify(map)).toString("base64")}\n`);
}

/** An entry's files (relative path -> contents), or null when it is absent or being removed. */
function readEntry(dir) {
  try {
    const names = JSON.parse(readFileSync(path.join(dir, "outputs.json"), "utf8"));
    const files = names.map((name) => ({ name, contents: readFileSync(path.join(dir, "out", name)) }));
    const now = new Date();
    utimesSync(dir, now, now);
    return files;
  } catch {
    return null;
  }
}

function writeAtomically(file, contents) {
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

function store(key1, key2, inputs, files) {
  mkdirSync(path.join(ROOT, "inputs"), { recursive: true });
  const final = path.join(ROOT, key2);
  if (!existsSync(final)) {
    const tmp = path.join(ROOT, `.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
    for (const { name, contents } of files) {
      mkdirSync(path.dirname(path.join(tmp, "out", name)), { recursive: true });
      writeFileSync(path.join(tmp, "out", name), contents);
    }
    writeFileSync(path.join(tmp, "outputs.json"), JSON.stringify(files.map((f) => f.name)));
    try {
      renameSync(tmp, final);
    } catch {
      // Another start stored the same build first.
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeAtomically(path.join(ROOT, "inputs", `${key1}.json`), JSON.stringify(inputs));
  prune();
}

/** Keeps the KEEP most recently used entries; one is renamed away before it is removed, never read half-removed. */
function prune() {
  const entries = readdirSync(ROOT).filter((n) => /^[0-9a-f]{64}$/.test(n)).map((name) => {
    try {
      return { name, at: statSync(path.join(ROOT, name)).mtimeMs };
    } catch {
      return { name, at: 0 };
    }
  });
  // What a start that ended mid-write or mid-removal left.
  for (const name of readdirSync(ROOT).filter((n) => /^\.(tmp|gone)-/.test(n))) {
    try {
      if (statSync(path.join(ROOT, name)).mtimeMs < Date.now() - 3_600_000) rmSync(path.join(ROOT, name), { recursive: true, force: true });
    } catch {
      // Removed by another start.
    }
  }
  if (entries.length <= KEEP) return;
  for (const { name } of entries.sort((a, b) => b.at - a.at).slice(KEEP)) {
    const gone = path.join(ROOT, `.gone-${process.pid}-${randomBytes(4).toString("hex")}`);
    try {
      renameSync(path.join(ROOT, name), gone);
      rmSync(gone, { recursive: true, force: true });
    } catch {
      // Another start removed it.
    }
  }
}

/**
 * Runs an esbuild build through the cache. `options` are esbuild's (with
 * `outfile` or `outdir`); `run` builds them (write: false, metafile: true) and
 * returns esbuild's result. Returns the output files, to be written by the caller.
 * @param {string} folder the folder the build's sources are in
 * @param {import("esbuild").BuildOptions} options
 * @param {(options: import("esbuild").BuildOptions) => Promise<import("esbuild").BuildResult>} run
 * @returns {Promise<{ path: string, contents: Uint8Array }[]>}
 */
export async function cachedBuild(folder, options, run) {
  const base = options.outdir ?? path.dirname(options.outfile ?? "");
  const key1Of = () => sha([SALT, path.resolve(folder), optionsKey(options), treeHash(folder), surroundings(folder)].join("\n"));
  const key1 = key1Of();
  let known = null;
  try {
    known = JSON.parse(readFileSync(path.join(ROOT, "inputs", `${key1}.json`), "utf8"));
  } catch {
    // Never built with these sources and options.
  }
  const hit = known && readEntry(path.join(ROOT, contentKey(key1, known)));
  if (hit) return hit.map(({ name, contents }) => ({ path: options.outfile ?? path.join(base, name), contents }));

  const started = Date.now();
  const result = await run({ ...options, write: false, metafile: true });
  // An incremental build (bundle.mjs runtimeBuilds) writes where its first build did: an outfile's one output is named for this build's.
  const nameOf = (f) => (options.outfile ? path.basename(options.outfile) : path.relative(base, f.path));
  const outputs = result.outputFiles.map((f) => ({ path: path.join(base, nameOf(f)), contents: absoluteSources(f.path, f.contents) }));
  const inputs = inputFiles(result.metafile, options);
  const key2 = contentKey(key1, inputs);
  const settled = inputs.every((f) => {
    try {
      return statSync(f).mtimeMs < started - SETTLE_MS;
    } catch {
      return false;
    }
  });
  if (settled && key1Of() === key1) {
    try {
      store(key1, key2, inputs, outputs.map((o) => ({ name: path.relative(base, o.path), contents: o.contents })));
    } catch {
      // A cache that cannot be written (a read-only checkout) only costs the next start a build.
    }
  }
  return outputs;
}
