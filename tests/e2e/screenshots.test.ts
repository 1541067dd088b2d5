// Visual check, opt-in: E2E_SCREENSHOTS=1 writes PNGs to .e2e-artifacts/ (not a test of pixels).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { DESKTOP, PHONE, newContext, newPage, resumeSession } from "./support/app";
import { REPO_ROOT, startStack, type Stack } from "./support/stack";

const ENABLED = process.env.E2E_SCREENSHOTS === "1";
const OUT_DIR = path.join(REPO_ROOT, ".e2e-artifacts");

const SIGNED_OUT: [string, string][] = [
  ["landing", "/"],
  ["auth", "/auth"],
  ["phone-signin", "/auth/phone"],
];

/** The whole page, plus the first screen on its own (a full phone page is too tall to judge). */
async function shoot(page: Page, name: string) {
  // A lazy route renders into an empty <main> until its chunk arrives.
  await page.locator("main h1").first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT_DIR, `${name}.png`), fullPage: true });
  await page.screenshot({ path: path.join(OUT_DIR, `${name}-top.png`) });
}

describe.skipIf(!ENABLED)("screenshots", () => {
  let stack: Stack;
  beforeAll(async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("%s", async (label, viewport) => {
    const context = await newContext(stack.browser, stack.appUrl, viewport);
    try {
      const page = await newPage(context);
      for (const [name, route] of SIGNED_OUT) {
        await page.goto(route);
        await shoot(page, `${name}-${label}`);
      }
    } finally {
      await context.close();
    }
    for (const who of ["admin", "member"]) {
      const signedIn = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(signedIn);
        await resumeSession(page, `${who}@example.com`);
        await shoot(page, `dashboard-${who}-${label}`);
        const menuButton = page.getByRole("button", { name: "Open menu" });
        if (await menuButton.isVisible()) {
          await menuButton.click();
          await page.getByRole("navigation", { name: "Mobile" }).waitFor();
          await page.screenshot({ path: path.join(OUT_DIR, `dashboard-${who}-nav-${label}.png`) });
          await page.getByRole("button", { name: "Close menu" }).click();
        }
        await page.getByRole("button", { name: "Account menu" }).click();
        await page.getByRole("menu").waitFor();
        await page.screenshot({ path: path.join(OUT_DIR, `dashboard-${who}-account-${label}.png`) });
      } finally {
        await signedIn.close();
      }
    }
  });
});
