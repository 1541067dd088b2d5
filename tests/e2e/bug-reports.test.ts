// Bug reports end to end: a member reports from a real page with a real screenshot;
// the moderator's open /moderator shows it live. Also the HTTP action's token checks
// against the local backend (convex-test cannot forge or expire a JWT).
import { SignJWT, decodeJwt, generateKeyPair, importPKCS8 } from "jose";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authToken, newContext, newPage, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

async function post(token: string | null, body: unknown = { errorMessage: "From the test", screenshotBase64: PNG }) {
  const response = await fetch(`${stack.backend.siteUrl}/submit-bug-report`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: stack.appUrl, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const imageLoaded = (page: Page, alt: string) =>
  page.waitForFunction((text) => {
    const img = [...document.querySelectorAll("img")].find((i) => i.alt === text);
    return img !== undefined && img.complete && img.naturalWidth > 0;
  }, alt);

describe("bug reports", () => {
  it("a member reports a bug from /dashboard; the moderator's open /moderator shows it with its screenshot, without a reload", async () => {
    const moderatorContext = await newContext(stack.browser, stack.appUrl);
    const memberContext = await newContext(stack.browser, stack.appUrl);
    try {
      const moderator = await newPage(moderatorContext);
      await resumeSession(moderator, "moderator@example.com");
      await moderator.goto("/moderator");
      await waitForText(moderator, "Moderator Panel");
      await waitForText(moderator, "No bug reports yet.");
      await moderator.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      const member = await newPage(memberContext);
      await resumeSession(member, "member@example.com");
      await member.evaluate(() => console.error("Failed to load widget data"));
      await member.getByRole("button", { name: "Report a Bug" }).click();
      const dialog = member.getByRole("dialog");
      await dialog.waitFor();
      await waitForText(member, "Screenshot captured!");
      await imageLoaded(member, "Screenshot of the page");
      const src = await dialog.getByAltText("Screenshot of the page").getAttribute("src");
      expect(src).toMatch(/^data:image\/jpeg;base64,/);
      await waitForText(dialog, "Failed to load widget data");
      await dialog.getByLabel("What went wrong?").fill("The dashboard balance never loads");
      await dialog.getByRole("button", { name: "Submit Bug Report" }).click();
      await waitForText(member, "Bug report submitted successfully! Thank you for helping us improve TagMyThing.");
      await dialog.waitFor({ state: "detached" });

      const item = moderator.getByRole("list", { name: "Bug reports" }).getByRole("listitem").first();
      await waitForText(item, "The dashboard balance never loads", 15_000);
      await waitForText(moderator, /New bug report from/);
      await imageLoaded(moderator, "Report screenshot");
      expect(await moderator.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      await item.getByRole("button").click();
      const detail = moderator.getByRole("dialog");
      await waitForText(detail, "Failed to load widget data");
      await imageLoaded(moderator, "Screenshot sent with the report");
      await detail.getByRole("button", { name: "Start work" }).click();
      await waitForText(detail, "In progress");

      await member.goto("/profile");
      const mine = member.getByRole("list", { name: "My bug reports" });
      await waitForText(mine, "The dashboard balance never loads");
      await waitForText(mine, "In progress");
    } finally {
      await moderatorContext.close();
      await memberContext.close();
    }
  });

  it("the HTTP action refuses missing, forged and expired tokens, and admits the app's origin", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, "business@example.com");
      const token = await authToken(page);
      const claims = decodeJwt(token);

      expect((await post(token)).status).toBe(200);
      expect(await post(null)).toMatchObject({ status: 401, json: { error: "No valid session" } });

      const { privateKey: otherKey } = await generateKeyPair("RS256");
      const forged = await new SignJWT({ sub: claims.sub })
        .setProtectedHeader({ alg: "RS256" })
        .setIssuer(String(claims.iss))
        .setAudience("convex")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(otherKey);
      expect((await post(forged)).status).toBe(401);

      const realKey = await importPKCS8(stack.backend.env.JWT_PRIVATE_KEY, "RS256");
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ sub: claims.sub })
        .setProtectedHeader({ alg: "RS256" })
        .setIssuer(String(claims.iss))
        .setAudience("convex")
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(realKey);
      expect((await post(expired)).status).toBe(401);

      const preflight = await fetch(`${stack.backend.siteUrl}/submit-bug-report`, {
        method: "OPTIONS",
        headers: { Origin: stack.appUrl, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(stack.appUrl);
    } finally {
      await context.close();
    }
  });
});
