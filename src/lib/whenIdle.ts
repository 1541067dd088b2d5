/**
 * Runs `task` once the browser is idle (within 3 s at the latest, should it stay busy), or after a
 * second where it cannot say (Safari).
 */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => task(), { timeout: 3000 });
  else window.setTimeout(task, 1000);
}

// Idle alone comes too soon: the main thread idles while the first page waits for its chunks and
// data, and a download started then competes with them (Lighthouse counted these in /news's LCP).
const FIRST_VIEW_MS = 2000;

/**
 * Runs `task` once the page has loaded and its first view had time to fetch what it shows, then
 * when idle: for what a first view never needs (the service worker, the toaster, prefetches).
 */
export function afterFirstView(task: () => void): void {
  const later = () => window.setTimeout(() => whenIdle(task), FIRST_VIEW_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
