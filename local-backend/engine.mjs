// Loads convex-test's engine with the internals a long-running host needs
// (the fake database, the scheduler entry point, the per-deployment global).
// convex-test only exports `convexTest`, so we bundle its dist file with a few
// extra export names appended; the code itself is unchanged.
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const require = createRequire(import.meta.url);
const EXTRA_EXPORTS = [
  "DatabaseFake",
  "convexGlobalStorage",
  "getConvexGlobal",
  "runScheduledFunction",
  "moduleCache",
];

let enginePromise = null;

/** @param {string} buildDir where the bundled engine is written */
export function loadEngine(buildDir) {
  enginePromise ??= buildEngine(buildDir);
  return enginePromise;
}

async function buildEngine(buildDir) {
  const entry = path.join(path.dirname(require.resolve("convex-test/package.json")), "dist", "index.js");
  const version = JSON.parse(readFileSync(require.resolve("convex-test/package.json"), "utf8")).version;
  mkdirSync(buildDir, { recursive: true });
  const outfile = path.join(buildDir, `engine-${version}-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "silent",
    plugins: [externalPackagesAsUrls(), appendExports(entry)],
  });
  return import(pathToFileURL(outfile).href);
}

function appendExports(entry) {
  return {
    name: "append-exports",
    setup(build) {
      build.onLoad({ filter: /convex-test[\\/]dist[\\/]index\.js$/ }, (args) => {
        if (args.path !== entry) return undefined;
        const source = readFileSync(args.path, "utf8");
        return { contents: `${source}\nexport { ${EXTRA_EXPORTS.join(", ")} };\n`, loader: "js" };
      });
    },
  };
}

/**
 * Marks npm packages external and rewrites them to absolute file URLs, so a
 * bundle written anywhere (a temp data dir) shares this process's single
 * instance of `convex`, `@convex-dev/auth`, ... with the backend itself.
 */
export function externalPackagesAsUrls() {
  return {
    name: "external-packages-as-urls",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("node:")) return { path: args.path, external: true };
        try {
          return { path: import.meta.resolve(args.path), external: true };
        } catch {
          return { path: args.path, external: true };
        }
      });
    },
  };
}
