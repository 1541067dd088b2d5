// Issue 8 end to end: a business user imports 50 items from CSV and sees them;
// a beneficiary opens a released will asset through the link emailed to them.
// The lapse is driven by `legacy:check` (internal) with a `now` 91 days ahead,
// the injectable clock the scheduler itself uses.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newContext, newPage, snap, userIdByEmail, waitForMessage, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

async function run(path: string, args: Record<string, unknown>) {
  const result = await stack.backend.run(path, args);
  if (!result.ok) throw new Error(`${path} failed: ${result.message}`);
  return result.value;
}

describe("business inventory and legacy release", () => {
  it("a business user imports a CSV of 50 items and sees them in the inventory", async () => {
    const userId = await userIdByEmail(stack.backend, "business@example.com");
    await run("lib/ledger:earnTokens", { userId, amount: 500, source: "test_funds", description: "E2E funds" });
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await resumeSession(page, "business@example.com");
      await page.goto("/business-dashboard");
      const lines = ["name,sku,quantity,unit_cost,location,category,description"];
      for (let i = 1; i <= 50; i++) lines.push(`Item ${i},E2E-${i},${i},1.50,${i % 2 ? "Shop" : "Warehouse"},Stock,`);
      await page.getByLabel("CSV file").setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
      await page.getByTestId("csv-summary").getByText("50 valid rows").waitFor();
      await page.getByRole("button", { name: "Import and pay 250 TMT" }).click();
      const table = page.getByRole("table", { name: "Inventory" });
      // The open page keeps its rows while the import lands and announces the new ones.
      await page.getByRole("button", { name: "Show", exact: true }).click({ timeout: 30_000 });
      await table.getByText("Item 50", { exact: true }).waitFor({ timeout: 30_000 });
      // Seeded demo items share the inventory: the location filter narrows totals and rows to
      // this file's odd-numbered items (exact totals from the stock groups).
      await page.getByLabel("Location").selectOption("Shop");
      const totals = page.getByLabel("Totals");
      await totals.getByText("625").waitFor();
      await expect.poll(() => table.locator("tbody tr").count(), { timeout: 20_000 }).toBe(25);
      // Full-text search (the search index, as on /assets): the best match first.
      await page.getByLabel("Search").fill("Item 37");
      await table.locator("tbody tr").first().getByText("Item 37", { exact: true }).waitFor();
      await page.getByLabel("Search").fill("");
      await snap(page, "business-dashboard");
    } finally {
      await context.close();
    }
  });

  it("a beneficiary opens a released will asset through the emailed link", async () => {
    const ownerContext = await newContext(stack.browser, stack.appUrl);
    const kinContext = await newContext(stack.browser, stack.appUrl);
    try {
      const owner = await newPage(ownerContext);
      await resumeSession(owner, "member@example.com");
      await owner.goto("/nok");
      // The seeded will asset's beneficiary is a next-of-kin contact still to confirm: nobody to count yet.
      await owner.getByText("Sam Member (100%)").waitFor();
      expect(await owner.getByLabel("Confirmations needed").textContent()).toBe("No confirmed contacts yet");
      const form = owner.getByRole("form", { name: "Add a contact" });
      await form.getByLabel("Name").fill("Kim Kin");
      await form.getByLabel("Relationship").fill("Daughter");
      await form.getByLabel("Email").fill("kim@kin.example");
      await form.getByLabel("Phone").fill("+447911123456");
      await form.getByRole("button", { name: "Add contact" }).click();

      const invite = await waitForMessage(stack.backend, (m) => m.to === "kim@kin.example" && m.link?.includes("/nok/confirm/") === true);
      const kin = await newPage(kinContext);
      await kin.goto(invite.link!);
      await kin.getByRole("button", { name: "Confirm" }).click();
      await kin.getByText(/You are now confirmed as next of kin/).waitFor();
      await owner.getByText("Confirmed", { exact: true }).waitFor();

      const client = clientAs(stack.backend, await authToken(owner));
      const { assetId } = await client.mutation(api.assets.tag, {
        kind: "will",
        name: "Grandfather's clock",
        visibility: "private",
        details: { kind: "will", instructions: "Wind it weekly" },
        files: [],
      });
      const contacts = await client.query(api.nextOfKin.list, {});
      expect(contacts.map((c) => c.name)).toEqual(["Sam Member", "Kim Kin"]);
      // One list: chosen on the asset's page, shown the same on /nok.
      await owner.goto(`/assets/${assetId}`);
      await owner.getByText("No beneficiary yet.").waitFor();
      await owner.getByRole("button", { name: "Choose beneficiaries" }).click();
      const dialog = owner.getByRole("dialog");
      await dialog.getByRole("checkbox", { name: /Kim Kin/ }).check();
      await dialog.getByLabel("Share %").fill("100");
      await dialog.getByRole("button", { name: "Save" }).click();
      await owner.getByRole("list", { name: "Beneficiaries" }).getByText("Kim Kin · 100%").waitFor();
      await snap(owner, "will-asset");
      await owner.goto("/nok");
      await owner.getByText("Kim Kin (100%)").waitFor();
      expect(await owner.getByLabel("Confirmations needed").textContent()).toBe("1 of 1 confirmed contact");

      // A new account's plan is off until its owner turns it on.
      await owner.getByRole("checkbox", { name: /Release my will assets/ }).check();
      await owner.getByRole("button", { name: "Save plan" }).click();
      await owner.getByTestId("legacy-countdown").waitFor();
      // The clock and "I'm still here" are on the dashboard too.
      await owner.goto("/dashboard");
      await owner.getByRole("heading", { name: "Legacy release" }).waitFor();
      await owner.getByTestId("legacy-countdown").waitFor();
      await owner.getByRole("button", { name: "I'm still here" }).click();
      await owner.getByText("Thanks! The clock has restarted.").waitFor();
      await snap(owner, "dashboard-legacy");
      await owner.goto("/nok");

      // The owner goes quiet: no open tab of theirs pings while the clock is moved on.
      await owner.close();
      const ownerId = await userIdByEmail(stack.backend, "member@example.com");
      await run("legacy:check", { ownerId, now: Date.now() + 400 * 24 * 3_600_000 });
      const request = await waitForMessage(stack.backend, (m) => m.to === "kim@kin.example" && m.link?.includes("/legacy/confirm/") === true);
      await kin.goto(request.link!);
      await kin.getByRole("button", { name: "I confirm" }).click();
      await kin.getByText(/each beneficiary has been emailed a private link/).waitFor();

      const grant = await waitForMessage(stack.backend, (m) => m.to === "kim@kin.example" && /\/legacy\/[^/]+$/.test(m.link ?? "") && !m.link!.includes("/confirm/"));
      await kin.goto(grant.link!);
      await kin.getByRole("link", { name: /Grandfather's clock/ }).click();
      await kin.getByText("Your share: 100%").waitFor();
      await kin.getByText("Wind it weekly").waitFor();
      expect(kin.url()).toContain(String(assetId));

      // A tampered link reveals nothing.
      await kin.goto(`${grant.link!}x`);
      await kin.getByText("This link is invalid or has expired.").waitFor();

      await kin.goto(grant.link!);
      await kin.getByRole("link", { name: /Grandfather's clock/ }).waitFor();
      await snap(kin, "legacy-view");

      // The owner comes back: signing in revokes the open link at once, and Kim is told.
      const back = await newPage(ownerContext);
      await back.goto("/nok");
      await back.getByText("Kim Kin opened their legacy link").waitFor();
      await back.getByText("You were active again: release cancelled and every link revoked").waitFor();
      await kin.getByText("This link is invalid or has expired.").waitFor();
      await waitForMessage(stack.backend, (m) => m.to === "kim@kin.example" && m.subject === "A legacy release was cancelled");
      await snap(back, "nok");
    } finally {
      await ownerContext.close();
      await kinContext.close();
    }
  });
});
