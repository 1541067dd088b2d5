import { describe, expect, test } from "vitest";
import { redactSecrets } from "../../convex/lib/bugReports/redact";
import { TOKEN_LINKS, tokenPath } from "../../convex/lib/tokenLinks";
import { convexSiteUrl } from "../../src/lib/convexSiteUrl";

describe("redacting secrets", () => {
  test.each([
    ["http://x.test/reset-password?token=abc&type=recovery", "http://x.test/reset-password?token=[REDACTED]&type=recovery"],
    ["http://x.test/auth/callback?code=123456&email=a%40b.c", "http://x.test/auth/callback?code=[REDACTED]&email=a%40b.c"],
    ["https://x.test/?api_key=K&page=2#access_token=T", "https://x.test/?api_key=[REDACTED]&page=2#access_token=[REDACTED]"],
    ["login with password=hunter2 failed", "login with password=[REDACTED] failed"],
    ["Authorization: Bearer eyJhbGciOi.abc.def", "Authorization: Bearer [REDACTED]"],
    ["jwt eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln here", "jwt [REDACTED] here"],
    ["https://user:pa55@host.test/path", "https://[REDACTED]@host.test/path"],
    ["http://x.test/wallet?tab=history", "http://x.test/wallet?tab=history"],
  ])("%s", (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

// A legacy link's token as signedLinks.ts makes them: 24 random bytes "." a SHA-256 HMAC, base64url.
const LINK_TOKEN = "Zq8vT3kLm0pW5xR2yB7nC4dF6gH1jK9s.aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gH3jK5mN7pQ9s";

describe("redacting capability tokens", () => {
  test.each([
    ["a beneficiary's grant link", `https://x.test/legacy/${LINK_TOKEN}`, "https://x.test/legacy/[REDACTED]"],
    ["a grant link to one asset", `https://x.test/legacy/${LINK_TOKEN}/k57abc?x=1`, "https://x.test/legacy/[REDACTED]/k57abc?x=1"],
    ["a lapse confirmation link", `https://x.test/legacy/confirm/${LINK_TOKEN}`, "https://x.test/legacy/confirm/[REDACTED]"],
    ["a next-of-kin confirmation link", `https://x.test/nok/confirm/${LINK_TOKEN}#top`, "https://x.test/nok/confirm/[REDACTED]#top"],
    ["a link with the route in capitals", "https://x.test/LEGACY/Confirm/abc.def", "https://x.test/LEGACY/Confirm/[REDACTED]"],
    ["a path inside another URL's parameter", "https://x.test/auth?next=%2Flegacy%2Fabc.def%3Fx", "https://x.test/auth?next=%2Flegacy%2F[REDACTED]%3Fx"],
    ["a console line naming the path", `GET /legacy/confirm/${LINK_TOKEN} 404 (Not Found)`, "GET /legacy/confirm/[REDACTED] 404 (Not Found)"],
    ["a token on its own in console text", `Invalid token ${LINK_TOKEN}.`, "Invalid token [REDACTED]."],
    ["a stored file's URL", "https://happy-cat-123.convex.cloud/api/storage/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "https://happy-cat-123.convex.cloud/api/storage/[REDACTED]"],
    ["a local file URL", "http://127.0.0.1:3210/api/storage/kg2abc?token=sig123", "http://127.0.0.1:3210/api/storage/[REDACTED]?token=[REDACTED]"],
    ["the dev outbox key", "http://localhost:5173/dev/outbox#key=0123abcd", "http://localhost:5173/dev/outbox#key=[REDACTED]"],
    ["an unclaimed sticker code", "http://x.test/verify/TMT-ABCDEF-GHJKMN-PQRSTU", "http://x.test/verify/[REDACTED]"],
    ["a sticker code typed in lower case", "claim tmt-abcdef-ghjkmn-pqrstu failed", "claim [REDACTED] failed"],
    ["a refresh token", "refresh jh7abcdefghijklmnopqrstuvwxyz0123|jd7abcdefghijklmnopqrstuvwxyz4567 expired", "refresh [REDACTED] expired"],
    ["an asset's public serial (kept)", "http://x.test/verify/TMT-ABCD-2345", "http://x.test/verify/TMT-ABCD-2345"],
    ["a page without tokens (kept)", "http://x.test/legacy", "http://x.test/legacy"],
  ])("%s", (_name, input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  test.each(Object.entries(TOKEN_LINKS))("every %s link loses its token", (_name, link) => {
    const path = tokenPath(link.path, { token: LINK_TOKEN, assetId: "k57abc" });
    const url = "param" in link ? `https://x.test${path}?${link.param}=${LINK_TOKEN}#${link.param}=${LINK_TOKEN}` : `https://x.test${path}`;
    expect(redactSecrets(url)).not.toContain(LINK_TOKEN.slice(0, 8));
    expect(redactSecrets(`console: failed ${url} now`)).not.toContain(LINK_TOKEN.slice(0, 8));
  });
});

describe("site URL", () => {
  test("VITE_CONVEX_SITE_URL wins", () => {
    expect(convexSiteUrl({ VITE_CONVEX_SITE_URL: "http://127.0.0.1:3211/", VITE_CONVEX_URL: "x" })).toBe("http://127.0.0.1:3211");
  });
  test("otherwise derived from the cloud URL", () => {
    expect(convexSiteUrl({ VITE_CONVEX_URL: "https://happy-cat-123.convex.cloud" })).toBe("https://happy-cat-123.convex.site");
  });
});
