import { useEffect, useEffectEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "./useDebounced";

const SEARCH_DELAY_MS = 300;

/**
 * A list's filters, sort and view, kept in the URL's search params (shareable, and Back
 * restores them). `get` answers the value only when it is one of `allowed` (or any
 * non-empty text without a list); `set` drops a param set to "" or undefined.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  return {
    get<T extends string>(name: string, allowed?: readonly T[]): T | undefined {
      const value = params.get(name);
      if (value === null || value === "") return undefined;
      return allowed === undefined || (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
    },
    set(changes: Record<string, string | undefined>) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === "") next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
  };
}

/**
 * A search box whose settled text lives in the URL param `name`: typing stays local,
 * the URL (and so the query) follows once typing pauses.
 */
export function useSearchParamText(list: ReturnType<typeof useListParams>, name = "q") {
  const query = list.get(name) ?? "";
  const [text, setText] = useState(query);
  const settled = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const apply = useEffectEvent((value: string) => {
    if (value !== (list.get(name) ?? "")) list.set({ [name]: value });
  });
  useEffect(() => apply(settled), [settled]);
  return { text, setText, query };
}
