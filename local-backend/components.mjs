// Hosting Convex components: the tree of `app.use(component)` in
// convex/convex.config.ts, each instance with its own functions (loaded from
// its package's component directory), its own schema and its own tables,
// which are stored under `<componentPath>:<table>` so no other component (or
// the app) can reach them. Each instance runs in its own V8 context. Function references from the app
// (`components.<name>.<module>.<fn>`) resolve to `_reference/childComponent/...`.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleForNode, bundleForRuntime, listModules, usesNode } from "./bundle.mjs";
import { evaluateForRuntime } from "./isolate.mjs";

const MODULE = /\.(m?[jt]s|tsx|jsx)$/;

// Packages ship test helpers whose dev dependencies are not installed; they hold no functions.
const isMissingPackage = (e) => e?.code === "ERR_MODULE_NOT_FOUND";

/**
 * Loads one component instance's modules (an npm package's component folder
 * or a folder of the app's tree, TypeScript included): those without
 * "use node" bundled (with the npm packages they use) and run in their own
 * context with Convex's runtime globals, as the app's are; "use node" ones
 * built for Node as the app's are.
 */
async function loadInstance(dir, outfile, { hooks, cache, convexDir }) {
  const files = listModules(dir).filter((f) => !/^convex\.config\./.test(f));
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
  const nodeDir = outfile.replace(/\.js$/, "-node");
  const nodeNames = node.map((f) => f.replace(MODULE, ""));
  await bundleForNode({ entries: Object.fromEntries(node.map((f) => [f.replace(MODULE, ""), path.join(dir, f)])), outDir: nodeDir, convexDir, lenient: true });
  const loaded = await Promise.allSettled(nodeNames.map((name) => import(pathToFileURL(path.join(nodeDir, `${name}.mjs`)).href)));
  nodeNames.forEach((name, i) => {
    const r = loaded[i];
    if (r.status === "fulfilled") byName[name] = r.value;
    else if (!isMissingPackage(r.reason)) throw r.reason;
  });
  return byName;
}

/**
 * @param {any} appDefinition the default export of convex/convex.config.ts (or null)
 * @param {{ outDir: string, hooks: Parameters<typeof evaluateForRuntime>[1], cache?: any, convexDir: string, dirOf?: (definitionPath: string) => string }} build
 *   where bundles go; the contexts' hooks; incremental builds (bundle.mjs runtimeBuilds); the app's convex/; where a
 *   definition's modules are (pushed code keeps them apart from the package they came from)
 * @returns {Promise<Map<string, { path: string, dir: string, byName: Record<string, any>, schema: any }>>}
 */
export async function loadComponents(appDefinition, { outDir, hooks, cache, convexDir, dirOf = (d) => d }) {
  const components = new Map();
  async function visit(definition, parentPath) {
    for (const [name, child] of definition?._childComponents ?? []) {
      const componentPath = parentPath ? `${parentPath}/${name}` : name;
      const dir = dirOf(child.componentDefinitionPath);
      const outfile = path.join(outDir, ".components", `${componentPath.replace(/[^A-Za-z0-9_-]/g, "_")}.js`);
      const byName = await loadInstance(dir, outfile, { hooks, cache, convexDir });
      components.set(componentPath, { path: componentPath, dir, byName, schema: byName.schema?.default ?? null });
      await visit(child, componentPath);
    }
  }
  await visit(appDefinition, "");
  return components;
}

/**
 * A table's name in the store: app tables as they are, a component's under its
 * path, its system tables (`_storage`, `_scheduled_functions`) included: each
 * component has its own, as on Convex (one table namespace per component).
 */
export const qualifiedTable = (componentPath, table) => (!componentPath ? table : `${componentPath}:${table}`);

/** A stored table's name as its app or component names it. */
export const localTableName = (table) => table.slice(table.lastIndexOf(":") + 1);

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
