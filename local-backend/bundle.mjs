// Bundles a convex/ folder the way `npx convex dev` does (esbuild, ESM, one
// entry per module, shared chunks) and imports every module.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const MODULE_FILE = /\.(m?[jt]s|tsx|jsx)$/;
const CONVEX_GLOBALS = fileURLToPath(new URL("./convex-globals.mjs", import.meta.url));

/** True when the file starts with the "use node" directive (after comments). */
export function usesNode(file) {
  const head = readFileSync(file, "utf8").replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  return /^["']use node["']/.test(head);
}

/** Lists convex module files relative to convexDir (e.g. "lib/roles.ts"). */
export function listModules(convexDir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(convexDir, rel), { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== "_generated" && entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(relPath);
      } else if (MODULE_FILE.test(entry.name) && !/\.d\.[mc]?ts$|\.test\.|\.spec\./.test(entry.name)) {
        out.push(relPath);
      }
    }
  };
  walk("");
  return out.sort();
}

let buildCounter = 0;

/**
 * @param {{ convexDir: string, buildRoot: string }} opts
 * @returns {Promise<{ schema: any, byName: Record<string, any>, names: string[], outDir: string }>}
 */
export async function bundleConvex({ convexDir, buildRoot }) {
  const files = listModules(convexDir);
  const outDir = path.join(buildRoot, `functions-${process.pid}-${++buildCounter}`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const entryPoints = Object.fromEntries(files.map((f) => [f.replace(MODULE_FILE, ""), path.join(convexDir, f)]));
  const nodeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([, file]) => usesNode(file)));
  const runtimeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => !(name in nodeEntries)));
  const build = (entries, options) =>
    esbuild.build({
      entryPoints: entries,
      outdir: outDir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: "inline",
      logLevel: "silent",
      plugins: [componentConfigs(), externalPackagesAsUrls()],
      ...options,
    });
  // Two builds: Convex's runtime (no Node globals in the app's code) and "use node" modules.
  await build(runtimeEntries, { inject: [CONVEX_GLOBALS], chunkNames: "chunks/[name]-[hash]" });
  if (Object.keys(nodeEntries).length > 0) await build(nodeEntries, { chunkNames: "node-chunks/[name]-[hash]" });
  const names = Object.keys(entryPoints);
  // Import everything now, as Convex analyzes every module on push: a module
  // that throws at load time fails the whole reload instead of one call.
  const loaded = await Promise.all(names.map((name) => import(pathToFileURL(path.join(outDir, `${name}.mjs`)).href)));
  const schema = loaded[names.indexOf("schema")]?.default ?? null;
  const byName = Object.fromEntries(names.map((name, i) => [name, loaded[i]]));
  // As on Convex: Node's runtime hosts actions only.
  for (const name of Object.keys(nodeEntries)) {
    for (const [exportName, fn] of Object.entries(byName[name])) {
      if (fn?.isQuery || fn?.isMutation) {
        throw new Error(`${name}.js:${exportName} is a ${fn.isQuery ? "query" : "mutation"} in a "use node" file; only actions can run in Node. Move it to a file without "use node".`);
      }
    }
  }
  return { schema, byName, names, outDir };
}

/** Removes earlier builds of this process, keeping `keep`. */
export function pruneBuilds(buildRoot, keep) {
  for (const entry of readdirSync(buildRoot)) {
    const full = path.join(buildRoot, entry);
    if (entry.startsWith("functions-") && full !== keep) rmSync(full, { recursive: true, force: true });
  }
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

/**
 * Components: a `convex.config.js` imported by convex.config.ts is bundled in
 * (not loaded from node_modules) with its directory recorded on its
 * definition, as Convex's bundler does, since `app.use(component)` needs it.
 */
export function componentConfigs() {
  return {
    name: "component-configs",
    setup(build) {
      build.onResolve({ filter: /convex\.config(\.js)?$/ }, (args) => {
        if (args.path.startsWith(".")) return undefined;
        const from = args.importer ? createRequire(args.importer) : createRequire(import.meta.url);
        try {
          return { path: from.resolve(args.path) };
        } catch {
          return undefined;
        }
      });
      build.onLoad({ filter: /[\\/]node_modules[\\/].*convex\.config\.js$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        const dir = path.dirname(args.path);
        const contents =
          `${source.replace(/export default /, "const __componentDefinition = ")}\n` +
          `__componentDefinition.componentDefinitionPath = ${JSON.stringify(dir)};\n` +
          "__componentDefinition.defaultName ??= __componentDefinition._name;\n" +
          "export default __componentDefinition;\n";
        return { contents, loader: "js", resolveDir: dir };
      });
    },
  };
}
