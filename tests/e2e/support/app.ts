// Page-level helpers shared by the test files.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { ConvexHttpClient } from "convex/browser";
import { inject, onTestFailed } from "vitest";
import type { Backend } from "../../../local-backend/index.mjs";
import { inWorkspace } from "../../support/workspace-client";
import { api } from "../../../convex/_generated/api";
import { homeWorkspace } from "../../../convex/lib/workspaces/rules";

export const DEMO_PASSWORD = "password123";
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
/** A current large phone (iPhone 14/15): where layout checks at 390 px run. */
export const PHONE_390 = { width: 390, height: 844 };

const ARTIFACTS = fileURLToPath(new URL("../../../.e2e-artifacts", import.meta.url));

/** With E2E_SCREENSHOTS=1: full-page screenshots at 1280 px and at a phone width, in .e2e-artifacts/. */
export async function snap(page: Page, name: string, phone = PHONE): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [label, size] of [["desktop", DESKTOP], ["phone", phone]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

export interface OutboxMessage {
  _id: string;
  _creationTime: number;
  channel: "email" | "sms";
  to: string;
  subject: string;
  body: string;
  link: string | null;
}

/**
 * A context that resolves relative URLs against the app and surfaces page errors in the test log.
 * The app's service worker is blocked (each context would install it and precache the whole
 * build, and it would answer requests a test routes itself); scanner-pwa.test.ts allows it.
 */
export async function newContext(browser: Browser, appUrl: string, viewport = DESKTOP, serviceWorkers: "allow" | "block" = "block"): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl, viewport, serviceWorkers });
  // Tests close their context in `finally`, before a failure is reported: note what each page
  // showed first, for the failure's log.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map(async (page) => lastSeen.set(page, await describePage(page))));
    return close(options);
  };
  return context;
}

const lastSeen = new WeakMap<Page, string>();

async function describePage(page: Page): Promise<string> {
  const shown = page.evaluate(() => document.body.innerText.slice(0, 1_500)).catch(() => "(page closed)");
  const timedOut = new Promise<string>((resolve) => setTimeout(() => resolve("(page did not answer)"), 2_000));
  return `${page.url()}\n${await Promise.race([shown, timedOut])}`;
}

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on("pageerror", (error) => console.error(`[page error] ${page.url()}: ${error.message}`));
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text().slice(0, 300));
  });
  // A failure in CI leaves only its log: say where this page was and what it showed.
  const report = async () => {
    const seen = lastSeen.get(page) ?? (await describePage(page));
    console.error(`[failed test's page] ${seen}\n[console errors] ${consoleErrors.slice(-10).join("\n") || "none"}`);
  };
  try {
    onTestFailed(report);
  } catch {
    // A page opened in beforeAll belongs to no test: vitest refuses the hook there.
  }
  return page;
}

export async function waitForText(scope: Page | Locator, text: string | RegExp, timeout = 20_000): Promise<Locator> {
  const locator = scope.getByText(text).first();
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export async function waitForPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Email + password through /auth; resolves once the app has landed on /dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await waitForPath(page, "/dashboard");
  await page.getByRole("button", { name: "Account menu" }).waitFor();
}

const sessionsUsed = new Map<string, number>();

/**
 * Signs `page` in as a demo account as `signIn` does (a new session of its own, landing on
 * /dashboard), without the password check and the /auth page: its browser storage gets one of
 * the sessions made on the seed template (global-setup.ts), each handed out once per file. Past
 * those, it signs in through /auth. Tests of signing in itself use `signIn`.
 */
export async function resumeSession(page: Page, email: string, origin = inject("e2e").appUrl): Promise<void> {
  const { sessions, convexPort } = inject("e2e");
  const used = sessionsUsed.get(email) ?? 0;
  const tokens = sessions[email]?.[used];
  if (tokens === undefined) return signIn(page, email);
  sessionsUsed.set(email, used + 1);
  // Where @convex-dev/auth's React client keeps them: keys namespaced by the Convex URL.
  const namespace = `http://127.0.0.1:${convexPort}`.replace(/[^a-zA-Z0-9]/g, "");
  const context = page.context();
  const state = await context.storageState();
  const others = state.origins.filter((o) => o.origin !== origin);
  const kept = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  await context.setStorageState({
    ...state,
    origins: [
      ...others,
      {
        origin,
        localStorage: [
          ...kept.filter((item) => !item.name.startsWith("__convexAuth")),
          { name: `__convexAuthJWT_${namespace}`, value: tokens.token },
          { name: `__convexAuthRefreshToken_${namespace}`, value: tokens.refreshToken },
        ],
      },
    ],
  });
  await page.goto(new URL("/dashboard", origin).href);
  await waitForPath(page, "/dashboard");
  await page.getByRole("button", { name: "Account menu" }).waitFor();
}

export async function readOutbox(backend: Backend): Promise<OutboxMessage[]> {
  const result = await backend.run("outbox:list", { key: backend.env.LOCAL_OUTBOX });
  if (!result.ok) throw new Error(`outbox:list failed: ${result.message}`);
  if (result.value === null) throw new Error("outbox:list returned null: LOCAL_OUTBOX is not set");
  return result.value as OutboxMessage[];
}

/** Polls the outbox until a message matching `predicate` arrives (newest first). */
export async function waitForMessage(
  backend: Backend,
  predicate: (message: OutboxMessage) => boolean,
  timeout = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await readOutbox(backend)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("No matching outbox message arrived");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The header's links as the user sees them: the inline bar when it is shown at this
 * width, otherwise the list behind the menu button.
 */
export async function headerLinks(page: Page): Promise<{ labels: string[]; hrefs: string[]; inline: boolean }> {
  const main = page.getByRole("navigation", { name: "Main" });
  await page.getByRole("button", { name: "Account menu" }).waitFor();
  let nav = main;
  const inline = await main.isVisible();
  if (!inline) {
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    if (!(await mobile.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.waitFor();
    nav = mobile;
  }
  // The label is the link's own text; badges inside it (News' unread count) are child elements.
  const found = await nav.getByRole("link").evaluateAll(labelled);
  // Links that overflow the inline bar at this width sit behind its "More" menu.
  const more = main.getByRole("button", { name: "More" });
  if (inline && (await more.isVisible())) {
    await more.click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    found.push(...(await menu.getByRole("menuitem").evaluateAll(labelled)));
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
  }
  return { labels: found.map((l) => l.label), hrefs: found.map((l) => l.href), inline };
}

function labelled(as: Element[]): { label: string; href: string }[] {
  return as.map((a) => ({
    label: Array.from(a.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? "")
      .join("")
      .trim(),
    href: new URL((a as HTMLAnchorElement).href).pathname,
  }));
}

/** Whether the page holds a Convex Auth token in localStorage (signed in on this device). */
export async function hasAuthToken(page: Page): Promise<boolean> {
  return await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith("__convexAuthJWT")));
}

/** The Convex Auth JWT the signed-in page holds (localStorage `__convexAuthJWT_<namespace>`). */
export async function authToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith("__convexAuthJWT")) return localStorage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error("No __convexAuthJWT* key in localStorage: is the page signed in?");
  return token;
}

/** A client signed in with `token`, acting in that user's home workspace (as the app lands) unless a call names another. */
export function clientAs(backend: Backend, token: string) {
  const client = new ConvexHttpClient(backend.url, { logger: false });
  client.setAuth(token);
  return inWorkspace(client, async () => homeWorkspace(await client.query(api.workspaces.listMine, {}))?._id ?? null);
}

/** The users-table id of a password account (internal seed helper). */
export async function userIdByEmail(backend: Backend, email: string): Promise<string> {
  const result = await backend.run("seed:findPasswordUser", { email });
  if (!result.ok || typeof result.value !== "string") throw new Error(`No user for ${email}: ${result.message}`);
  return result.value;
}
