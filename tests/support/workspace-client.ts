// A signed-in test client (convex-test, or an HTTP client in E2E) acts in a workspace, as the app's screens do (src/lib's
// useWorkspace adds the current one to every workspace function's arguments): a call to a
// function that takes `workspaceId` without one gets the client's home workspace. Tests
// that are about another workspace pass `workspaceId` themselves.
import { getFunctionName, type FunctionArgs, type FunctionReference, type FunctionReturnType } from "convex/server";
import type { Id } from "../../convex/_generated/dataModel";

type Kind = "query" | "mutation" | "action";
type Ref<K extends Kind> = FunctionReference<K, "public">;
/** A workspace function's arguments with `workspaceId` left optional. */
type Args<F extends Ref<Kind>> = FunctionArgs<F> extends { workspaceId: Id<"workspaces"> }
  ? Omit<FunctionArgs<F>, "workspaceId"> & { workspaceId?: Id<"workspaces"> }
  : FunctionArgs<F>;

export type WorkspaceClient<Raw extends object> = Omit<Raw, "query" | "mutation" | "action"> & {
  query<F extends Ref<"query">>(fn: F, args?: Args<F>): Promise<FunctionReturnType<F>>;
  mutation<F extends Ref<"mutation">>(fn: F, args?: Args<F>): Promise<FunctionReturnType<F>>;
  action<F extends Ref<"action">>(fn: F, args?: Args<F>): Promise<FunctionReturnType<F>>;
};

const modules = import.meta.glob<Record<string, { exportArgs?: () => string }>>(
  ["../../convex/**/*.ts", "!../../convex/_generated/**", "!../../convex/convex.config.ts"],
);
const takesWorkspace = new Map<string, boolean>();

/** Whether the function declares a `workspaceId` argument (read from its registered validator, once). */
async function declaresWorkspace(fn: FunctionReference<Kind>): Promise<boolean> {
  const name = getFunctionName(fn);
  const known = takesWorkspace.get(name);
  if (known !== undefined) return known;
  const [module, exportName] = name.split(":");
  const load = modules[`../../convex/${module}.ts`];
  const registered = load === undefined ? undefined : (await load())[exportName ?? "default"];
  const args = registered?.exportArgs === undefined ? null : JSON.parse(registered.exportArgs());
  const found = args?.type === "object" && args.value?.workspaceId !== undefined;
  takesWorkspace.set(name, found);
  return found;
}

const unwrapped = new WeakMap<object, object>();

/** The client as it is, adding no workspace: for the fuzzer, whose malformed arguments include a missing workspaceId. */
export function exactly<C extends object>(client: C): C {
  return (unwrapped.get(client) as C | undefined) ?? client;
}

/** `raw` acting in the workspace `home()` names (looked up at call time: sign-up makes it). */
export function inWorkspace<Raw extends object>(raw: Raw, home: () => Promise<Id<"workspaces"> | null>): WorkspaceClient<Raw> {
  const withHome = async (fn: FunctionReference<Kind>, args: unknown = {}) => {
    // Malformed arguments (the fuzzer's) go through untouched: the server refuses them.
    if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
    if ("workspaceId" in args || !(await declaresWorkspace(fn))) return args;
    const workspaceId = await home();
    return workspaceId === null ? args : { ...args, workspaceId };
  };
  const call = (kind: Kind) => async (fn: FunctionReference<Kind>, args?: unknown) =>
    await (raw as unknown as Record<Kind, (f: unknown, a: unknown) => Promise<unknown>>)[kind](fn, await withHome(fn, args));
  const client = { ...raw, query: call("query"), mutation: call("mutation"), action: call("action") };
  unwrapped.set(client, raw);
  return client as unknown as WorkspaceClient<Raw>;
}
