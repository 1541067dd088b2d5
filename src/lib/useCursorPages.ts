import { useQuery } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType, PaginationOptions, PaginationResult } from "convex/server";
import { useState } from "react";

type PagedQuery = FunctionReference<"query", "public", { paginationOpts: PaginationOptions }, PaginationResult<unknown>>;
type Row<Q extends PagedQuery> = FunctionReturnType<Q>["page"][number];

/**
 * Page-by-page navigation over a Convex paginated query: one live page at a time, the
 * cursors of the pages before it kept so Previous goes back. A change of `args`
 * (filter, search, sort) starts again at page 1; "skip" waits (a workspace still loading).
 */
export function useCursorPages<Q extends PagedQuery>(query: Q, args: Omit<FunctionArgs<Q>, "paginationOpts"> | "skip", pageSize: number) {
  const key = JSON.stringify(args);
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key, cursors: [null] });
  const cursors = state.key === key ? state.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const pageArgs = args === "skip" ? "skip" : ({ ...args, paginationOpts: { numItems: pageSize, cursor } } as FunctionArgs<Q>);
  const result = useQuery(query as PagedQuery, pageArgs) as FunctionReturnType<Q> | undefined;
  // While the next page loads, the last one stays on screen (no flash to a spinner).
  const [last, setLast] = useState<{ key: string; cursor: string | null; result: PaginationResult<Row<Q>> } | null>(null);
  if (result !== undefined && last?.result !== result) setLast({ key, cursor, result: result as PaginationResult<Row<Q>> });
  const shown = result !== undefined ? { key, cursor, result } : last?.key === key ? last : undefined;
  const set = (next: (string | null)[]) => setState({ key, cursors: next });
  return {
    rows: (shown?.result.page ?? []) as Row<Q>[],
    /** Which list and page the rows are of (they lag a page change until it loads). */
    rowsKey: shown === undefined ? null : `${shown.key}@${shown.cursor}`,
    loading: shown === undefined,
    page: cursors.length,
    canPrevious: cursors.length > 1,
    canNext: result !== undefined && !result.isDone,
    first: () => set([null]),
    previous: () => set(cursors.slice(0, -1)),
    next: () => {
      if (result !== undefined && !result.isDone) set([...cursors, result.continueCursor]);
    },
  };
}
