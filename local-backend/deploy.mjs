// Code pushed by `npx convex deploy` (self-hosted mode): the CLI bundles
// convex/ and every component it uses and posts the modules to
// /api/deploy2/start_push; the backend loads them (never the folder on disk),
// answers with their analysis (the CLI's codegen reads it), and switches to
// them on finish_push. A push is kept in the data directory and is what the
// backend runs on its next start when it was not given a folder.
// The protocol: convex/dist/esm/cli/lib/deploy2.js, lib/deployApi/*.js (zod
// schemas of each request and response); get-convex/convex-backend
// crates/local_backend (deploy_config2 routes).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleModules } from "./bundle.mjs";
import { loadComponents } from "./components.mjs";
import { writeFileAtomic } from "./files.mjs";

const ROOT = "deployment";
const CURRENT = "current.json";
const DEFINITIONS = "_componentDeps/";
const b64 = (s) => Buffer.from(s).toString("base64url");
const unb64 = (s) => Buffer.from(s, "base64url").toString("utf8");
/** The module hash the CLI compares (convex/dist/esm/cli/lib/components.js `hash`). */
const moduleHash = (m) => createHash("sha256").update(m.source).update(m.sourceMap || "").digest("hex");

/** A module path that stays inside its folder (the CLI sends relative POSIX paths). */
function safeModulePath(p) {
  if (typeof p !== "string" || !/^[A-Za-z0-9_./-]+$/.test(p) || p.split("/").some((part) => part === ".." || part === "")) {
    throw new PushError(`Invalid module path ${JSON.stringify(p)}`);
  }
  return p;
}

export class PushError extends Error {}

function writeModule(dir, m) {
  const file = path.join(dir, safeModulePath(m.path));
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // A linked map: esbuild reads it, so stack traces name the developer's sources.
  const source = m.sourceMap ? `${m.source}\n//# sourceMappingURL=${path.basename(file)}.map\n` : m.source;
  writeFileSync(file, source, { mode: 0o600 });
  if (m.sourceMap) writeFileSync(`${file}.map`, m.sourceMap, { mode: 0o600 });
}

/** Function modules among the pushed files: not the CLI's shared chunks, not a definition. */
const isFunctionModule = (p) => !p.startsWith("_deps/") && p.endsWith(".js");

/**
 * Resolves a definition's `./_componentDeps/<base64url definition path>` imports (left external by
 * the CLI) to the pushed definition, recording its path on it as Convex's runtime does.
 */
function componentDefinitions(deployDir) {
  return {
    name: "pushed-component-definitions",
    setup(build) {
      build.onResolve({ filter: /^\.\/_componentDeps\// }, (args) => ({ path: path.join(deployDir, "definitions", `${args.path.slice(2 + DEFINITIONS.length)}.js`), namespace: "pushed-definition" }));
      build.onLoad({ filter: /.*/, namespace: "pushed-definition" }, (args) => {
        const encoded = path.basename(args.path, ".js");
        return {
          contents:
            `import definition from ${JSON.stringify(args.path)};\n` +
            `definition.componentDefinitionPath = ${JSON.stringify(unb64(encoded))};\n` +
            "definition.defaultName ??= definition._name;\n" +
            "export default definition;\n",
          resolveDir: path.dirname(args.path),
          loader: "js",
        };
      });
    },
  };
}

/**
 * The functions of one stored push, as a host source (host.mjs CodeSource).
 * @param {string} deployDir
 */
function pushedSource(deployDir) {
  const manifest = JSON.parse(readFileSync(path.join(deployDir, "manifest.json"), "utf8"));
  return {
    deployDir,
    manifest,
    // Stack traces show the frames of the pushed files (their source maps name the developer's).
    projectDir: path.join(deployDir, "app"),
    async build({ buildRoot, hooks }) {
      const appDir = path.join(deployDir, "app");
      const app = manifest.modules.filter((m) => m.definitionPath === "" && isFunctionModule(m.path));
      const entryPoints = Object.fromEntries(app.map((m) => [m.path.replace(/\.js$/, ""), path.join(appDir, m.path)]));
      const nodeNames = app.filter((m) => m.environment === "node").map((m) => m.path.replace(/\.js$/, ""));
      const plugins = [componentDefinitions(deployDir)];
      // Each push is a new folder: no incremental build to keep.
      const bundle = await bundleModules({ entryPoints, nodeNames, resolveDir: appDir, buildRoot, hooks, plugins });
      const components = await loadComponents(bundle.byName["convex.config"]?.default ?? null, {
        outDir: bundle.outDir,
        hooks,
        convexDir: appDir,
        dirOf: (definitionPath) => path.join(deployDir, "components", b64(definitionPath)),
      });
      return { bundle, components };
    },
  };
}

/**
 * The analysis of loaded functions as start_push answers it (deployApi/componentDefinition.js
 * evaluatedComponentDefinition), per definition path ("" for the app).
 */
function analyse({ bundle, components }, manifest) {
  const udfConfig = { serverVersion: manifest.udfServerVersion, importPhaseRngSeed: null, importPhaseUnixTimestamp: null };
  const moduleAnalysis = (byName) => {
    const out = {};
    for (const [name, mod] of Object.entries(byName)) {
      if (name === "schema" || name === "convex.config" || name === "auth.config") continue;
      const functions = [];
      for (const [exportName, fn] of Object.entries(mod ?? {})) {
        const udfType = fn?.isQuery ? "Query" : fn?.isMutation ? "Mutation" : fn?.isAction ? "Action" : null;
        if (!udfType) continue;
        functions.push({
          name: exportName,
          pos: null,
          udfType,
          visibility: { kind: fn.isPublic ? "public" : "internal" },
          args: fn.exportArgs?.() ?? null,
          returns: fn.exportReturns?.() ?? null,
        });
      }
      const routes = name === "http" && mod?.default?.isRouter ? mod.default.getRoutes().map(([routePath, method]) => ({ path: routePath, method })) : null;
      out[`${name}.js`] = { functions, httpRoutes: routes, cronSpecs: null, sourceMapped: null };
    }
    return out;
  };
  const schemaOf = (s) => (s ? JSON.parse(s.export()) : null);
  const appDefinition = bundle.byName["convex.config"]?.default ?? null;
  const metadata = (definition, definitionPath) => {
    const exported = definition?.export?.() ?? { definitionType: { type: "app" }, childComponents: [], httpMounts: {}, exports: { type: "branch", branch: [] } };
    return { ...exported, path: definitionPath };
  };
  const analysis = {
    "": { definition: metadata(appDefinition, ""), schema: schemaOf(bundle.schema), functions: moduleAnalysis(bundle.byName), udfConfig },
  };
  // One analysis per definition, whichever instance of it comes first.
  const definitionsByPath = new Map();
  const visit = (definition) => {
    for (const [, child] of definition?._childComponents ?? []) {
      if (!definitionsByPath.has(child.componentDefinitionPath)) definitionsByPath.set(child.componentDefinitionPath, child);
      visit(child);
    }
  };
  visit(appDefinition);
  for (const [componentPath, c] of components) {
    const definitionPath = manifest.instances?.[componentPath];
    if (definitionPath === undefined || definitionPath in analysis) continue;
    analysis[definitionPath] = { definition: metadata(definitionsByPath.get(definitionPath), definitionPath), schema: schemaOf(c.schema), functions: moduleAnalysis(c.byName), udfConfig };
  }
  return analysis;
}

/** The checked component tree (deployApi/checkedComponent.js) the CLI's codegen walks. */
function checkedTree(definition, definitionPath, componentPath, httpRoutes) {
  const childComponents = {};
  for (const [name, child] of definition?._childComponents ?? []) {
    childComponents[name] = checkedTree(child, child.componentDefinitionPath, componentPath ? `${componentPath}/${name}` : name, null);
  }
  return { definitionPath, componentPath, args: {}, childComponents, httpRoutes: { httpModuleRoutes: httpRoutes, mounts: [] }, exports: {} };
}

const indexKey = (table, i) => `${table}.${i.indexDescriptor}`;

/** Indexes added and removed between two exported schemas (finishPush.js indexDiff). */
function indexDiff(before, after) {
  const list = (schema) => {
    const out = new Map();
    for (const t of schema?.tables ?? []) {
      for (const i of t.indexes ?? []) out.set(indexKey(t.tableName, i), { name: indexKey(t.tableName, i), type: "database", fields: i.fields });
      for (const i of t.searchIndexes ?? []) out.set(indexKey(t.tableName, i), { name: indexKey(t.tableName, i), type: "search", searchField: i.searchField, filterFields: i.filterFields });
    }
    return out;
  };
  const a = list(before);
  const b = list(after);
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  return {
    added_indexes: [...b].filter(([k, v]) => !a.has(k) || !same(a.get(k), v)).map(([, v]) => v),
    removed_indexes: [...a].filter(([k, v]) => !b.has(k) || !same(b.get(k), v)).map(([, v]) => v),
  };
}

/** The current push's folder, named in <dataDir>/deployment/current.json (null before the first push). */
function currentPushDir(dataDir) {
  const root = path.join(dataDir, ROOT);
  const file = path.join(root, CURRENT);
  if (!existsSync(file)) return null;
  const dir = path.join(root, JSON.parse(readFileSync(file, "utf8")).dir);
  return existsSync(path.join(dir, "manifest.json")) ? dir : null;
}

/**
 * The last push, as a host source (null when nothing was pushed).
 * @param {string} dataDir
 */
export function currentPushSource(dataDir) {
  const dir = currentPushDir(dataDir);
  return dir ? pushedSource(dir) : null;
}

/**
 * Pushes: staged (start_push), then made current (finish_push).
 * @param {{ dataDir: string, host: any, log: (m: string) => void, environmentVariables: () => Record<string, string>, onActivated: () => void }} deps
 */
export function createDeployments({ dataDir, host, log, environmentVariables, onActivated }) {
  const root = path.join(dataDir, ROOT);
  /** pushId -> { deployDir, source, prepared, response } */
  const staged = new Map();

  const currentDir = () => currentPushDir(dataDir);
  const currentManifest = () => {
    const dir = currentDir();
    return dir ? JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) : null;
  };

  /** Writes a push's modules into a new folder (unchanged ones copied from the current push). */
  function stage(request) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    // Written where it will stay (source maps name files under it); current.json makes it live.
    const name = `push-${Date.now()}-${randomBytes(4).toString("hex")}`;
    const dir = path.join(root, name);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const previous = currentDir();
    const app = request.appDefinition;
    const modules = [];
    const appDir = path.join(dir, "app");
    for (const m of app.changedModules) {
      writeModule(appDir, m);
      modules.push({ definitionPath: "", path: m.path, environment: m.environment, sha256: moduleHash(m) });
    }
    for (const h of app.unchangedModuleHashes) {
      const from = previous && path.join(previous, "app", safeModulePath(h.path));
      if (!from || !existsSync(from)) throw new PushError(`Module ${h.path} was sent as unchanged but this deployment does not have it`);
      const source = readFileSync(from, "utf8").replace(/\n\/\/# sourceMappingURL=[^\n]*\n$/, "");
      const sourceMap = existsSync(`${from}.map`) ? readFileSync(`${from}.map`, "utf8") : undefined;
      writeModule(appDir, { path: h.path, source, sourceMap });
      modules.push({ definitionPath: "", path: h.path, environment: h.environment, sha256: h.sha256 });
    }
    if (app.schema) writeModule(appDir, { ...app.schema, path: "schema.js" });
    if (app.definition) {
      writeModule(appDir, { ...app.definition, path: "convex.config.js" });
      modules.push({ definitionPath: "", path: "convex.config.js", environment: "isolate", sha256: moduleHash(app.definition) });
    }
    if (app.schema) modules.push({ definitionPath: "", path: "schema.js", environment: "isolate", sha256: moduleHash(app.schema) });
    for (const c of request.componentDefinitions) {
      const encoded = b64(c.definitionPath);
      writeModule(path.join(dir, "definitions"), { ...c.definition, path: `${encoded}.js` });
      const componentDir = path.join(dir, "components", encoded);
      for (const m of c.functions) writeModule(componentDir, m);
      if (c.schema) writeModule(componentDir, { ...c.schema, path: "schema.js" });
    }
    // Pushed modules are ES modules: Node loads the "use node" ones as such.
    writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n', { mode: 0o600 });
    const manifest = {
      functions: request.functions,
      udfServerVersion: app.udfServerVersion,
      nodeVersion: request.nodeVersion,
      modules,
      instances: {},
    };
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest), { mode: 0o600 });
    return { name, dir };
  }

  async function startPush(request) {
    if (!request?.appDefinition || !Array.isArray(request.componentDefinitions)) throw new PushError("Expected a start_push request (appDefinition, componentDefinitions)");
    const { name, dir } = stage(request);
    let source;
    let prepared;
    try {
      source = pushedSource(dir);
      prepared = await host.prepare(source);
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw new PushError(`Loading the pushed functions failed: ${e?.message ?? e}`);
    }
    // Which definition each instance is, for the analysis and for restarts.
    const instances = {};
    const visit = (definition, parent) => {
      for (const [childName, child] of definition?._childComponents ?? []) {
        const componentPath = parent ? `${parent}/${childName}` : childName;
        instances[componentPath] = child.componentDefinitionPath;
        visit(child, componentPath);
      }
    };
    const appDefinition = prepared.next.byName["convex.config"]?.default ?? null;
    visit(appDefinition, "");
    source.manifest.instances = instances;
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(source.manifest), { mode: 0o600 });
    const loaded = { bundle: prepared.next, components: prepared.nextComponents };
    const analysis = analyse(loaded, source.manifest);
    const httpRoutes = analysis[""].functions["http.js"]?.httpRoutes ?? null;
    const pushId = randomBytes(12).toString("hex");
    const response = {
      environmentVariables: environmentVariables(),
      externalDepsId: null,
      componentDefinitionPackages: {},
      appAuth: (prepared.next.byName["auth.config"]?.default?.providers ?? []).map((p) => ({ ...p })),
      analysis,
      app: checkedTree(appDefinition, "", "", httpRoutes),
      schemaChange: { allocatedComponentIds: null, schemaIds: { pushId }, indexDiffs: { "": indexDiff(host.schema(), prepared.exported) } },
    };
    if (request.dryRun) {
      rmSync(dir, { recursive: true, force: true });
    } else {
      for (const [id, old] of staged) {
        staged.delete(id);
        rmSync(old.dir, { recursive: true, force: true });
      }
      staged.set(pushId, { name, dir, source, prepared });
    }
    return response;
  }

  async function finishPush(request) {
    const pushId = request?.startPush?.schemaChange?.schemaIds?.pushId;
    const push = staged.get(pushId);
    if (request?.dryRun) return finishDiff(request.startPush);
    if (!push) throw new PushError("This push was not started here, or another push replaced it: push again");
    staged.delete(pushId);
    const source = pushedSource(push.dir);
    await host.activate(push.prepared, source);
    onActivated();
    writeFileAtomic(path.join(root, CURRENT), `${JSON.stringify({ dir: push.name })}\n`, 0o600);
    for (const entry of readdirSync(root)) {
      if (entry.startsWith("push-") && entry !== push.name) rmSync(path.join(root, entry), { recursive: true, force: true });
    }
    log(`Deployed the functions pushed by the Convex CLI (${source.manifest.modules.length} modules)`);
    return finishDiff(request.startPush);
  }

  const finishDiff = (startPush) => ({
    authDiff: { added: [], removed: [] },
    definitionDiffs: {},
    componentDiffs: {
      "": {
        diffType: { type: "modify" },
        moduleDiff: { added: [], removed: [] },
        udfConfigDiff: null,
        cronDiff: { added: [], updated: [], deleted: [] },
        indexDiff: startPush?.schemaChange?.indexDiffs?.[""] ?? { added_indexes: [], removed_indexes: [] },
        schemaDiff: null,
      },
    },
  });

  /** What /api/get_config_hashes answers: the current push's modules, so the CLI sends only changed ones. */
  function configHashes() {
    const manifest = currentManifest();
    const moduleHashes = (manifest?.modules ?? [])
      .filter((m) => m.definitionPath === "" && isFunctionModule(m.path) && m.path !== "convex.config.js" && m.path !== "schema.js")
      .map((m) => ({ path: m.path, hash: m.sha256, environment: m.environment }));
    return {
      config: { functions: manifest?.functions ?? "convex/", ...(manifest?.nodeVersion ? { nodeVersion: manifest.nodeVersion } : {}) },
      moduleHashes,
      nodeDependencies: [],
      udfServerVersion: manifest?.udfServerVersion ?? null,
    };
  }

  return {
    startPush,
    finishPush,
    configHashes,
  };
}

/** No functions yet (a backend started without a folder, before its first push). */
export function emptySource(resolveDir) {
  return {
    projectDir: resolveDir,
    async build({ buildRoot, hooks }) {
      const bundle = await bundleModules({ entryPoints: {}, nodeNames: [], resolveDir, buildRoot, hooks });
      return { bundle, components: new Map() };
    },
  };
}
