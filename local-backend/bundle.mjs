// Bundles a convex/ folder the way `npx convex deploy` does, in two builds:
// modules without "use node" (and every npm package and component they reach)
// for Convex's runtime, evaluated in a V8 context with only that runtime's
// globals (isolate.mjs); "use node" modules for Node (ESM, one entry per
// module), which Convex runs for actions only.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { cliShims } from "../scripts/deploy-check/cli-bundle.mjs";
import { MODULES_GLOBAL, evaluateForRuntime } from "./isolate.mjs";

// A convex/ folder outside a project (a test's temporary copy) finds its
// packages in this checkout, as the "use node" build's externals do.
const FALLBACK_NODE_MODULES = fileURLToPath(new URL("../node_modules", import.meta.url));
const MODULE_FILE = /\.(m?[jt]s|tsx|jsx)$/;

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

/**
 * One script for Convex's runtime holding every module in `entries` (name ->
 * file), with the esbuild options of the Convex CLI's isolate build (browser
 * platform, "convex" condition, its shims; convex/dist/esm/bundler/debugBundle.js).
 * Each module is a lazy `require`, so evaluating the script defines them and
 * `load(name)` runs one module (and what it imports) on first use, as an import would.
 * With a `cache` (see runtimeBuilds), a reload rebuilds incrementally: only
 * changed files are parsed again, not every npm package.
 * @param {{ entries: Record<string, string>, outfile: string, resolveDir: string, lenient?: boolean, cache?: ReturnType<typeof runtimeBuilds>, plugins?: esbuild.Plugin[] }} opts
 */
export async function bundleForRuntime({ entries, outfile, resolveDir, lenient = false, cache, plugins = [] }) {
  const lines = Object.entries(entries).map(([name, file]) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(file)}),`);
  const options = {
    stdin: { contents: `export const modules = {\n${lines.join("\n")}\n};\n`, resolveDir, sourcefile: "convex-modules.js", loader: "js" },
    outfile,
    bundle: true,
    format: "iife",
    globalName: MODULES_GLOBAL,
    platform: "browser",
    conditions: ["convex", "module"],
    nodePaths: [FALLBACK_NODE_MODULES],
    target: "node20",
    jsx: "automatic",
    keepNames: true,
    define: { "process.env.NODE_ENV": '"production"' },
    // Without sources' text: the map only turns stack frames into file:line.
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "silent",
    plugins: [...plugins, cliShims, componentConfigs(), ...(lenient ? [missingAtRuntime()] : [])],
  };
  try {
    if (!cache) {
      await esbuild.build(options);
      return;
    }
    const { outputFiles } = await cache.rebuild(JSON.stringify([resolveDir, lenient, lines]), resolveDir, { ...options, write: false });
    mkdirSync(path.dirname(outfile), { recursive: true, mode: 0o700 });
    writeFileSync(outfile, outputFiles[0].contents, { mode: 0o600 });
  } catch (e) {
    if (!Array.isArray(e?.errors)) throw e;
    const nodeHint = e.errors.some((err) => err.notes?.some((n) => n.text.includes("Are you trying to bundle for node?")));
    const shown = e.errors.slice(0, 10).map((err) => `${err.location ? `${err.location.file}:${err.location.line}: ` : ""}${err.text}`);
    throw new Error(`Bundling for Convex's runtime failed:\n${shown.join("\n")}${nodeHint ? '\nA file without "use node" reaches Node APIs: move the actions that need them into a file that starts with "use node" (https://docs.convex.dev/functions/runtimes#nodejs-runtime).' : ""}`, { cause: e });
  }
}

/**
 * esbuild's incremental builds, one per set of entries (the app's, each
 * component's). Its source-map paths are relative to the first build's output
 * file, so every later output goes to a file at the same depth (build dirs
 * are siblings). `dispose()` ends them (they keep esbuild's process alive).
 */
export function runtimeBuilds() {
  const contexts = new Map();
  return {
    async rebuild(key, group, options) {
      let entry = contexts.get(key);
      if (!entry) {
        // The entries of this group changed (a file added or removed): its old build goes.
        for (const [k, old] of contexts) {
          if (old.group === group) {
            contexts.delete(k);
            await old.context.dispose();
          }
        }
        entry = { group, context: await esbuild.context(options) };
        contexts.set(key, entry);
      }
      return entry.context.rebuild();
    },
    async dispose() {
      const all = [...contexts.values()];
      contexts.clear();
      await Promise.all(all.map((e) => e.context.dispose()));
    },
  };
}

let buildCounter = 0;

/**
 * @param {{ convexDir: string, buildRoot: string, hooks: Parameters<typeof evaluateForRuntime>[1], cache?: ReturnType<typeof runtimeBuilds> }} opts
 */
export async function bundleConvex({ convexDir, buildRoot, hooks, cache }) {
  const files = listModules(convexDir);
  const entryPoints = Object.fromEntries(files.map((f) => [f.replace(MODULE_FILE, ""), path.join(convexDir, f)]));
  const nodeNames = Object.entries(entryPoints).filter(([, file]) => usesNode(file)).map(([name]) => name);
  return bundleModules({ entryPoints, nodeNames, resolveDir: convexDir, buildRoot, hooks, cache });
}

/**
 * Builds and loads a set of function modules (name -> file): those in `nodeNames` for Node,
 * the rest for Convex's runtime. Used for a convex/ folder on disk and for code pushed by
 * `npx convex deploy` (deploy.mjs), whose modules are the CLI's bundles.
 * @param {{ entryPoints: Record<string, string>, nodeNames: string[], resolveDir: string, buildRoot: string,
 *   hooks: Parameters<typeof evaluateForRuntime>[1], cache?: ReturnType<typeof runtimeBuilds>, plugins?: esbuild.Plugin[] }} opts
 * @returns {Promise<{ schema: any, byName: Record<string, any>, names: string[], nodeNames: string[], outDir: string, runtimeFile: string }>}
 */
export async function bundleModules({ entryPoints, nodeNames: nodeList, resolveDir, buildRoot, hooks, cache, plugins = [] }) {
  const outDir = path.join(buildRoot, `functions-${process.pid}-${++buildCounter}`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const nodeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => nodeList.includes(name)));
  const runtimeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => !(name in nodeEntries)));
  const runtimeFile = path.join(outDir, ".runtime", "modules.js");
  await bundleForRuntime({ entries: runtimeEntries, outfile: runtimeFile, resolveDir, cache, plugins });
  if (Object.keys(nodeEntries).length > 0) {
    await esbuild.build({
      entryPoints: nodeEntries,
      outdir: outDir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: "inline",
      logLevel: "silent",
      chunkNames: "node-chunks/[name]-[hash]",
      plugins: [componentConfigs(), externalPackagesAsUrls()],
    });
  }
  const names = Object.keys(entryPoints);
  const nodeNames = Object.keys(nodeEntries);
  // Load everything now, as Convex analyzes every module on push: a module
  // that throws at load time fails the whole reload instead of one call.
  const loaders = evaluateForRuntime(runtimeFile, hooks);
  const byName = {};
  for (const name of Object.keys(runtimeEntries)) byName[name] = loaders[name]();
  await Promise.all(nodeNames.map(async (name) => {
    byName[name] = await import(pathToFileURL(path.join(outDir, `${name}.mjs`)).href);
  }));
  const schema = byName.schema?.default ?? null;
  // As on Convex: Node's runtime hosts actions only.
  for (const name of nodeNames) {
    for (const [exportName, fn] of Object.entries(byName[name])) {
      if (fn?.isQuery || fn?.isMutation) {
        throw new Error(`${name}.js:${exportName} is a ${fn.isQuery ? "query" : "mutation"} in a "use node" file; only actions can run in Node. Move it to a file without "use node".`);
      }
    }
  }
  return { schema, byName, names, nodeNames, outDir, runtimeFile };
}

/**
 * Components' packages ship helpers for their own tests whose dev
 * dependencies are not installed; such an import fails when (and only if)
 * the module that needs it is loaded, as Node's import would.
 */
function missingAtRuntime() {
  return {
    name: "missing-at-runtime",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.missingAtRuntime) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { missingAtRuntime: true } });
        if (resolved.errors.length === 0) return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, suffix: resolved.suffix, pluginData: resolved.pluginData };
        return { path: args.path, namespace: "missing-module" };
      });
      build.onLoad({ filter: /.*/, namespace: "missing-module" }, (args) => ({
        contents: `throw Object.assign(new Error(${JSON.stringify(`Cannot find package '${args.path}'`)}), { code: "ERR_MODULE_NOT_FOUND" });`,
        loader: "js",
      }));
    },
  };
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
 * "use node" bundle written anywhere (a temp data dir) loads them from this
 * checkout's node_modules, in Node.
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
