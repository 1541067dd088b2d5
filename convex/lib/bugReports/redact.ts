// Secrets must not leave the browser inside a bug report: the client redacts
// before sending and the server redacts again on receipt.
const REDACTED = "[REDACTED]";

// Query or hash parameters whose names look like credentials.
const SECRET_NAME = /(key|token|code|password|passwd|pwd|secret|session|auth|signature|sig|jwt|otp)/i;
const PARAM = /([?&#;\s]|^)([^=&#?\s]+)=([^&#\s"'<>]*)/g;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;
// Three base64url segments: a JWT wherever it appears.
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi;

function redactParams(text: string): string {
  return text.replace(PARAM, (match, lead: string, name: string, value: string) =>
    value !== "" && SECRET_NAME.test(name) ? `${lead}${name}=${REDACTED}` : match,
  );
}

/** A URL or free text with credential-like values replaced by [REDACTED]. */
export function redactSecrets(text: string): string {
  return redactParams(
    text
      .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
      .replace(BEARER, `$1${REDACTED}`)
      .replace(JWT, REDACTED),
  );
}
