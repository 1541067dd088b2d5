// Where an auth screen sends the user next, from the query string and router state.

export const DEFAULT_AFTER_SIGN_IN = "/dashboard";
const DEFAULT_SIGNUP_SOURCE = "email_verification";
export const TAGGING_SOURCE = "tagging";

type PathLike = { pathname?: unknown; search?: unknown; hash?: unknown };

/** The `from` of router state as a path, when it is one (the guard passes a location or a string). */
function statePath(state: unknown): string | null {
  if (!state || typeof state !== "object" || !("from" in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from === "string") return from.startsWith("/") ? from : null;
  if (from && typeof from === "object") {
    const { pathname, search, hash } = from as PathLike;
    if (typeof pathname !== "string") return null;
    return `${pathname}${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`;
  }
  return null;
}

/** A non-path `from` in router state names a source directly, e.g. { from: "tagging" }. */
function stateSource(state: unknown): string | null {
  if (!state || typeof state !== "object" || !("from" in state)) return null;
  const from = (state as { from: unknown }).from;
  return typeof from === "string" && from && !from.startsWith("/") ? from : null;
}

function isSafeInternalPath(path: string): boolean {
  // "//evil.com" would leave the site.
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

function isTaggingPath(path: string): boolean {
  return path === "/tag" || path.startsWith("/tag?") || path.startsWith("/tag/") || path.startsWith("/tag#");
}

/** The `from` sent with sign-up (it comes back in the verification link). */
export function signupSource(search: URLSearchParams, state: unknown): string {
  const fromParam = search.get("from")?.trim();
  if (fromParam) return fromParam;
  const source = stateSource(state);
  if (source) return source;
  const path = statePath(state);
  if (path && isTaggingPath(path)) return TAGGING_SOURCE;
  return DEFAULT_SIGNUP_SOURCE;
}

/** Where a successful sign-in goes: back to the page that asked for it, else the dashboard. */
export function afterSignInPath(state: unknown): string {
  const path = statePath(state);
  if (path && isSafeInternalPath(path) && !path.startsWith("/auth") && !path.startsWith("/login")) return path;
  if (stateSource(state)?.includes(TAGGING_SOURCE)) return "/tag";
  return DEFAULT_AFTER_SIGN_IN;
}

/** The callback's destination: /tag when `from` mentions tagging, else the dashboard. */
export function afterVerificationPath(from: string | null): string {
  return from?.includes(TAGGING_SOURCE) ? "/tag" : DEFAULT_AFTER_SIGN_IN;
}
