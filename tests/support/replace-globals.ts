// Swaps a global (fetch, IntersectionObserver) or a Vite env variable for one test and puts
// the original back afterwards; `restoreReplaced()` in afterEach undoes every swap, newest first.
const undo: Array<() => void> = [];

export function replaceGlobal(name: string, value: unknown): void {
  const target = globalThis as Record<string, unknown>;
  const had = Object.prototype.hasOwnProperty.call(target, name);
  const previous = target[name];
  target[name] = value;
  undo.push(() => {
    if (had) target[name] = previous;
    else delete target[name];
  });
}

export function replaceEnv(name: string, value: string): void {
  const env = import.meta.env as Record<string, unknown>;
  const previous = env[name];
  env[name] = value;
  undo.push(() => {
    if (previous === undefined) delete env[name];
    else env[name] = previous;
  });
}

export function restoreReplaced(): void {
  while (undo.length > 0) undo.pop()!();
}
