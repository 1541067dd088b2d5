// Builds reused across backend starts (local-backend/bundle-cache.mjs) must
// follow their sources: an edited file is a new build, never the stored one; so
// must V8's compiled code kept for them (code-cache.mjs).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";

type Build = typeof import("../../local-backend/bundle-cache.mjs").cachedBuild;
let cachedBuild: Build;
let esbuild: typeof import("esbuild");
const dir = mkdtempSync(path.join(tmpdir(), "bundle-cache-"));
const cacheDir = path.join(dir, "cache");
const src = path.join(dir, "src");
// The cache's folder is read when bundle-cache.mjs loads: this file's own, put back afterwards.
const ENV = "LOCAL_BACKEND_BUNDLE_CACHE";
const before = process.env[ENV];

beforeAll(async () => {
  process.env[ENV] = cacheDir;
  ({ cachedBuild } = await import("../../local-backend/bundle-cache.mjs"));
  ({ esbuild } = await import("../../local-backend/cli-bundle.mjs"));
});
afterAll(() => {
  if (before === undefined) delete process.env[ENV];
  else process.env[ENV] = before;
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a source file as an edit made a while ago (a fresh edit is not stored, see SETTLE_MS). */
function writeSource(name: string, text: string) {
  const file = path.join(src, name);
  writeFileSync(file, text);
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
}

async function build(outDir: string) {
  let builds = 0;
  const run = (o: import("esbuild").BuildOptions) => (builds++, esbuild.build(o));
  const files = await cachedBuild(src, { entryPoints: [path.join(src, "a.ts")], outfile: path.join(outDir, "out.js"), bundle: true, format: "esm", sourcemap: "inline" }, run);
  return { built: builds === 1, text: Buffer.from(files[0].contents).toString("utf8"), path: files[0].path };
}

test("a build is reused for the same sources in another folder; an edited input, in the folder or outside it, gets a new build", async () => {
  mkdirSync(src, { recursive: true });
  mkdirSync(path.join(dir, "lib"), { recursive: true });
  // b.ts is outside the build's folder (as an npm package is): known from esbuild's list of inputs.
  writeSource("a.ts", 'import { b } from "../lib/b";\nexport const a = "first-" + b;\n');
  writeSource("../lib/b.ts", 'export const b = "one";\n');

  const first = await build(path.join(dir, "data1"));
  expect(first.built).toBe(true);
  expect(first.text).toContain('"one"');
  expect(readdirSync(cacheDir).filter((n) => n.startsWith(".tmp-"))).toEqual([]);

  const again = await build(path.join(dir, "data2"));
  expect(again.built).toBe(false);
  expect(again.text).toBe(first.text);
  expect(again.path).toBe(path.join(dir, "data2", "out.js"));

  writeSource("../lib/b.ts", 'export const b = "two";\n');
  const edited = await build(path.join(dir, "data3"));
  expect(edited.built).toBe(true);
  expect(edited.text).toContain('"two"');
  expect(edited.text).not.toContain('"one"');

  writeSource("../lib/b.ts", 'export const b = "one";\n');
  const back = await build(path.join(dir, "data4"));
  expect(back.built).toBe(false);
  expect(back.text).toBe(first.text);

  writeSource("a.ts", 'import { b } from "../lib/b";\nexport const a = "second-" + b;\n');
  const inFolder = await build(path.join(dir, "data5"));
  expect(inFolder.built).toBe(true);
  expect(inFolder.text).toContain('"second-"');
});

test("compiled code is kept per bundle text and name, never handed to another; a damaged file costs a compile and is replaced", async () => {
  const { codeCache } = await import("../../local-backend/code-cache.mjs");
  const source = "(function () { return [6 * 7, typeof globalThis]; })()";
  const NAME = "bundle.js";
  // A new name per compile: V8 would otherwise answer from its in-process cache and ignore the data.
  let compiles = 0;
  const compile = (text: string, data: Buffer | undefined) => new vm.Script(text, { filename: `bundle-${++compiles}.js`, cachedData: data });

  const cold = codeCache(source, NAME);
  expect(cold.data).toBeUndefined();
  const first = compile(source, cold.data);
  expect(first.runInNewContext()).toEqual([42, "object"]);
  cold.save(first);

  const warm = codeCache(source, NAME);
  expect(warm.data).toBeInstanceOf(Buffer);
  const reused = compile(source, warm.data);
  expect(reused.cachedDataRejected).toBe(false);
  expect(reused.runInNewContext()).toEqual([42, "object"]);
  // Another text of the same length has no data: V8 would take this text's (it checks the
  // length, not the text) and run the old code.
  const edited = source.replace("6 * 7", "6 * 8");
  expect(compile(edited, warm.data).runInNewContext()).toEqual([42, "object"]);
  expect(codeCache(edited, NAME).data).toBeUndefined();
  // Nor the same text under another name: V8's data keeps the name of its compile, and stack
  // frames would name that script (isolate.mjs maps frames by the name).
  expect(codeCache(source, "other.js").data).toBeUndefined();

  const [file] = readdirSync(path.join(cacheDir, "v8"));
  writeFileSync(path.join(cacheDir, "v8", file), "not V8's data");
  const damaged = codeCache(source, NAME);
  const refused = compile(source, damaged.data);
  expect(refused.cachedDataRejected).toBe(true);
  expect(refused.runInNewContext()).toEqual([42, "object"]);
  damaged.save(refused);
  expect(compile(source, codeCache(source, NAME).data).cachedDataRejected).toBe(false);
  expect(readdirSync(path.join(cacheDir, "v8"))).toEqual([file]);
});
