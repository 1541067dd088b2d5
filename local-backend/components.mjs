// Hosting Convex components: the tree of `app.use(component)` in
// convex/convex.config.ts, each instance with its own functions (loaded from
// its package's component directory), its own schema and its own tables,
// which are stored under `<componentPath>:<table>` so no other component (or
// the app) can reach them. Each instance runs in its own V8 context. Function references from the app
// (`components.<name>.<module>.<fn>`) resolve to `_reference/childComponent/...`.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleForRuntime, usesNode } from "./bundle.mjs";
import { evaluateForRuntime } from "./isolate.mjs";

const MODULE = /\.js$/;

function listModules(dir, rel = "") {
  const out = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // `_deps` holds the shared chunks of code pushed by the CLI (imported, not modules of their own).
      if (!["_generated", "node_modules", "_deps"].includes(entry.name) && !entry.name.startsWith(".")) out.push(...listModules(dir, relPath));
    } else if (MODULE.test(entry.name) && entry.name !== "convex.config.js" && !/\.test\.js$/.test(entry.name)) {
      out.push(relPath);
    }
  }
  return out;
}

// Packages ship test helpers whose dev dependencies are not installed; they hold no functions.
const isMissingPackage = (e) => e?.code === "ERR_MODULE_NOT_FOUND";

/**
 * Loads one component instance's modules: those without "use node" bundled
 * (with the npm packages they use) and run in their own context with Convex's
 * runtime globals, as the app's are; "use node" ones in Node.
 */
async function loadInstance(dir, outfile, hooks, cache) {
  const files = listModules(dir);
  const node = files.filter((f) => usesNode(path.join(dir, f)));
  const runtime = files.filter((f) => !node.includes(f));
  const byName = {};
  await bundleForRuntime({ entries: Object.fromEntries(runtime.map((f) => [f.replace(MODULE, ""), path.join(dir, f)])), outfile, resolveDir: dir, lenient: true, cache });
  const loaders = evaluateForRuntime(outfile, hooks);
  for (const [name, load] of Object.entries(loaders)) {
    try {
      byName[name] = load();
    } catch (e) {
      if (!isMissingPackage(e)) throw e;
    }
  }
  const loaded = await Promise.allSettled(node.map((f) => import(pathToFileURL(path.join(dir, f)).href)));
  node.forEach((f, i) => {
    const r = loaded[i];
    if (r.status === "fulfilled") byName[f.replace(MODULE, "")] = r.value;
    else if (!isMissingPackage(r.reason)) throw r.reason;
  });
  return byName;
}

/**
 * @param {any} appDefinition the default export of convex/convex.config.ts (or null)
 * @param {{ outDir: string, hooks: Parameters<typeof evaluateForRuntime>[1], cache?: any, dirOf?: (definitionPath: string) => string }} build
 *   where bundles go; the contexts' hooks; incremental builds (bundle.mjs runtimeBuilds); where a
 *   definition's modules are (pushed code keeps them apart from the package they came from)
 * @returns {Promise<Map<string, { path: string, dir: string, byName: Record<string, any>, schema: any }>>}
 */
export async function loadComponents(appDefinition, { outDir, hooks, cache, dirOf = (d) => d }) {
  const components = new Map();
  async function visit(definition, parentPath) {
    for (const [name, child] of definition?._childComponents ?? []) {
      const componentPath = parentPath ? `${parentPath}/${name}` : name;
      const dir = dirOf(child.componentDefinitionPath);
      const outfile = path.join(outDir, ".components", `${componentPath.replace(/[^A-Za-z0-9_-]/g, "_")}.js`);
      const byName = await loadInstance(dir, outfile, hooks, cache);
      components.set(componentPath, { path: componentPath, dir, byName, schema: byName.schema?.default ?? null });
      await visit(child, componentPath);
    }
  }
  await visit(appDefinition, "");
  return components;
}

/** A table's name in the store: app tables as they are, a component's under its path. */
export const qualifiedTable = (componentPath, table) => (!componentPath || table.startsWith("_") ? table : `${componentPath}:${table}`);

/** The table of an id as `componentPath`'s functions name it (a component's own tables without their prefix). */
export function tableNamer(db, componentPath) {
  return (id) => {
    const table = db.tableOfId(id);
    if (!componentPath || table === null) return table;
    return table.startsWith(`${componentPath}:`) ? table.slice(componentPath.length + 1) : table;
  };
}

/** The component path and function a reference or name points at, from `fromComponent`. */
export function resolveReference(reference, fromComponent) {
  const prefix = "_reference/childComponent/";
  if (!reference.startsWith(prefix)) throw new Error(`Unsupported function reference ${reference}`);
  const parts = reference.slice(prefix.length).split("/");
  if (parts.length < 3) throw new Error(`Function reference ${reference} names no function`);
  const child = parts[0];
  const fn = parts.at(-1);
  const module = parts.slice(1, -1).join("/");
  return { component: fromComponent ? `${fromComponent}/${child}` : child, udfPath: `${module}:${fn}` };
}
