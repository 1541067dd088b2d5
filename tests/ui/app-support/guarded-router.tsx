// The app's router for component tests: react-router's declarative router on a guarded memory
// history (src/lib/navigationGuard), so an unsaved-changes guard holds navigations as in the app.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Routes, UNSAFE_createMemoryHistory as createMemoryHistory } from "react-router";
import { GuardedRouter } from "../../../src/lib/GuardedRouter";
import { guardHistory } from "../../../src/lib/navigationGuard";

/** Renders `routes` (Route elements) at the last of `entries`; returns the history (location, go). */
export function renderInAppRouter(routes: ReactNode, entries: string[]) {
  const history = guardHistory(createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }));
  const view = render(
    <GuardedRouter history={history}>
      <Routes>{routes}</Routes>
    </GuardedRouter>,
  );
  return { ...view, history };
}
