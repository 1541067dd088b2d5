import { useEffect } from "react";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";

/** The signed-in reader's unread count (undefined while loading or signed out). */
export function useNewsUnread(): number | undefined {
  const { isAuthenticated } = useConvexAuth();
  return useQuery(api.news.unreadCount, isAuthenticated ? {} : "skip");
}

/** On /news: marks everything read on open, and again whenever news arrives while it is open. */
export function useMarkNewsSeen(): void {
  const { isAuthenticated } = useConvexAuth();
  const unread = useNewsUnread();
  const markSeen = useMutation(api.news.markSeen);
  useEffect(() => {
    if (!isAuthenticated || unread === 0) return;
    markSeen().catch(() => {
      // Only the badge depends on it; the next visit tries again.
    });
  }, [isAuthenticated, unread, markSeen]);
}
