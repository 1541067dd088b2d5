import type { ConvexReactClient } from "convex/react";

type Logger = Exclude<NonNullable<NonNullable<ConstructorParameters<typeof ConvexReactClient>[1]>["logger"]>, boolean>;

/**
 * The Convex client's logger, as its default one (the console) but for one thing: a mutation or
 * action refused with a ConvexError (a wrong password, a rule the user broke) is an expected
 * answer the page shows; the default logger printed each as "[CONVEX A(auth:signIn)] ... Server
 * Error", and bug reports, which attach recent console errors, carried them. Failures that are
 * not ConvexErrors (bugs) are still logged.
 */
export const convexLogger: Logger = {
  logVerbose: () => {},
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => {
    if (typeof args[0] === "string" && /^\[CONVEX [MA]\(/.test(args[0]) && /\bConvexError\b/.test(args[0])) return;
    console.error(...args);
  },
};
