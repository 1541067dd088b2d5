import { describe, expect, test } from "vitest";
import { redactSecrets } from "../../convex/lib/bugReports/redact";
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

describe("site URL", () => {
  test("VITE_CONVEX_SITE_URL wins", () => {
    expect(convexSiteUrl({ VITE_CONVEX_SITE_URL: "http://127.0.0.1:3211/", VITE_CONVEX_URL: "x" })).toBe("http://127.0.0.1:3211");
  });
  test("otherwise derived from the cloud URL", () => {
    expect(convexSiteUrl({ VITE_CONVEX_URL: "https://happy-cat-123.convex.cloud" })).toBe("https://happy-cat-123.convex.site");
  });
});
