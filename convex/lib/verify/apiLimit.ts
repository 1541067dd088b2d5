// Who a public verify API request is from, for its per-client budget (lib/limits.ts, verifyApi).
/**
 * The client's address as the request reaches the HTTP action: the proxy in front of the
 * functions (Convex's edge; the local backend plays it) appends the address it accepted the
 * connection from to X-Forwarded-For, so the last entry is the one a caller cannot forge
 * (entries before it are whatever the caller sent). With none, every caller shares one
 * bucket rather than going unlimited.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  if (last) return last.slice(0, 64);
  return request.headers.get("X-Real-IP")?.trim().slice(0, 64) || "unknown";
}
