import { useNewsUnread } from "./useNewsUnread";

/** The header News link's unread count; nothing when there is none. */
export function NewsUnreadBadge() {
  const unread = useNewsUnread();
  if (unread === undefined || unread <= 0) return null;
  const shown = unread > 99 ? "99+" : String(unread);
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="news-unread-badge"
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-[11px] leading-5 font-bold text-white dark:bg-rose-500"
      >
        {shown}
      </span>
      <span className="sr-only">{`, ${shown} unread`}</span>
    </>
  );
}
