import { Component, type ReactNode } from "react";

interface Props {
  /** Shown instead of the children once a query under them has failed. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Convex's useQuery throws a failed query's error during render; this catches it. */
export class QueryErrorBoundary extends Component<Props, { error: unknown; attempt: number }> {
  state = { error: null as unknown, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  render() {
    if (this.state.error !== null) return this.props.fallback(this.state.error, this.retry);
    // A new key remounts the subtree, so its queries subscribe afresh.
    return <div key={this.state.attempt} className="contents">{this.props.children}</div>;
  }
}
