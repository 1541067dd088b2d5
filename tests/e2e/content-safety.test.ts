// Content safety in Chromium: script and HTML payloads typed into every user-written field
// render as text on the screens that show them, `javascript:`/`data:` URLs are refused by the
// server and never become an href/src, and the production build runs under its CSP.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newContext, newPage, signIn, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const P = {
  title: "<script>window.__xss=1</script> Safe title",
  content: '<img src=x onerror=window.__xss=1> and "><svg onload=window.__xss=1> body',
  assetName: '"><svg onload=window.__xss=1>',
  assetDescription: "<img src=x onerror=window.__xss=1>",
  fullName: "<img src=x onerror=window.__xss=1>",
  bug: '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">',
  found: '"><svg onload=window.__xss=1> found',
  contact: "<img src=x onerror=window.__xss=1>@x",
};
const BAD_URLS = ["javascript:window.__xss=1", "JaVaScRiPt:window.__xss=1", "data:text/html,<script>window.__xss=1</script>", "data:image/svg+xml,<svg onload=window.__xss=1>"];
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const stack = fileStack();

async function openAs(email: string | null): Promise<Page> {
  const page = await newPage(await newContext(stack.browser, stack.appUrl));
  if (email) await resumeSession(page, email);
  return page;
}

/** No payload ran, and no element carries a javascript: or data:text/svg URL as href/src. */
async function assertSafe(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const bad = await page.evaluate(() =>
    [...document.querySelectorAll("[href], [src], [action], [formaction]")]
      .flatMap((el) => ["href", "src", "action", "formaction"].map((a) => el.getAttribute(a) ?? ""))
      .filter((v) => /^\s*javascript:/i.test(v) || /^\s*data:(text|image\/svg)/i.test(v)),
  );
  expect(bad).toEqual([]);
  expect(await page.locator("svg[onload], img[onerror], script:not([src]):not([type])").count()).toBe(0);
}

describe("content safety", () => {
  it("refuses javascript: and data: URLs as article image, avatar and marketplace URL", async () => {
    const admin = await openAs("admin@example.com");
    const member = await openAs("member@example.com");
    const asAdmin = clientAs(stack.backend, await authToken(admin));
    const asMember = clientAs(stack.backend, await authToken(member));
    for (const url of BAD_URLS) {
      const article = { title: "URL test", content: "x", category: "General", imageUrl: url, isPublished: true };
      await expect(asAdmin.mutation(api.news.create, article), url).rejects.toThrow();
      await expect(asMember.mutation(api.users.updateProfile, { fullName: "Milo", avatarUrl: url }), url).rejects.toThrow();
      const nft = { kind: "nft" as const, chain: "ethereum" as const, contractAddress: "0xabc", tokenId: "1", marketplaceUrl: url };
      await expect(
        asMember.mutation(api.assets.tag, { kind: "nft", name: "URL test", visibility: "public", details: nft, files: [] }),
        url,
      ).rejects.toThrow();
    }
    await admin.context().close();
    await member.context().close();
  });

  it("script and HTML payloads in articles, assets, profiles, bug reports and found reports render as text", async () => {
    const admin = await openAs("admin@example.com");
    const member = await openAs("member@example.com");
    const moderator = await openAs("moderator@example.com");
    const visitor = await openAs(null);
    const asAdmin = clientAs(stack.backend, await authToken(admin));
    const memberToken = await authToken(member);
    const asMember = clientAs(stack.backend, memberToken);

    await asAdmin.mutation(api.news.create, { title: P.title, content: P.content, category: "General", isPublished: true });
    await asMember.mutation(api.users.updateProfile, { fullName: P.fullName, avatarUrl: "" });
    const { assetId, serial } = await asMember.mutation(api.assets.tag, {
      kind: "general",
      name: P.assetName,
      description: P.assetDescription,
      visibility: "public",
      details: { kind: "general" },
      files: [],
    });
    const anonymous = new ConvexHttpClient(stack.backend.url, { logger: false });
    await anonymous.mutation(api.verify.reportFound, { serial, message: P.found, contact: P.contact });
    const response = await fetch(`${stack.backend.siteUrl}/submit-bug-report`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: stack.appUrl, Authorization: `Bearer ${memberToken}` },
      body: JSON.stringify({ errorMessage: P.bug, screenshotBase64: PNG, consoleLogs: [{ level: "error", message: P.bug, timestamp: 1 }] }),
    });
    expect(response.status).toBeLessThan(300);

    // Articles: the card on /news, then the reader.
    await member.goto("/news");
    await waitForText(member, P.title);
    await member.getByRole("button", { name: `Read More: ${P.title}` }).click();
    const reader = member.getByRole("dialog");
    await waitForText(reader, P.content);
    await assertSafe(member);

    // Assets: the owner's detail page and the public verify page.
    await member.goto(`/assets/${assetId}`);
    await waitForText(member, P.assetName);
    await waitForText(member, P.assetDescription);
    await assertSafe(member);
    await visitor.goto(`/verify/${serial}`);
    await waitForText(visitor, P.assetName);
    await assertSafe(visitor);

    // Found report: the owner's dashboard.
    await member.goto("/dashboard");
    await waitForText(member.getByRole("list", { name: "Found reports" }), P.found);
    await waitForText(member, new RegExp(`Contact: ${P.contact.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await assertSafe(member);

    // Profile name: the admin's user list.
    await admin.goto("/admin");
    await waitForText(admin, P.fullName);
    await assertSafe(admin);

    // Bug report: the moderator's panel and the report's detail.
    await moderator.goto("/moderator");
    const item = moderator.getByRole("list", { name: "Bug reports" }).getByRole("listitem").filter({ hasText: P.bug }).first();
    await item.waitFor();
    await item.getByRole("button").first().click();
    await waitForText(moderator.getByRole("dialog"), P.bug);
    await assertSafe(moderator);

    for (const page of [admin, member, moderator, visitor]) await page.context().close();
  });
});

describe("the production build under its Content-Security-Policy", () => {
  it("carries the policy; sign-in, dashboard, news, assets and the bug screenshot run with no CSP violation", async () => {
    // The production build exactly as built, policy included (tests/e2e/support/global-setup.ts).
    const context = await newContext(stack.browser, inject("e2e").cspAppUrl);
    const page = await newPage(context);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to load (CSP) ${e.violatedDirective} ${e.blockedURI}`)),
    );
    await page.goto("/auth");
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(stack.backend.url);
    await signIn(page, "member@example.com");
    await page.goto("/news");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/assets");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // The bug widget's screenshot (dom-to-image-more: sandbox iframe, inline styles, data: image).
    await page.getByRole("button", { name: "Report a Bug" }).click();
    await waitForText(page, "Screenshot captured!");
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
    // Control: the listener does see a violation (a connection the policy does not name).
    await page.evaluate(() => fetch("http://203.0.113.1:9/").catch(() => null));
    await expect.poll(() => violations.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
