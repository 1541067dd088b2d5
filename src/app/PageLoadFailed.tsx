import { Component, type ReactNode } from "react";
import { fullPageLoad } from "../lib/fullPageLoad";
import { Button } from "../ui";

/** What the page area shows when a page cannot be rendered even after a full page load. */
function PageLoadFailed() {
  return (
    <div role="alert" className="mx-auto mt-16 max-w-md px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">This page could not be loaded</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Check your connection, then try again.</p>
      <Button className="mt-6" onClick={() => fullPageLoad(window.location.href)}>
        Reload
      </Button>
    </div>
  );
}

/**
 * Catches what escapes a page (a page script that fails again after lazyPage's full page load),
 * so the header and footer stay and the app is never blank. Navigating elsewhere (a new
 * `resetKey`) tries again without remounting the page area.
 */
type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; key: string };

export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
