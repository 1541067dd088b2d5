import { createContext, useContext, useEffect, useState } from "react";
import type { HistoryRouterProps } from "react-router";

type History = HistoryRouterProps["history"];
type Path = ReturnType<History["encodeLocation"]>;

/** A navigation held back by a blocker: go on with it, or stay. */
interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

interface Blocker {
  /** Whether leaving `from` for `to` must be confirmed first. */
  blocks: (from: Path, to: Path) => boolean;
  /** Called with the held navigation's way to go on. */
  onBlocked: (proceed: () => void) => void;
}

export interface GuardedHistory extends History {
  /** While registered, navigations the blocker names are held until it proceeds; returns the unregister. */
  block: (blocker: Blocker) => () => void;
}

/**
 * A history that can hold a navigation for confirmation, as the data router's useBlocker does, on
 * react-router's own history under the small declarative router (the data router alone was 16 KB
 * gzipped of the landing page's JavaScript, bench/bundle-size.mjs). Links and navigate() are held
 * before they happen; Back and Forward have already moved the browser, so they are undone (go back
 * by the same delta) and redone on proceed.
 */
export function guardHistory(base: History): GuardedHistory {
  const blockers = new Set<Blocker>();
  let current: Path = base.location;
  // A pop this wrapper caused itself (undoing or redoing a held Back): passed over, or let through.
  let pop: "undo" | "redo" | null = null;

  const held = (to: Path, go: () => void): boolean => {
    const blocker = [...blockers].find((b) => b.blocks(current, to));
    if (!blocker) return false;
    blocker.onBlocked(go);
    return true;
  };
  const navigate = (method: "push" | "replace") => (to: Parameters<History["push"]>[0], state?: unknown) => {
    const go = () => base[method](to, state);
    if (!held(base.encodeLocation(to), go)) go();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: navigate("push"),
    replace: navigate("replace"),
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update) => {
        if (update.action === "POP") {
          if (pop === "undo") {
            pop = null;
            return;
          }
          const { delta } = update;
          if (pop === null && delta !== null && delta !== 0) {
            const redo = () => {
              pop = "redo";
              base.go(delta);
            };
            const to = update.location;
            if ([...blockers].some((b) => b.blocks(current, to))) {
              pop = "undo";
              base.go(-delta);
              held(to, redo);
              return;
            }
          }
          pop = null;
        }
        current = update.location;
        listener(update);
      });
    },
    block(blocker) {
      blockers.add(blocker);
      return () => blockers.delete(blocker);
    },
  };
}

/** The app's guarded history, provided by GuardedRouter; null outside one. */
export const GuardContext = createContext<GuardedHistory | null>(null);

/**
 * While `active`, a navigation to another page is held: the returned value is that navigation
 * (proceed or reset it), null while none is. Outside a GuardedRouter nothing is held.
 */
export function useHeldNavigation(active: boolean): HeldNavigation | null {
  const history = useContext(GuardContext);
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  useEffect(() => {
    if (!active || !history) return;
    return history.block({
      blocks: (from, to) => from.pathname !== to.pathname,
      onBlocked: (proceed) =>
        setHeld({
          proceed: () => {
            setHeld(null);
            proceed();
          },
          reset: () => setHeld(null),
        }),
    });
  }, [active, history]);
  return active ? held : null;
}
