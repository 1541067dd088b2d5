// Everyday behaviour the product promises, in Chromium against the local
// backend: Sign Out returns to / (also offline), every navigation scrolls to the top (Back and
// Forward too), a page script that fails to load falls back to a full page load, and a reset
// link with only token and type=recovery works.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, hasAuthToken, newContext, newPage, signIn, waitForMessage, waitForPath, waitForText, PHONE_390, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
}

/** The built chunk of a source module (the build's manifest maps one to the other). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(inject("e2e").appDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`No chunk for ${source} in the build manifest`);
  return `/${entry.file}`;
}

describe("sign out", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`returns to / from protected pages at ${label} px, with storage cleared`, async () => {
      const context = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(context);
        for (const protectedPath of ["/wallet", "/settings"]) {
          await resumeSession(page, "member@example.com");
          await page.goto(protectedPath);
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          await page.evaluate(() => sessionStorage.setItem("draft", "x"));
          await signOutFromMenu(page);
          await waitForPath(page, "/");
          await page.getByRole("link", { name: "Sign In" }).first().waitFor();
          // It stays on / (no late bounce to /auth from the page it left).
          await page.waitForTimeout(500);
          expect(new URL(page.url()).pathname).toBe("/");
          expect(await hasAuthToken(page)).toBe(false);
          expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("offline: clears storage and goes home at once, signed out", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, "member@example.com");
      // The landing page's script is loaded before the network goes.
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wallet" }).click();
      await waitForPath(page, "/wallet");
      await context.setOffline(true);
      const started = Date.now();
      await signOutFromMenu(page);
      await waitForPath(page, "/", 5_000);
      await page.getByRole("link", { name: "Sign In" }).first().waitFor({ timeout: 5_000 });
      const took = Date.now() - started;
      expect(await hasAuthToken(page)).toBe(false);
      // Well under the 30+ s the sign-out call waited for a connection before (not a timing
      // assertion on performance: the old behaviour simply never got here within 5 s).
      expect(took).toBeLessThan(5_000);
      await context.setOffline(false);
      // Back online and reloaded, the app is still signed out.
      await page.reload();
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("navigation", () => {
  it("scrolls to the top on every navigation, Back and Forward included", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await page.goto("/faq");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      await page.getByRole("contentinfo").getByRole("link", { name: /privacy policy/i }).first().click();
      await waitForPath(page, "/privacy-policy");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

      await page.goBack();
      await waitForPath(page, "/faq");
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.goForward();
      await waitForPath(page, "/privacy-policy");
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("falls back to a full page load when a page's script fails to load", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      const chunk = chunkOf("src/features/info/InfoPage.tsx");
      let refused = 0;
      await page.route(`**${chunk}`, async (route) => {
        if (refused++ === 0) return await route.abort("failed");
        return await route.continue();
      });
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));
      await page.getByRole("contentinfo").getByRole("link", { name: /about us/i }).first().click();
      await waitForPath(page, "/about-us");
      await page.getByRole("heading", { level: 1, name: /about/i }).waitFor();
      expect(refused).toBeGreaterThanOrEqual(2);
      // A full page load happened: the marker set on the old document is gone.
      expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});

describe("password reset", () => {
  it("accepts a link with only token and type=recovery", async () => {
    // Not the member account the other tests sign in with: its password changes here.
    const email = "moderator@example.com";
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      const requested = Date.now();
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await waitForText(page, "Check your email for the password reset link!");
      const message = await waitForMessage(stack.backend, (m) => m.to === email && m.link?.includes("/reset-password") === true && m._creationTime >= requested - 1000);
      const link = new URL(message.link!);
      const bare = `/reset-password?token=${encodeURIComponent(link.searchParams.get("token")!)}&type=recovery`;

      await page.goto(bare);
      await waitForText(page, "Reset link verified! Please enter your new password.");
      await page.getByLabel("New Password").fill("brand-new-pass1");
      await page.getByLabel("Confirm Password").fill("brand-new-pass1");
      await page.getByRole("button", { name: "Update Password" }).click();
      await waitForPath(page, "/auth");
      await waitForText(page, "Password updated successfully! Please sign in with your new password.");
      await signIn(page, email, "brand-new-pass1");
    } finally {
      await context.close();
    }
  });
});

describe("phone sign-in (issue 20, item 2)", () => {
  async function sendCode(page: Page, country: string, typed: string) {
    await page.goto("/auth/phone");
    await page.getByLabel("Country code").selectOption(country);
    await page.getByLabel("Phone number").fill(typed);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
  }

  async function typeCode(page: Page, code: string) {
    const first = page.getByLabel("Digit 1 of 6");
    await expect.poll(() => first.isEnabled()).toBe(true);
    await first.click();
    await page.keyboard.type(code);
  }

  it("signs in with a French mobile typed with its trunk 0 (390 px)", async () => {
    const context = await newContext(stack.browser, stack.appUrl, PHONE_390);
    try {
      const page = await newPage(context);
      const requested = Date.now();
      await sendCode(page, "FR", "06 12 34 56 78");
      await waitForText(page, "+33 6 12 34 56 78");
      const sms = await waitForMessage(stack.backend, (m) => m.channel === "sms" && m.to === "+33612345678" && m._creationTime >= requested - 1000);
      const code = /\d{6}/.exec(sms.body)![0];
      await typeCode(page, code);
      await waitForPath(page, "/dashboard");
    } finally {
      await context.close();
    }
  });

  it("a UK number typed with its leading 0 is sent as +447…; after too many wrong codes it says when to retry", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      const requested = Date.now();
      await sendCode(page, "GB", "07400 123456");
      await waitForMessage(stack.backend, (m) => m.channel === "sms" && m.to === "+447400123456" && m._creationTime >= requested - 1000);
      const toasts = page.locator("[data-sonner-toast]");
      for (let i = 0; i < 10; i++) {
        await typeCode(page, "000000");
        await expect.poll(() => toasts.filter({ hasText: "Invalid verification code" }).count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByLabel("Digit 1 of 6").inputValue()).toBe("");
      }
      await typeCode(page, "000000");
      await waitForText(page, /Too many failed attempts\. Please try again in \d+ minutes?\./);
    } finally {
      await context.close();
    }
  });
});

describe("connection state (issue 20, item 8)", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`shows a banner while the backend is unreachable and when it is back; a pending tag says it will finish (${label} px)`, async () => {
      const context = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        // Every Convex socket goes through this proxy; "cut" closes it and refuses new ones, as a
        // backend out of reach would.
        let cut = false;
        const open: { close: () => Promise<void> }[] = [];
        await context.routeWebSocket(/\/api\/.*\/sync/, (ws) => {
          if (cut) return void ws.close();
          const server = ws.connectToServer();
          open.push({ close: async () => { await ws.close(); await server.close(); } });
          // Convex handles a connection's messages in order, so a mutation replayed after a
          // reconnect runs as the user who re-authenticated just before it. The local backend
          // runs mutations beside that queue (reported to the lead; local-backend/ is being
          // rewritten), so until the server's first answer mutations wait here.
          let answered = false;
          const held: (string | Buffer)[] = [];
          ws.onMessage((message) => {
            if (!answered && String(message).includes('"type":"Mutation"')) held.push(message);
            else server.send(message);
          });
          server.onMessage((message) => {
            ws.send(message);
            if (!answered && String(message).includes('"type":"Transition"')) {
              answered = true;
              for (const m of held.splice(0)) server.send(m);
            }
          });
        });
        const page = await newPage(context);
        await resumeSession(page, "member@example.com");
        await page.goto("/tag");
        await page.getByLabel("Name").fill(`Offline bike ${label}`);

        cut = true;
        await Promise.all(open.splice(0).map((s) => s.close()));
        const banner = page.getByRole("status").filter({ hasText: "Connection lost" });
        await banner.waitFor({ timeout: 10_000 });
        await page.getByRole("button", { name: "Tag Asset" }).click();
        await page.getByRole("button", { name: "Tagging..." }).waitFor();
        await waitForText(page, "You are offline. Tagging will finish when you are back online.");
        await waitForText(page, "Pending changes will finish when you are back online.");

        cut = false;
        // The Convex client reconnects at once on the browser's online event.
        await page.evaluate(() => window.dispatchEvent(new Event("online")));
        await waitForText(page, "Back online.", 30_000);
        await page.waitForURL((url) => url.pathname.startsWith("/assets/"), { timeout: 30_000 });
      } finally {
        await context.close();
      }
    });
  }
});

describe("skip link (issue 20, item 10)", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`is the first Tab stop and moves focus to the page's content (${label} px)`, async () => {
      const context = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(context);
        await page.goto("/faq");
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: "Skip to content" });
        expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
        const box = await skip.boundingBox();
        // Shown on focus, inside the viewport.
        expect(box && box.width > 50 && box.y >= 0 && box.x + box.width <= viewport.width).toBe(true);
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
        expect(new URL(page.url()).pathname).toBe("/faq");
        // The next Tab lands inside the content, not back in the header.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});

describe("article permalinks (issue 20, item 4)", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`Read More puts /news/{id} in the address bar; the link opens the article's own page (${label} px)`, async () => {
      const reader = await newContext(stack.browser, stack.appUrl, viewport);
      const visitor = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(reader);
        await page.goto("/news");
        const readMore = page.getByRole("button", { name: /^Read More/ }).last();
        await readMore.waitFor();
        const title = (await readMore.getAttribute("aria-label"))!.replace(/^Read More: /, "");
        await readMore.scrollIntoViewIfNeeded();
        const scrolled = await page.evaluate(() => window.scrollY);
        if (label === "390") expect(scrolled).toBeGreaterThan(0);
        await readMore.click();
        const dialog = page.getByRole("dialog", { name: title });
        await dialog.waitFor();
        await page.waitForURL((url) => /^\/news\/[^/]+$/.test(url.pathname));
        const link = page.url();
        // The list under the reader keeps its place.
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

        // Back closes the reader and returns to the list.
        await page.goBack();
        await waitForPath(page, "/news");
        await dialog.waitFor({ state: "detached" });

        // The shared link, opened by someone else, is the article's own page, titled after it.
        const other = await newPage(visitor);
        await other.goto(link);
        await other.getByRole("heading", { level: 1, name: title }).waitFor();
        expect(await other.getByRole("dialog").count()).toBe(0);
        expect(await other.title()).toBe(`${title} · TagMyThing`);
        await other.getByRole("link", { name: /All news/ }).first().click();
        await waitForPath(other, "/news");
        await other.getByRole("heading", { level: 1, name: "Latest News" }).waitFor();
      } finally {
        await reader.close();
        await visitor.close();
      }
    });
  }
});
