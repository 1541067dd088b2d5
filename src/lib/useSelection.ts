import { useState } from "react";

type State = { key: string; ids: ReadonlySet<string>; anchor: string | null; seen: ReadonlyMap<string, string> };

/**
 * Which rows of a list are selected: click toggles one, shift-click sets the range from
 * the last clicked row (on the page shown) to this one, a page or every matching id at
 * once. A change of `resetKey` (another filter) starts with nothing selected.
 * With `stampOf`, each row selected on screen keeps what it showed then (`seen`: its status),
 * so a bulk change can refuse a row someone else has changed since; rows selected by "select
 * all matching" keep what the server read them with (`replace`'s stamps).
 */
export function useSelection(resetKey: string, stampOf?: (id: string) => string | undefined) {
  const [state, setState] = useState<State>({ key: resetKey, ids: new Set(), anchor: null, seen: new Map() });
  const current: State = state.key === resetKey ? state : { key: resetKey, ids: new Set<string>(), anchor: null, seen: new Map() };
  const set = (ids: ReadonlySet<string>, anchor: string | null = current.anchor, read?: ReadonlyMap<string, string>) => {
    const seen = new Map<string, string>();
    for (const id of ids) {
      // A row already selected keeps the stamp it was selected with (what the user chose it as).
      const stamp = current.ids.has(id) ? (current.seen.get(id) ?? read?.get(id)) : (read?.get(id) ?? stampOf?.(id));
      if (stamp !== undefined) seen.set(id, stamp);
    }
    setState({ key: resetKey, ids, anchor, seen });
  };

  return {
    ids: current.ids,
    count: current.ids.size,
    /** What each selected row showed when it was selected (only rows selected on screen). */
    seen: current.seen,
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
    /** Selects exactly `ids`; `stamps`: what each was read with (every row of "select all matching"). */
    replace(ids: readonly string[], stamps?: ReadonlyMap<string, string>) {
      set(new Set(ids), null, stamps);
    },
    /** Records what the rows `ids` hold now (after the caller's own bulk change set it). */
    restamp(ids: readonly string[], stamp: string) {
      const seen = new Map(current.seen);
      for (const id of ids) if (current.ids.has(id)) seen.set(id, stamp);
      setState({ ...current, seen });
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
