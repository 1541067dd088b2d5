// Builds reused across backend starts (local-backend/bundle-cache.mjs) must
// follow their sources: an edited file is a new build, never the stored one.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
