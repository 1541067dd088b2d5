// Discovery of every public Convex function straight from convex/, shared by the
// permission matrix and the fuzzer: a new function is picked up without a list to edit.
import { anyApi, type FunctionReference } from "convex/server";
import type { Kind, Rows } from "./permission-types";
import type { Backend, Client } from "./setup";

type Registered = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
};
export type PublicFunction = { path: string; kind: Kind; args: unknown };

// convex.config.ts holds no functions (and its components' configs are for Convex's bundler only).
const loaded = import.meta.glob<Record<string, unknown>>(["../../convex/**/*.ts", "!../../convex/_generated/**", "!../../convex/convex.config.ts"], {
  eager: true,
});

let discovered: ReadonlyMap<string, PublicFunction> | undefined;

/**
 * "module:name" → the registered function's kind and its args validator (Convex's exported JSON form).
 * Read once per test file: the matrix asks for it in many of its ~1,850 cases, and exporting
 * every function's validator again each time cost seconds of the matrix's run.
 */
export function publicFunctions(): ReadonlyMap<string, PublicFunction> {
  discovered ??= discover();
  return discovered;
}

function discover(): Map<string, PublicFunction> {
  const found = new Map<string, PublicFunction>();
  for (const [file, exports] of Object.entries(loaded)) {
    const module = file.replace("../../convex/", "").replace(/\.ts$/, "");
    for (const [name, value] of Object.entries(exports)) {
      const fn = value as Registered;
      if ((typeof fn !== "function" && typeof fn !== "object") || fn === null || fn.isPublic !== true) continue;
      const path = `${module}:${name}`;
      const kind: Kind = fn.isQuery ? "query" : fn.isMutation ? "mutation" : "action";
      const args = typeof fn.exportArgs === "function" ? JSON.parse(fn.exportArgs()) : { type: "any" };
      found.set(path, { path, kind, args });
    }
  }
  return found;
}

export function reference(path: string): FunctionReference<Kind> {
  const [module, name] = path.split(":");
  let ref: Record<string, unknown> = anyApi;
  for (const part of [...module.split("/"), name]) ref = ref[part] as Record<string, unknown>;
  return ref as unknown as FunctionReference<Kind>;
}

const rowModules = import.meta.glob<{ rows: Rows }>("./permission-rows/*.ts", { eager: true });
/** The permission matrix: every domain's rows merged. */
export const MATRIX: Rows = Object.assign({}, ...Object.values(rowModules).map((m) => m.rows));
/** Whether a function is in the role dimension (its row's `workspace` field). */
export const hasRoleRow = (path: string) => MATRIX[path]?.workspace !== undefined;

type AnyCaller = Record<Kind, (fn: FunctionReference<Kind>, args: Record<string, unknown>) => Promise<unknown>>;

export async function call(client: Backend | Client, kind: Kind, path: string, args: unknown) {
  return await (client as unknown as AnyCaller)[kind](reference(path), args as Record<string, unknown>);
}
