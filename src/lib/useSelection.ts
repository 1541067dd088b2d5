import { useState } from "react";

/**
 * Which rows of a list are selected: click toggles one, shift-click sets the range from
 * the last clicked row (on the page shown) to this one, a page or every matching id at
 * once. A change of `resetKey` (another filter) starts with nothing selected.
 */
export function useSelection(resetKey: string) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string>; anchor: string | null }>({
    key: resetKey,
    ids: new Set(),
    anchor: null,
  });
  const current = state.key === resetKey ? state : { key: resetKey, ids: new Set<string>(), anchor: null };
  const set = (ids: ReadonlySet<string>, anchor: string | null = current.anchor) => setState({ key: resetKey, ids, anchor });

  return {
    ids: current.ids,
    count: current.ids.size,
    toggle(id: string, shiftKey: boolean, pageIds: readonly string[]) {
      const next = new Set(current.ids);
      const from = current.anchor === null ? -1 : pageIds.indexOf(current.anchor);
      const to = pageIds.indexOf(id);
      if (shiftKey && from !== -1 && to !== -1) {
        // The range takes the state the anchor row has.
        const on = current.ids.has(current.anchor!);
        for (const rangeId of pageIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
          if (on) next.add(rangeId);
          else next.delete(rangeId);
        }
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      set(next, id);
    },
    setPage(pageIds: readonly string[], checked: boolean) {
      const next = new Set(current.ids);
      for (const id of pageIds) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      set(next);
    },
    replace(ids: readonly string[]) {
      set(new Set(ids), null);
    },
    /** Drops ids that no longer exist (after a bulk delete). */
    remove(ids: readonly string[]) {
      const next = new Set(current.ids);
      for (const id of ids) next.delete(id);
      set(next);
    },
    clear() {
      set(new Set(), null);
    },
  };
}
export type Selection = ReturnType<typeof useSelection>;
