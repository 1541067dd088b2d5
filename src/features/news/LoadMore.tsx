import { useEffect, useRef } from "react";
import { Button } from "../../ui";

interface LoadMoreProps {
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  onLoadMore: () => void;
  label?: string;
}

/** Loads the next page when it scrolls into view; the button is the fallback (no IntersectionObserver, keyboard). */
export function LoadMore({ status, onLoadMore, label = "Load more" }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = status === "CanLoadMore";
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!canLoad || node === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad]);

  if (status === "Exhausted" || status === "LoadingFirstPage") return null;
  return (
    <div ref={sentinel} className="mt-8 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} loading={status === "LoadingMore"} loadingText="Loading...">
        {label}
      </Button>
    </div>
  );
}
