// Secrets must not leave the browser inside a bug report: the client redacts
// before sending and the server redacts again on receipt. Besides credential-like
// parameters, bearer tokens and JWTs, every capability token the app issues
// (lib/tokenLinks.ts) is removed wherever it appears: URL path, query, hash or console text.
import { STICKER_CODE_PATTERN } from "../assets/serial";
import { LINK_TOKEN_BYTES, TOKEN_LINKS } from "../tokenLinks";

const REDACTED = "[REDACTED]";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const links = Object.values(TOKEN_LINKS);

// Query or hash parameters whose names look like credentials, and every token link's own parameter.
const TOKEN_PARAMS = links.flatMap((l) => ("param" in l ? [l.param] : []));
const SECRET_NAME = new RegExp(`(key|token|code|password|passwd|pwd|secret|session|auth|signature|sig|jwt|otp|${TOKEN_PARAMS.map(escape).join("|")})`, "i");
const PARAM = /([?&#;\s]|^)([^=&#?\s]+)=([^&#\s"'<>]*)/g;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;
// Three base64url segments: a JWT wherever it appears.
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi;

// The path up to a `:token` segment of each token route, longest first so that
// /legacy/confirm/<token> is not read as /legacy/<token>; a slash may be URL-encoded
// (a path inside another URL's parameter). Routes match case-insensitively, as React Router's do.
const SLASH = "(?:/|%2F)";
const tokenPrefixes = links
  .flatMap((l) => (l.path.includes(":token") ? [l.path.slice(0, l.path.indexOf(":token"))] : []))
  .sort((a, b) => b.length - a.length)
  .map((prefix) => prefix.split("/").map((segment) => (segment.startsWith(":") ? "[^/?#\\s]+" : escape(segment))).join(SLASH));
const PATH_TOKEN = new RegExp(`(${tokenPrefixes.join("|")})[^/?#&\\s"'<>%]+`, "gi");

// Tokens recognisable without their link: a legacy link's token (random bytes "." HMAC-SHA256, base64url),
// a sticker code, a @convex-dev/auth refresh token (two document ids joined by "|").
const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);
const LINK_TOKEN = new RegExp(`(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{${base64urlLength(LINK_TOKEN_BYTES)}}\\.[A-Za-z0-9_-]{${base64urlLength(32)}}(?![A-Za-z0-9_-])`, "g");
const STICKER_CODE = new RegExp(`(?<![A-Za-z0-9])${STICKER_CODE_PATTERN.source.replace(/^\^|\$$/g, "")}(?![A-Za-z0-9])`, "gi");
const REFRESH_TOKEN = /(?<![a-z0-9])[a-z0-9]{20,40}\|[a-z0-9]{20,40}(?![a-z0-9])/g;

function redactParams(text: string): string {
  return text.replace(PARAM, (match, lead: string, name: string, value: string) =>
    value !== "" && SECRET_NAME.test(name) ? `${lead}${name}=${REDACTED}` : match,
  );
}

/** A URL or free text with credential-like values and capability tokens replaced by [REDACTED]. */
export function redactSecrets(text: string): string {
  return redactParams(
    text
      .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
      .replace(BEARER, `$1${REDACTED}`)
      .replace(JWT, REDACTED)
      .replace(PATH_TOKEN, `$1${REDACTED}`)
      .replace(LINK_TOKEN, REDACTED)
      .replace(STICKER_CODE, REDACTED)
      .replace(REFRESH_TOKEN, REDACTED),
  );
}
