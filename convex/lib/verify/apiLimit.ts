// The public verify API's budget per client: a token bucket per IP address, so a marketplace
// checking a batch of serials gets a burst, and a scraper walking the serial space does not.
import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../../_generated/api";
import { VERIFY_API_PER_MINUTE } from "./apiRules";

export const VERIFY_API_LIMIT = {
  kind: "token bucket",
  rate: VERIFY_API_PER_MINUTE,
  period: MINUTE,
  capacity: VERIFY_API_PER_MINUTE,
} as const;

export const verifyApiLimiter = new RateLimiter(components.rateLimiter, { verifyApi: VERIFY_API_LIMIT });

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
