// The current workspace: named by the URL's `?w=` (shareable; Back restores it), else the
// last one chosen on this device, else the caller's home one (homeWorkspace). Every screen reads and writes the
// register through the hooks below, which add the current workspace to each call; the
// server checks membership and role on every one (the client only hides).
import { useAction, useConvexAuth, useMutation, useQuery } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { DEFAULT_CURRENCY } from "../../convex/lib/money/currency";
import { can, homeWorkspace } from "../../convex/lib/workspaces/rules";
import type { MyWorkspace } from "../../convex/lib/workspaces/tables";

export const WORKSPACE_PARAM = "w";
const NO_WORKSPACE = "Your workspaces are still loading. Please try again.";
const STORAGE_KEY = "tmt.workspace";

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(id: string) {
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Private mode: the URL still carries the choice.
  }
}

type WorkspaceState = {
  /** The caller's workspaces (personal first); undefined while loading. */
  workspaces: MyWorkspace[] | undefined;
  current: MyWorkspace | null;
  workspaceId: Id<"workspaces"> | null;
  /** Makes `id` current (in the URL and for the next visit). */
  select: (id: Id<"workspaces">) => void;
  /** `args` for a one-off call (useConvex().query) in the current workspace. */
  inCurrent: <A extends object>(args: A) => A & InWorkspace;
};

export function useWorkspace(): WorkspaceState {
  const { isAuthenticated } = useConvexAuth();
  const workspaces = useQuery(api.workspaces.listMine, isAuthenticated ? {} : "skip");
  const [params, setParams] = useSearchParams();
  const wanted = params.get(WORKSPACE_PARAM) ?? stored();
  // A workspace the caller is not in (an old link, a removal) falls back to their home one.
  const current = workspaces?.find((w) => w._id === wanted) ?? (workspaces && homeWorkspace(workspaces)) ?? null;
  const select = useCallback(
    (id: Id<"workspaces">) => {
      remember(id);
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(WORKSPACE_PARAM, id);
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  const workspaceId = current?._id ?? null;
  const inCurrent = useCallback(
    <A extends object>(args: A): A & InWorkspace => {
      if (workspaceId === null) throw new Error(NO_WORKSPACE);
      return { ...args, workspaceId };
    },
    [workspaceId],
  );
  return { workspaces, current, workspaceId, select, inCurrent };
}

/**
 * Whether the caller's role in the current workspace changes the register (editor and up):
 * screens hide what a viewer may not do (the server refuses it anyway). True while loading,
 * so an editor's controls do not flicker in.
 */
export function useMayEdit(): boolean {
  const { workspaces, current } = useWorkspace();
  return workspaces === undefined || can(current?.role, "edit");
}

/** What a new amount in the current workspace is in (its default currency; the default while loading). */
export function useWorkspaceCurrency(): string {
  return useWorkspace().current?.currency ?? DEFAULT_CURRENCY;
}

type InWorkspace = { workspaceId: Id<"workspaces"> };
type WorkspaceFn<K extends "query" | "mutation" | "action"> = FunctionReference<K, "public", InWorkspace>;
/** A workspace function's arguments without the workspace (the hooks add it). */
type WorkspaceArgs<F extends WorkspaceFn<"query" | "mutation" | "action">> = Omit<FunctionArgs<F>, "workspaceId">;

function withWorkspace<F extends WorkspaceFn<"query" | "mutation" | "action">>(args: WorkspaceArgs<F>, workspaceId: Id<"workspaces">) {
  return { ...args, workspaceId } as FunctionArgs<F>;
}

/** useQuery in the current workspace; undefined (loading) until the workspace is known. */
export function useWorkspaceQuery<F extends WorkspaceFn<"query">>(fn: F, args: WorkspaceArgs<F> | "skip"): FunctionReturnType<F> | undefined {
  const { workspaceId } = useWorkspace();
  return useQuery(fn as FunctionReference<"query">, workspaceId === null || args === "skip" ? "skip" : withWorkspace<F>(args, workspaceId));
}

/** useMutation in the current workspace. */
export function useWorkspaceMutation<F extends WorkspaceFn<"mutation">>(fn: F) {
  const { workspaceId } = useWorkspace();
  const run = useMutation(fn as FunctionReference<"mutation">);
  return useCallback(
    async (args: WorkspaceArgs<F>): Promise<FunctionReturnType<F>> => {
      if (workspaceId === null) throw new Error(NO_WORKSPACE);
      return await run(withWorkspace<F>(args, workspaceId));
    },
    [run, workspaceId],
  );
}

/** useAction in the current workspace. */
export function useWorkspaceAction<F extends WorkspaceFn<"action">>(fn: F) {
  const { workspaceId } = useWorkspace();
  const run = useAction(fn as FunctionReference<"action">);
  return useCallback(
    async (args: WorkspaceArgs<F>): Promise<FunctionReturnType<F>> => {
      if (workspaceId === null) throw new Error(NO_WORKSPACE);
      return await run(withWorkspace<F>(args, workspaceId));
    },
    [run, workspaceId],
  );
}
