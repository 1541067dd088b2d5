// Hosting Convex components: the tree of `app.use(component)` in
// convex/convex.config.ts, each instance with its own functions (loaded from
// its package's component directory), its own schema and its own tables,
// which are stored under `<componentPath>:<table>` so no other component (or
// the app) can reach them. Function references from the app
// (`components.<name>.<module>.<fn>`) resolve to `_reference/childComponent/...`.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const MODULE = /\.js$/;

function listModules(dir, rel = "") {
  const out = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== "_generated" && entry.name !== "node_modules" && !entry.name.startsWith(".")) out.push(...listModules(dir, relPath));
    } else if (MODULE.test(entry.name) && entry.name !== "convex.config.js" && !/\.test\.js$/.test(entry.name)) {
      out.push(relPath);
    }
  }
  return out;
}

/**
 * @param {any} appDefinition the default export of convex/convex.config.ts (or null)
 * @returns {Promise<Map<string, { path: string, dir: string, byName: Record<string, any>, schema: any }>>}
 */
export async function loadComponents(appDefinition) {
  const components = new Map();
  async function visit(definition, parentPath) {
    for (const [name, child] of definition?._childComponents ?? []) {
      const componentPath = parentPath ? `${parentPath}/${name}` : name;
      const dir = child.componentDefinitionPath;
      const files = listModules(dir);
      const loaded = await Promise.allSettled(files.map((f) => import(pathToFileURL(path.join(dir, f)).href)));
      const byName = {};
      files.forEach((f, i) => {
        const r = loaded[i];
        if (r.status === "fulfilled") byName[f.replace(MODULE, "")] = r.value;
        // Packages ship test helpers whose dev dependencies are not installed; they hold no functions.
        else if (r.reason?.code !== "ERR_MODULE_NOT_FOUND") throw r.reason;
      });
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
