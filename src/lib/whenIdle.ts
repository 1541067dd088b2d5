/**
 * Runs `task` once the browser is idle (within 3 s at the latest, should it stay busy), or after a
 * second where it cannot say (Safari).
 */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => task(), { timeout: 3000 });
  else window.setTimeout(task, 1000);
}
