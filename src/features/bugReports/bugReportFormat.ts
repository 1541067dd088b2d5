
/** The path and query of a stored page URL (already redacted), or the raw text if it is not a URL. */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url || "—";
  }
}
