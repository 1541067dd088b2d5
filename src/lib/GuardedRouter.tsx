import type { ReactNode } from "react";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { GuardContext, type GuardedHistory } from "./navigationGuard";

/** The app's router (react-router's declarative one) on a guarded history, which useHeldNavigation uses. */
export function GuardedRouter({ history, children }: { history: GuardedHistory; children: ReactNode }) {
  return (
    <HistoryRouter history={history}>
      <GuardContext.Provider value={history}>{children}</GuardContext.Provider>
    </HistoryRouter>
  );
}

