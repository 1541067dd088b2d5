// Issue 19 item 3 end to end, on a 5,000-row file: the pay button refused while the
// balance is short (with a test-mode top-up that fixes it), the job's live progress,
// cancel with its refund, and duplicates found before paying on a second import.
import { describe, expect, it } from "vitest";
import { newContext, newPage, snap, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const PHONE_390 = { width: 390, height: 844 };
const ROWS = 5_000;
// lib/csv/pricing.ts: 100 × 5 + 900 × 2 + 4,000 × 1.
const PRICE = "6,300 TMT";

function stockFile(rows: number, prefix: string) {
  const lines = ["Product;Code;Qty;Price;Place"];
  for (let i = 0; i < rows; i++) lines.push(`Item ${i};${prefix}-${i};${i % 9};${(i % 50) + 1},50;Shelf ${i % 12}`);
  return { name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) };
}

const stack = fileStack();

describe("CSV import at scale", () => {
  it("refuses to pay while short, tops up in test mode, shows live progress, cancels and refunds", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      // An admin has business features and only the sign-up bonus: short for 2,000 rows.
      await resumeSession(page, "admin@example.com");
      await page.goto("/business-dashboard");
      // The inventory lives in a business workspace; its new wallet is empty.
      await page.getByRole("button", { name: "Create a business workspace" }).click();
      await page.getByLabel("CSV file").setInputFiles(stockFile(ROWS, "E2E"));
      await page.getByTestId("csv-summary").getByText(`${ROWS.toLocaleString("en-GB")} valid rows`).waitFor();
      await page.getByTestId("csv-summary").getByText("semicolon-separated").waitFor();
      const pay = page.getByRole("button", { name: `Import and pay ${PRICE}` });
      await pay.waitFor();
      expect(await pay.isDisabled()).toBe(true);
      const short = page.getByRole("alert").filter({ hasText: "Insufficient tokens" });
      await short.getByText(/you need [\d,]+ TMT more/).waitFor();
      await snap(page, "csv-import-short", PHONE_390);

      await short.getByRole("button", { name: /^Buy [\d,]+ TMT for £/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: /^Pay £/ }).click();
      await page.waitForFunction(() => !(document.querySelector('[data-testid="import-cost"]')?.closest('[aria-label="Cost"]')?.querySelector("button:disabled")), undefined, { timeout: 30_000 });
      const balance = (await page.getByTestId("import-balance").innerText()).trim();
      expect(await pay.isEnabled()).toBe(true);
      await pay.click();

      // Live progress: a figure between the first batch and the last, while it runs.
      const bar = page.getByRole("progressbar", { name: "Importing" });
      await page.waitForFunction(() => {
        const el = document.querySelector('[role=progressbar][aria-label="Importing"]');
        const now = Number(el?.getAttribute("aria-valuenow") ?? 0);
        return now > 0 && now < 100;
      }, undefined, { timeout: 60_000 });
      expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
      await page.getByRole("button", { name: "Cancel import" }).click();
      await snap(page, "csv-import-cancelling", PHONE_390);
      await page.getByText("The import was cancelled and undone; your tokens were refunded.").waitFor({ timeout: 60_000 });
      await page.getByText(`Refunded ${PRICE}.`).waitFor();
      // The paying wallet (the workspace's) is back to what it was before paying: /wallet shows it.
      await page.goto("/wallet");
      await page.getByText(balance).first().waitFor();
      await page.goto("/business-dashboard");
      // Nothing of the file is left in the inventory (newest first: its rows would lead the table).
      await expect.poll(() => page.getByText(/^E2E-\d+$/).count(), { timeout: 20_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("a second import of the same file finds every SKU before paying: skip or update for free", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, "business@example.com");
      await page.goto("/business-dashboard");
      await page.getByLabel("CSV file").setInputFiles(stockFile(20, "DUP"));
      await page.getByRole("button", { name: "Import and pay 100 TMT" }).click();
      await page.getByText(/Imported 20 rows/).waitFor({ timeout: 60_000 });

      await page.getByLabel("CSV file").setInputFiles(stockFile(20, "DUP"));
      const duplicates = page.getByTestId("duplicates");
      await duplicates.getByText(/20 SKUs are already in your inventory/).waitFor();
      expect(await page.getByRole("button", { name: /Import/ }).filter({ hasText: "Import (free)" }).isDisabled()).toBe(true);
      await duplicates.getByLabel(/Update existing/).check();
      await page.getByText("20 existing items updated (free)").waitFor();
      await snap(page, "csv-import-duplicates", PHONE_390);
      await page.getByRole("button", { name: "Import (free)" }).click();
      await page.getByText(/Imported 20 rows \(0 new, 20 updated, 0 skipped\) for 0 TMT/).waitFor({ timeout: 60_000 });
      // Updated, not doubled: each SKU once in the inventory (the newest items lead the table).
      const table = page.getByRole("table", { name: "Inventory" });
      // The open page held its rows through the imports and announces the new ones.
      const show = page.getByRole("button", { name: "Show", exact: true });
      if (await show.isVisible()) await show.click();
      // One row per SKU (a row names its SKU twice: its column, and under the name on a phone).
      await expect.poll(() => table.getByRole("row").filter({ hasText: /DUP-\d+/ }).count(), { timeout: 20_000 }).toBe(20);
    } finally {
      await context.close();
    }
  });
});
