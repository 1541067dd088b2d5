// convex/react fakes for the news screens: the shared app fakes plus paginated
// queries, per-function mutations and args-aware query results.
//   vi.mock("convex/react", async () => (await import("./news-fakes")).newsConvexModule);
import { getFunctionName, type FunctionReference } from "convex/server";
import { vi, type Mock } from "vitest";
import { convexReactModule, fake } from "./app-support/fake-convex";

type Result = unknown | ((args: Record<string, unknown>) => unknown);

export const news = {
  /** Query results by function name; a function gets the args; an Error is thrown (a failed query). */
  queries: {} as Record<string, Result>,
  /** Paginated results by function name (all items, one page). */
  paginated: {} as Record<string, Result>,
  status: "Exhausted" as "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted",
  loadMore: vi.fn(),
  mutations: {} as Record<string, Mock<(args: unknown) => Promise<unknown>>>,
};

export function mutationMock(name: string) {
  news.mutations[name] ??= vi.fn(async () => null);
  return news.mutations[name];
}

export function resetNews() {
  news.queries = {};
  news.paginated = {};
  news.status = "Exhausted";
  news.loadMore = vi.fn();
  news.mutations = {};
}

function resolve(value: Result, args: unknown) {
  const result = typeof value === "function" ? (value as (a: unknown) => unknown)(args) : value;
  if (result instanceof Error) throw result;
  return result;
}

export const newsConvexModule = {
  ...convexReactModule,
  useQuery: (query: FunctionReference<"query">, args?: unknown) => {
    if (args === "skip") return undefined;
    const name = getFunctionName(query);
    if (name in news.queries) return resolve(news.queries[name], args ?? {});
    return convexReactModule.useQuery(query, args);
  },
  usePaginatedQuery: (query: FunctionReference<"query">, args: unknown) => {
    const name = getFunctionName(query);
    const results = resolve(news.paginated[name] ?? [], args) as unknown[];
    return { results, status: news.status, isLoading: news.status === "LoadingFirstPage", loadMore: news.loadMore };
  },
  useMutation: (mutation: FunctionReference<"mutation">) => mutationMock(getFunctionName(mutation)),
};

export { fake };
