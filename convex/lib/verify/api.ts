// GET /api/v1/verify/{serial} on the site URL: the verify page's answer as JSON for
// marketplaces, police and anyone else, readable from any origin, limited per client address.
// The contract (and the document served at /api/v1/openapi.json) is in ./openapi.ts.
import { internal } from "../../_generated/api";
import { env, httpAction } from "../../_generated/server";
import { isSerialFormat, normaliseSerial } from "../assets/serial";
import { takeSlot } from "../limits";
import { clientAddress } from "./apiLimit";
import { MAX_SERIAL_SEGMENT, VERIFY_API_MESSAGES as M, VERIFY_API_PREFIX } from "./apiRules";
import { openApiDocument } from "./openapi";

const OPEN_CORS = {
  "Access-Control-Allow-Origin": "*",
  // A browser may read Retry-After of a 429 (CORS hides all but a few headers otherwise).
  "Access-Control-Expose-Headers": "Retry-After",
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    // A status can turn to "stolen" at any moment: nothing is cached.
    headers: { ...OPEN_CORS, "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/** The serial in the path, or null when the segment is too long or not a serial. */
function serialFromPath(url: string): string | null {
  const segment = new URL(url).pathname.slice(VERIFY_API_PREFIX.length);
  if (segment.length === 0 || segment.length > MAX_SERIAL_SEGMENT) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const serial = normaliseSerial(decoded);
  return isSerialFormat(serial) ? serial : null;
}

export const verifySerial = httpAction(async (ctx, request) => {
  const limit = await takeSlot(ctx, "verifyApi", clientAddress(request));
  if (!limit.ok) {
    const seconds = Math.max(1, Math.ceil(limit.retryAfterMs / 1000));
    return json(429, { error: M.limited }, { "Retry-After": String(seconds) });
  }
  const serial = serialFromPath(request.url);
  if (serial === null) return json(400, { error: M.invalid });
  const asset = await ctx.runQuery(internal.verifyApi.lookup, { serial });
  return asset === null ? json(404, { error: M.notFound }) : json(200, asset);
});

/** Preflight: any origin may GET (a plain GET needs none; one with custom headers does). */
export const verifyPreflight = httpAction(async (_ctx, request) => {
  const asked = request.headers.get("Access-Control-Request-Headers");
  return new Response(null, {
    status: 204,
    headers: {
      ...OPEN_CORS,
      "Access-Control-Allow-Methods": "GET, OPTIONS",
      "Access-Control-Allow-Headers": asked && asked.length <= 500 ? asked : "Content-Type",
      "Access-Control-Max-Age": "86400",
    },
  });
});

export const verifyOpenApi = httpAction(async () => {
  const siteUrl = (env.CONVEX_SITE_URL ?? "").replace(/\/+$/, "");
  return new Response(JSON.stringify(openApiDocument(siteUrl), null, 2), {
    status: 200,
    headers: { ...OPEN_CORS, "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
  });
});
