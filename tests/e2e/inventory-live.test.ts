// Issue 31 items 1 and 2 in Chromium on a business with 3,000 items: a location filter
// gives full pages of matches (and the export holds exactly them, with status); a
// 10,000-row import with a few bad rows imports the valid ones (the bad ones download as
// a CSV of errors) while the inventory keeps its 50-row page and announces the new items.
// The longest main-thread task while the progress moves is printed (PerformanceObserver
// "longtask"); what is asserted is what a user sees. E2E_SCREENSHOTS=1 writes the screens
// at 1280 and 390 px to .e2e-artifacts/.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext, newPage, PHONE_390, snap, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const SEEDED = 3_000;
const SEED_BATCH = 100;
const ROWS = 10_000;
const BAD_ROWS = [17, 4_242, 9_999];
const EMAIL = "business@example.com";

const stack = fileStack();
beforeAll(async () => {
  for (let from = 0; from < SEEDED; from += SEED_BATCH) {
    const result = await stack.backend.run("seed:bulkAssets", { email: EMAIL, from, count: Math.min(SEED_BATCH, SEEDED - from) });
    if (!result.ok) throw new Error(result.message);
  }
});

/** The lines of the CSV a click on `button` downloads. */
async function downloadedLines(page: Page, button: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim().split(/\r?\n/);
}

const tableRows = (page: Page) => page.getByRole("table", { name: "Inventory" }).locator("tbody tr");

function stockFile() {
  const lines = ["name,sku,quantity,unit_cost,location,category"];
  for (let i = 0; i < ROWS; i++) lines.push(`Live item ${i},LIVE-${i},${BAD_ROWS.includes(i) ? "-1" : i % 7},2.50,Van ${i % 3},Cable`);
  return { name: "live.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n`) };
}

describe("the business inventory at scale", () => {
  it("a location filter shows full pages of matches, and the export holds exactly them with status", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, EMAIL);
      // seed:bulkAssets puts every fifth item on "Aisle 2" (lib/assets/seed.ts).
      await page.goto("/business-dashboard?location=Aisle+2");
      const summary = await waitForText(page, /^Showing 1–\d+ of [\d,]+ items$/);
      const total = Number((await summary.textContent())!.match(/of ([\d,]+)/)![1].replace(/,/g, ""));
      expect(total).toBeGreaterThanOrEqual(SEEDED / 5);
      expect(await summary.textContent()).toBe(`Showing 1–50 of ${total.toLocaleString("en-GB")} items`);
      expect(await tableRows(page).count()).toBe(50);
      expect(await tableRows(page).filter({ hasNotText: "Aisle 2" }).count()).toBe(0);
      // Another column's order keeps the filter and the full page.
      await page.getByRole("columnheader", { name: /^SKU/ }).getByRole("button").click();
      await page.waitForURL(/sort=sku(&|$)/);
      await waitForText(page, `Showing 1–50 of ${total.toLocaleString("en-GB")} items`);
      const skus = await page.getByRole("table", { name: "Inventory" }).locator("tbody tr td:nth-child(3)").allInnerTexts();
      expect(skus).toEqual([...skus].sort());
      await snap(page, "inventory-filtered", PHONE_390);

      // The top "Export CSV" (the selection bar has its own).
      const csv = await downloadedLines(page, page.getByRole("button", { name: "Export CSV" }).first());
      expect(csv[0]).toBe("name,sku,quantity,unit_cost,location,category,description,serial,status");
      expect(csv).toHaveLength(total + 1);
      expect(csv.slice(1).every((line) => line.includes(",Aisle 2,") && line.endsWith(",active"))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a 10,000-row import leaves the bad rows out and the page in place, announcing the new items", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, EMAIL);
      await page.goto("/business-dashboard");
      await waitForText(page, /^Showing 1–50 of [\d,]+ items$/);
      await page.getByLabel("CSV file").setInputFiles(stockFile());
      await page.getByTestId("csv-summary").getByText(`${(ROWS - BAD_ROWS.length).toLocaleString("en-GB")} valid rows`).waitFor({ timeout: 60_000 });
      await page.getByTestId("csv-summary").getByText(`${BAD_ROWS.length} rows with errors`).waitFor();

      // The bad rows, with their numbers and problems, as a CSV to fix.
      const errorLines = await downloadedLines(page, page.getByRole("button", { name: "Download rows with errors (CSV)" }));
      expect(errorLines[0]).toBe("row,errors,name,sku,quantity,unit_cost,location,category");
      expect(errorLines.slice(1).map((l) => l.split(",")[0])).toEqual(BAD_ROWS.map((i) => String(i + 2)));
      expect(errorLines[1]).toContain("LIVE-17");

      // Pay (topping up in test mode first when short).
      const pay = page.getByRole("button", { name: /^Import and pay [\d,]+ TMT$/ });
      await pay.waitFor({ timeout: 30_000 });
      if (await pay.isDisabled()) {
        await page.getByRole("alert").filter({ hasText: "Insufficient tokens" }).getByRole("button", { name: /^Buy [\d,]+ TMT for £/ }).click();
        await page.getByRole("dialog").getByRole("button", { name: /^Pay £/ }).click();
        await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
      }
      // Long main-thread tasks from here on.
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: { start: number; duration: number }[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: "longtask", buffered: false });
      });
      await pay.click();
      const progressFrom = await page.evaluate(async () => {
        for (;;) {
          const now = Number(document.querySelector('[role=progressbar][aria-label="Importing"]')?.getAttribute("aria-valuenow") ?? 0);
          if (now > 0) return performance.now();
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      // While rows land: the page holds 50 rows and says how many are new.
      await page.getByRole("status").filter({ hasText: /^[\d,]+ new items?/ }).waitFor({ timeout: 120_000 });
      expect(await tableRows(page).count()).toBe(50);
      await snap(page, "inventory-importing", PHONE_390);
      await page.getByText(`Imported ${(ROWS - BAD_ROWS.length).toLocaleString("en-GB")} rows`).waitFor({ timeout: 600_000 });
      const progressTo = await page.evaluate(() => performance.now());
      const tasks = await page.evaluate(() => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks);
      const during = tasks.filter((t) => t.start >= progressFrom && t.start <= progressTo);
      console.log(`[longtask] ${during.length} long tasks over ${((progressTo - progressFrom) / 1000).toFixed(1)} s of progress; longest ${Math.max(0, ...during.map((t) => t.duration)).toFixed(0)} ms`);
      expect(await tableRows(page).count()).toBe(50);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(20_000);

      // Show takes the new items in: still one page.
      const notice = page.getByRole("status").filter({ hasText: /new items/ });
      await notice.getByText(`${(ROWS - BAD_ROWS.length).toLocaleString("en-GB")} new items`).waitFor();
      await notice.getByRole("button", { name: "Show" }).click();
      await tableRows(page).first().getByText(/^Live item \d+$/).waitFor();
      expect(await tableRows(page).count()).toBe(50);
      const after = await waitForText(page, /^Showing 1–50 of [\d,]+ items$/);
      expect(Number((await after.textContent())!.match(/of ([\d,]+)/)![1].replace(/,/g, ""))).toBeGreaterThanOrEqual(SEEDED + ROWS - BAD_ROWS.length);
      await snap(page, "inventory-after-import", PHONE_390);
    } finally {
      await context.close();
    }
    // 10,000 rows land in about 80 s on an idle machine; a shared one takes longer.
  }, 480_000);
});
