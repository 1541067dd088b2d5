/** The HTTP actions' origin: VITE_CONVEX_SITE_URL, else derived from the cloud URL. */
export function convexSiteUrl(env: { VITE_CONVEX_SITE_URL?: string; VITE_CONVEX_URL?: string } = import.meta.env): string {
  const explicit = env.VITE_CONVEX_SITE_URL;
  if (explicit) return explicit.replace(/\/+$/, "");
  return (env.VITE_CONVEX_URL ?? "").replace(/\/+$/, "").replace(/\.convex\.cloud$/, ".convex.site");
}
