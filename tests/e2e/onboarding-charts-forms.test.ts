// A new account's getting-started checklist on the dashboard, ticking off live and
// dismissible; the count tiles that open the filtered list; the wallet and referral
// charts with their tables for screen readers; forms that take the focus to the first
// field in error, with required fields and currencies marked; at 1280 and 390 px.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, newContext, newPage, waitForMessage, waitForPath, waitForText, PHONE_390, resumeSession } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

const stack = fileStack();

// E2E_SCREENSHOTS=1 writes the screens at both widths to .e2e-artifacts/.
async function snap(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const dir = path.join(REPO_ROOT, ".e2e-artifacts");
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("a new account's dashboard", () => {
  it("shows a getting-started checklist that ticks off as the account is used and can be dismissed", async () => {
    const email = `starter-${Date.now()}@example.com`;
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await page.goto("/signup");
      const form = page.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill("s3cret-pass");
      await form.getByRole("button", { name: "Create account" }).click();
      const message = await waitForMessage(stack.backend, (m) => m.channel === "email" && m.to === email);
      await page.goto(message.link!);
      await waitForPath(page, "/dashboard");

      const steps = page.getByRole("list", { name: "Getting-started steps" });
      await waitForText(page.getByTestId("onboarding-progress"), "1 of 4 done");
      await waitForText(steps, "Verify your email or phone (done)");
      await snap(page, "onboarding");
      await page.setViewportSize(PHONE_390);
      expect(await noSideways(page)).toBe(true);
      await snap(page, "onboarding");
      await page.setViewportSize(DESKTOP);

      await steps.getByRole("link", { name: "Tag an item" }).click();
      await waitForPath(page, "/tag");
      await page.getByLabel("Name").fill("First bike");
      await page.getByRole("button", { name: "Tag Asset" }).click();
      await page.getByTestId("asset-serial").waitFor();
      await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
      await waitForText(page.getByTestId("onboarding-progress"), "2 of 4 done");
      await waitForText(steps, "Tag your first item (done)");

      await page.getByRole("button", { name: "Dismiss the getting-started checklist" }).click();
      await steps.waitFor({ state: "detached" });
      await page.reload();
      await page.getByTestId("dashboard-total").waitFor();
      expect(await steps.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("counts and charts", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`count tiles open the filtered list; wallet and referral charts read as tables too (${label} px)`, async () => {
      const context = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(context);
        await resumeSession(page, "admin-influencer@example.com");
        await page.goto("/dashboard");
        await page.getByRole("link", { name: /^Lost\s*:\s*\d+$/ }).click();
        await waitForPath(page, "/assets");
        expect(new URL(page.url()).search).toBe("?status=lost");
        await page.goto("/dashboard");
        await page.getByRole("link", { name: /^My Will\s*:\s*\d+$/ }).click();
        await waitForPath(page, "/assets");
        expect(new URL(page.url()).search).toBe("?kind=will");

        await page.goto("/wallet");
        const balance = page.getByRole("figure").filter({ hasText: "Balance over time" });
        await waitForText(balance, /over the last 30 days/);
        const balanceTable = page.getByRole("table", { name: "Balance over time" });
        expect(await balanceTable.getByRole("row").count()).toBe(31);
        expect(await noSideways(page)).toBe(true);
        await snap(page, "wallet-chart");

        // Two demo members joined through Ivy's link when the data was seeded.
        await page.goto("/referrals");
        const signups = page.getByRole("figure").filter({ hasText: "Sign-ups over time" });
        await waitForText(signups, "2 sign-ups in the last 12 weeks");
        const table = page.getByRole("table", { name: "Sign-ups over time" });
        expect(await table.getByRole("row").count()).toBe(13);
        expect(await table.getByRole("row").last().textContent()).toMatch(/2 sign-ups$/);
        expect(await noSideways(page)).toBe(true);
        await snap(page, "referrals-chart");
      } finally {
        await context.close();
      }
    });
  }
});

describe("forms", () => {
  for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    it(`an empty submit takes the focus to the first invalid field, on screen (${label} px)`, async () => {
      const context = await newContext(stack.browser, stack.appUrl, viewport);
      try {
        const page = await newPage(context);
        await resumeSession(page, "business@example.com");
        await page.goto("/tag?kind=business");
        const name = page.getByLabel("Name", { exact: true });
        await name.waitFor();
        expect(await name.getAttribute("aria-required")).toBe("true");
        // A unit cost is money in the workspace's currency (the demo business's is pounds), never TMT.
        expect(await page.getByLabel("Unit cost: currency").inputValue()).toBe("GBP");
        await page.getByLabel("Quantity").fill("");
        await page.getByRole("button", { name: "Tag Asset" }).click();
        await page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true");
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent)).toBe("Name");
        await name.fill("Stools");
        // SKU, below the kind picker and the name on a phone, is the first field left wrong.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.getByRole("button", { name: "Tag Asset" }).click();
        const sku = page.getByLabel("SKU");
        await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent === "SKU");
        await expect.poll(async () => {
          const box = await sku.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
        }).toBe(true);
        await snap(page, "tag-form-errors");
      } finally {
        await context.close();
      }
    });
  }
});
