/** Runs `task` once the browser is idle, or after a second where it cannot say (Safari). */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => task());
  else window.setTimeout(task, 1000);
}
