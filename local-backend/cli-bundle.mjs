// How the Convex CLI bundles, in one place for the local backend (bundle.mjs,
// codegen.mjs) and the deploy check (scripts/deploy-check.mjs): the esbuild
// release the installed convex package pins, the options its builds share
// (node_modules/convex/src/bundler/debugBundle.ts innerEsbuild, index.ts
// bundle; callers in src/cli/lib/config.ts) and its shims. The deploy check's
// builds: platform "browser" for Convex's own runtime, "node" for "use node"
// files. On the browser platform a Node built-in cannot resolve, which is how
// `npx convex deploy` fails; there such an import is recorded (importer and
// specifier) and the build goes on, so every offending import is reported at once.
import { builtinModules, createRequire } from "node:module";

/**
 * The esbuild release the installed convex package bundles with (it pins one): every build here uses it.
 * @type {typeof import("esbuild")}
 */
export const esbuild = createRequire(createRequire(import.meta.url).resolve("convex/package.json"))("esbuild");

/** The options every CLI build shares: the "convex" export condition and a production NODE_ENV. */
export const CLI_OPTIONS = { conditions: ["convex", "module"], define: { "process.env.NODE_ENV": '"production"' } };

const BUILTIN = new RegExp(`^(node:.+|${builtinModules.map((m) => m.replace(/[/.]/g, "\\$&")).join("|")})$`);

// The CLI maps async_hooks to the runtime's AsyncLocalStorage and turns
// Next.js's server-only into an empty module in the isolate (debugBundle.ts, serverOnly.ts); the
// local backend's runtime build uses the same shims (bundle.mjs).
/** @type {import("esbuild").Plugin} */
export const cliShims = {
  name: "convex-cli-shims",
  setup(build) {
    build.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({ path: args.path, namespace: "async-hooks-shim" }));
    build.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
      contents: [
        "const { AsyncLocalStorage, AsyncResource } = globalThis;",
        "export { AsyncLocalStorage, AsyncResource };",
        "export default { AsyncLocalStorage, AsyncResource };",
      ].join("\n"),
    }));
    build.onResolve({ filter: /^server-only$/ }, (args) => ({ path: args.path, namespace: "server-only-empty" }));
    build.onLoad({ filter: /.*/, namespace: "server-only-empty" }, () => ({ contents: "" }));
  },
};

function recordUnresolvableBuiltins(found) {
  return {
    name: "deploy-check-node-builtins",
    setup(build) {
      build.onResolve({ filter: BUILTIN }, async (args) => {
        if (args.pluginData?.deployCheck) return undefined;
        // Let esbuild resolve it as the CLI would: a package's "browser" field
        // or an npm polyfill of the same name makes the import fine.
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { deployCheck: true },
        });
        if (resolved.errors.length === 0) return undefined; // esbuild's own resolution goes ahead
        found.push({ importer: args.importer, specifier: args.path });
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * @param {{ entryPoints: string[], outbase: string, platform: "browser" | "node" }} opts
 * @returns {Promise<{ metafile: import("esbuild").Metafile | null, builtins: { importer: string, specifier: string }[], errors: import("esbuild").Message[] }>}
 */
export async function bundleLikeConvexCli({ entryPoints, outbase, platform }) {
  const builtins = [];
  if (entryPoints.length === 0) return { metafile: null, builtins, errors: [] };
  const isolate = platform === "browser";
  try {
    const result = await esbuild.build({
      entryPoints,
      outbase,
      outdir: "out",
      write: false,
      bundle: true,
      platform,
      format: "esm",
      target: "esnext",
      jsx: "automatic",
      ...CLI_OPTIONS,
      splitting: true,
      chunkNames: "_deps/[hash]",
      // The CLI compiles .wasm imports to WebAssembly.Module placeholders; loading the bytes is enough here.
      loader: { ".wasm": "binary" },
      plugins: isolate ? [cliShims, recordUnresolvableBuiltins(builtins)] : [],
      metafile: true,
      logLevel: "silent",
    });
    return { metafile: result.metafile, builtins, errors: [] };
  } catch (error) {
    if (!Array.isArray(error?.errors)) throw error;
    return { metafile: null, builtins, errors: error.errors };
  }
}

/**
 * One self-contained ESM bundle of a module, as the CLI bundles schema.ts and
 * auth.config.ts for the backend to evaluate (index.ts bundleSchema).
 * @returns {Promise<string>} the bundled source
 */
export async function bundleSingleModule(entryPoint) {
  const result = await esbuild.build({
    entryPoints: [entryPoint],
    outdir: "out",
    write: false,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "esnext",
    ...CLI_OPTIONS,
    plugins: [cliShims],
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}
