// Bundles a convex/ folder the way `npx convex deploy` does, in two builds:
// modules without "use node" (and every npm package and component they reach)
// for Convex's runtime, evaluated in a V8 context with only that runtime's
// globals (isolate.mjs); "use node" modules for Node (ESM, one entry per
// module), which Convex runs for actions only.
import { createRequire } from "node:module";
import { existsSync, readFileSync, readdirSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cachedBuild } from "./bundle-cache.mjs";
import { CLI_OPTIONS, cliShims, esbuild } from "./cli-bundle.mjs";
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

/**
 * Lists convex module files relative to convexDir (e.g. "lib/roles.ts"). A folder
 * holding a `convex.config.ts` is a component defined in the app's tree, not part
 * of its modules (the Convex CLI's `entryPoints` skips it the same way).
 */
export function listModules(convexDir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(convexDir, rel), { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // `_deps` holds the shared chunks of code pushed by the CLI (imported, not modules of their own).
        const skipped = entry.name === "_generated" || entry.name === "node_modules" || entry.name === "_deps" || entry.name.startsWith(".");
        if (!skipped && !existsSync(path.join(convexDir, relPath, "convex.config.ts"))) walk(relPath);
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
 * @param {{ entries: Record<string, string>, outfile: string, resolveDir: string, lenient?: boolean, cache?: ReturnType<typeof runtimeBuilds>, plugins?: import("esbuild").Plugin[] }} opts
 */
export async function bundleForRuntime({ entries, outfile, resolveDir, lenient = false, cache, plugins = [] }) {
  const lines = Object.entries(entries).map(([name, file]) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(file)}),`);
  /** @type {import("esbuild").BuildOptions} */
  const options = {
    stdin: { contents: `export const modules = {\n${lines.join("\n")}\n};\n`, resolveDir, sourcefile: "convex-modules.js", loader: "js" },
    outfile,
    bundle: true,
    format: "iife",
    globalName: MODULES_GLOBAL,
    platform: "browser",
    ...CLI_OPTIONS,
    nodePaths: [FALLBACK_NODE_MODULES],
    target: "node20",
    jsx: "automatic",
    keepNames: true,
    // Without sources' text: the map only turns stack frames into file:line.
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "silent",
    plugins: [...plugins, cliShims, componentConfigs(resolveDir), ...(lenient ? [missingAtRuntime()] : [])],
  };
  try {
    /** @param {import("esbuild").BuildOptions} o */
    const run = (o) => (cache ? cache.rebuild(JSON.stringify([resolveDir, lenient, lines]), resolveDir, o) : esbuild.build(o));
    // Extra plugins (pushed code's) are not part of the disk cache's key: such builds always run.
    const outputFiles = plugins.length === 0 ? await cachedBuild(resolveDir, options, run) : (await run({ ...options, write: false })).outputFiles;
    writeOutputs(outputFiles);
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
 *   hooks: Parameters<typeof evaluateForRuntime>[1], cache?: ReturnType<typeof runtimeBuilds>, plugins?: import("esbuild").Plugin[] }} opts
 * @returns {Promise<{ schema: any, byName: Record<string, any>, names: string[], nodeNames: string[], outDir: string, runtimeFile: string }>}
 */
export async function bundleModules({ entryPoints, nodeNames: nodeList, resolveDir, buildRoot, hooks, cache, plugins = [] }) {
  const outDir = path.join(buildRoot, `functions-${process.pid}-${++buildCounter}`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const nodeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => nodeList.includes(name)));
  const runtimeEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => !(name in nodeEntries)));
  const runtimeFile = path.join(outDir, ".runtime", "modules.js");
  await bundleForRuntime({ entries: runtimeEntries, outfile: runtimeFile, resolveDir, cache, plugins });
  await bundleForNode({ entries: nodeEntries, outDir, convexDir: resolveDir });
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

/** Writes a build's output files (readable by this user only, as the data dir). */
function writeOutputs(files) {
  for (const file of files) {
    mkdirSync(path.dirname(file.path), { recursive: true, mode: 0o700 });
    writeFileSync(file.path, file.contents, { mode: 0o600 });
  }
}

/** Removes earlier builds of this process, keeping `keep`. */
export function pruneBuilds(buildRoot, keep) {
  for (const entry of readdirSync(buildRoot)) {
    const full = path.join(buildRoot, entry);
    if (entry.startsWith("functions-") && full !== keep) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * "use node" modules (name -> file) for Node, one ESM file per module in
 * `outDir` (`<name>.mjs`), as the Convex CLI's node build: npm packages are
 * bundled in from the app's own node_modules, except those convex.json names in
 * `node.externalPackages` ("*": all), which Convex installs beside the bundle;
 * here they load from the app's node_modules too, never from this backend's.
 * `lenient`: a package that is not installed fails only the module that needs it (see missingAtRuntime).
 * @param {{ entries: Record<string, string>, outDir: string, convexDir: string, lenient?: boolean }} opts
 */
export async function bundleForNode({ entries, outDir, convexDir, lenient = false }) {
  if (Object.keys(entries).length === 0) return;
  /** @type {import("esbuild").BuildOptions} */
  const options = {
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
      chunkNames: "node-chunks/[name]-[hash]",
      // esbuild's ESM output for Node has no `require`; bundled CommonJS packages call it for built-ins.
      banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
      plugins: [componentConfigs(convexDir), externalPackagesFromApp(externalPackages(convexDir)), ...(lenient ? [missingAtRuntime()] : [])],
  };
  try {
    writeOutputs(await cachedBuild(convexDir, options, (o) => esbuild.build(o)));
  } catch (e) {
    if (!Array.isArray(e?.errors)) throw e;
    const shown = e.errors.slice(0, 10).map((err) => `${err.location ? `${err.location.file}:${err.location.line}: ` : ""}${err.text}`);
    throw new Error(`Bundling "use node" modules failed:\n${shown.join("\n")}`, { cause: e });
  }
}

/** convex.json's `node.externalPackages` (next to the app's package.json, above convex/). */
function externalPackages(convexDir) {
  for (let dir = path.resolve(convexDir); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) || path.dirname(dir) === dir) {
      const file = path.join(dir, "convex.json");
      const list = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"))?.node?.externalPackages : null;
      return Array.isArray(list) ? list : [];
    }
  }
}

const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/**
 * Keeps convex.json's external packages out of the bundle, each rewritten to the
 * absolute file URL it resolves to from the importing file (so from the app's
 * node_modules), since the bundle is written outside the app.
 */
export function externalPackagesFromApp(names) {
  const all = names.includes("*");
  return {
    name: "external-packages-from-app",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.externalFromApp || args.path.startsWith("node:")) return undefined;
        if (!all && !names.includes(packageName(args.path))) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { externalFromApp: true } });
        if (resolved.errors.length > 0 || resolved.external || !path.isAbsolute(resolved.path)) return undefined;
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

/**
 * Components: a component's `convex.config` imported by convex.config.ts (from
 * an npm package, or a folder of the app's own tree) is bundled in with its
 * directory recorded on its definition, as Convex's bundler does, since
 * `app.use(component)` needs it. `rootDir` holds the app's own convex.config.ts.
 */
export function componentConfigs(rootDir) {
  const root = path.resolve(rootDir);
  return {
    name: "component-configs",
    setup(build) {
      build.onResolve({ filter: /convex\.config(\.[cm]?[jt]s)?$/ }, (args) => {
        if (args.path.startsWith(".")) return undefined;
        const from = args.importer ? createRequire(args.importer) : createRequire(import.meta.url);
        try {
          return { path: from.resolve(args.path) };
        } catch {
          return undefined;
        }
      });
      build.onLoad({ filter: /[\\/]convex\.config\.[cm]?[jt]s$/ }, (args) => {
        const dir = path.dirname(args.path);
        if (dir === root) return undefined;
        const source = readFileSync(args.path, "utf8");
        const contents =
          `${source.replace(/export default /, "const __componentDefinition = ")}\n` +
          `__componentDefinition.componentDefinitionPath = ${JSON.stringify(dir)};\n` +
          "__componentDefinition.defaultName ??= __componentDefinition._name;\n" +
          "export default __componentDefinition;\n";
        return { contents, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js", resolveDir: dir };
      });
    },
  };
}
