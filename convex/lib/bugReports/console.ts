// The console entries a bug report carries. Apart from rules.ts (validators), as the browser
// keeps this buffer from the app's first line: the landing page's first download.
export const CONSOLE_BUFFER_SIZE = 20;
export const MAX_CONSOLE_ENTRY_CHARS = 2000;
export const CONSOLE_LEVELS = ["error", "warn", "log"] as const;
