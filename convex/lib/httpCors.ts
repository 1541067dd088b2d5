// HTTP actions the browser app calls from its own origin (SITE_URL): CORS for that
// origin only, JSON replies, and the preflight.
import { env, httpAction } from "../_generated/server";

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("Origin");
  const allowed = env.SITE_URL?.replace(/\/+$/, "");
  const headers: Record<string, string> = { Vary: "Origin" };
  if (origin !== null && allowed !== undefined && origin === allowed) {
    headers["Access-Control-Allow-Origin"] = origin;
  }
  return headers;
}

export function jsonReply(request: Request, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders(request), "Content-Type": "application/json" },
  });
}

/** The preflight for a POST with a bearer token and a content type. */
export const appOriginPreflight = httpAction(async (_ctx, request) => {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request),
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type, Authorization",
      "Access-Control-Max-Age": "86400",
    },
  });
});
