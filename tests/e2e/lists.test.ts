// Lists at scale (issue 19 item 1) on realistic data: a member with 2,100 items sorts the
// /assets table by a column (the sort lands in the URL), pages through it with an exact
// total, selects every matching item across pages and marks them all lost in batches, and
// the toast says what happened. The business inventory and /public-assets show the same
// table. E2E_SCREENSHOTS=1 also writes the list screens at 1280 and 390 px to .e2e-artifacts/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, newContext, newPage, waitForText, resumeSession } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

const ITEMS = 2_100;
// Items per seeding mutation: small enough for the 1 s limit on a busy machine.
const SEED_BATCH = 100;
const PHONE_390 = { width: 390, height: 844 };

const stack = fileStack();
beforeAll(async () => {
  for (let from = 0; from < ITEMS; from += SEED_BATCH) {
    const result = await stack.backend.run("seed:bulkAssets", { email: "member@example.com", from, count: Math.min(SEED_BATCH, ITEMS - from) });
    if (!result.ok) throw new Error(result.message);
  }
});

async function snap(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const dir = path.join(REPO_ROOT, ".e2e-artifacts");
  mkdirSync(dir, { recursive: true });
  for (const [label, size] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: label === "390" });
  }
  await page.setViewportSize(DESKTOP);
}

const rows = (page: Page) => page.getByRole("table", { name: "My assets" }).locator("tbody tr");

describe("lists at scale", () => {
  it("sorts, pages, selects all 2,100 matching and marks them lost with one toast", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, "member@example.com");
      await page.goto("/assets?kind=business");
      await waitForText(page, `Showing 1–50 of ${ITEMS.toLocaleString("en-GB")} assets`);
      await waitForText(page, "Page 1 of 42");

      // Sort by the Name column: aria-sort and the URL follow; Z–A on a second click.
      const name = page.getByRole("columnheader", { name: /^Name/ });
      await name.getByRole("button").click();
      await page.waitForURL(/sort=name(&|$)/);
      await expect.poll(() => name.getAttribute("aria-sort")).toBe("ascending");
      await rows(page).first().getByText("Bulk item 00001").waitFor();
      await name.getByRole("button").click();
      await page.waitForURL(/sort=name_desc/);
      await rows(page).first().getByText("Bulk item 02100").waitFor();

      // Next page: rows 51–100 of the same order.
      await page.getByRole("button", { name: "Next" }).click();
      await waitForText(page, `Showing 51–100 of ${ITEMS.toLocaleString("en-GB")} assets`);
      await rows(page).first().getByText("Bulk item 02050").waitFor();
      await page.getByRole("button", { name: "First" }).click();
      await rows(page).first().getByText("Bulk item 02100").waitFor();

      // Click and shift-click select a range of rows.
      await page.getByRole("checkbox", { name: /^Select Bulk item 02100/ }).click();
      await page.getByRole("checkbox", { name: /^Select Bulk item 02096/ }).click({ modifiers: ["Shift"] });
      await waitForText(page, "5 assets selected");

      // The whole page, then every matching item across pages.
      await page.getByRole("checkbox", { name: "Select every row on this page" }).check();
      await waitForText(page, "50 assets selected");
      await snap(page, "assets-table");
      await page.getByRole("button", { name: `Select all ${ITEMS.toLocaleString("en-GB")} matching` }).click();
      await waitForText(page, `${ITEMS.toLocaleString("en-GB")} assets selected`, 60_000);

      await page.getByLabel("New status").selectOption("lost");
      await page.getByRole("button", { name: "Set status" }).click();
      await waitForText(page, `Marked ${ITEMS.toLocaleString("en-GB")} items lost`, 120_000);

      // The status filter's exact total and the dashboard agree.
      await page.goto("/assets?kind=business&status=lost");
      await waitForText(page, `of ${ITEMS.toLocaleString("en-GB")} assets`);
      await page.goto("/dashboard");
      await page.getByTestId("dashboard-total").waitFor();
      expect(Number((await page.getByTestId("dashboard-total").textContent())!.replace(/\D/g, ""))).toBeGreaterThanOrEqual(ITEMS);
      await snap(page, "dashboard-counts");

      // Cards stay an option, in the URL too.
      await page.goto("/assets?kind=business");
      await page.getByRole("button", { name: "Cards" }).click();
      await page.waitForURL(/view=cards/);
      await page.getByRole("list", { name: "My assets" }).waitFor();
      await snap(page, "assets-cards");
    } finally {
      await context.close();
    }
  });

  it("public assets and the inventory list with exact totals; the admin's users as a table", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await page.goto("/public-assets?sort=name");
      const table = page.getByRole("table", { name: "Public assets" });
      await table.waitFor();
      // Every fourth seeded item is public, plus the demo accounts' public assets.
      const summary = await waitForText(page, /Showing 1–50 of [\d,]+ assets/);
      expect(Number((await summary.textContent())!.match(/of ([\d,]+)/)![1].replace(/,/g, ""))).toBeGreaterThanOrEqual(ITEMS / 4);
      expect(await page.getByRole("columnheader", { name: /^Name/ }).getAttribute("aria-sort")).toBe("ascending");
      await snap(page, "public-assets");

    } finally {
      await context.close();
    }
    const businessContext = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(businessContext);
      await resumeSession(page, "business@example.com");
      await page.goto("/business-dashboard?sort=name");
      await page.getByRole("table", { name: "Inventory" }).waitFor();
      await snap(page, "business-inventory");
    } finally {
      await businessContext.close();
    }
    const adminContext = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(adminContext);
      await resumeSession(page, "admin@example.com");
      await page.goto("/admin?sort=email");
      await page.getByRole("table", { name: "Users" }).waitFor();
      expect(await page.getByRole("columnheader", { name: /^User/ }).getAttribute("aria-sort")).toBe("ascending");
      await waitForText(page, /Showing 1–\d+ of \d+ users/);
      await snap(page, "admin-users");
    } finally {
      await adminContext.close();
    }
  });
});
