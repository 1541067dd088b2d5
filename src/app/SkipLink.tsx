import type { MouseEvent } from "react";

export const MAIN_ID = "main";

/**
 * The first stop of the Tab key: jumps past the header to the page's content. Focus is moved by
 * hand: a plain #main navigation would be taken by the router as a new location (and scroll to
 * the top), and focus would stay on the link in some browsers.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: "start" });
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-indigo-600 focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-white focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-indigo-300"
    >
      Skip to content
    </a>
  );
}
