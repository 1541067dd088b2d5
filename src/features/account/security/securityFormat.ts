// Plain helpers for the security panels (kept apart so the tests can use them).

/** "Chrome on macOS"-style label from a user agent; a fallback when unknown. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser =
    /Edg\//.test(userAgent) ? "Edge"
    : /OPR\//.test(userAgent) ? "Opera"
    : /Firefox\//.test(userAgent) ? "Firefox"
    : /Chrome\/|Chromium\//.test(userAgent) ? "Chrome"
    : /Safari\//.test(userAgent) ? "Safari"
    : "Browser";
  const os =
    /Android/.test(userAgent) ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent) ? "iOS"
    : /Windows/.test(userAgent) ? "Windows"
    : /Mac OS X|Macintosh/.test(userAgent) ? "macOS"
    : /Linux|X11/.test(userAgent) ? "Linux"
    : null;
  return os ? `${browser} on ${os}` : browser;
}

/** "Around London" from the device's time zone ("Europe/London"): where it is, roughly; null when unknown. */
export function describePlace(timeZone: string | null): string | null {
  const city = timeZone?.split("/").pop()?.replace(/_/g, " ");
  return city && timeZone !== "UTC" ? `Around ${city}` : null;
}

/** "ABCD EFGH ..." so a secret can be typed into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}
