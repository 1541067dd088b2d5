import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { headerLinks, newContext, newPage, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

// The proposal convex/dao.ts seeds on first start.
const PROPOSAL = "Lower the tagging cost for business inventory";
const OPTION = "Keep one price for everyone";

const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

async function waitForHeaderLink(page: Page, label: string, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await headerLinks(page)).labels.includes(label)) return;
    if (Date.now() > deadline) throw new Error(`The header never showed '${label}'`);
    await page.waitForTimeout(250);
  }
}

describe("DAO and admin, live across browsers", () => {
  it("a vote moves another browser's open tally; a granted business request reaches the member's open header", async () => {
    const memberContext = await newContext(stack.browser, stack.appUrl);
    const adminContext = await newContext(stack.browser, stack.appUrl);
    try {
      const admin = await newPage(adminContext);
      await resumeSession(admin, "admin@example.com");
      await admin.goto("/dao");
      const watched = admin.getByRole("article", { name: PROPOSAL });
      const watchedRow = watched.getByTestId("tally-row").nth(1);
      await watchedRow.getByText("0 votes").waitFor();
      await markNoReload(admin);

      const member = await newPage(memberContext);
      await resumeSession(member, "member@example.com");
      await member.goto("/dao");
      const card = member.getByRole("article", { name: PROPOSAL });
      await card.getByRole("radio", { name: OPTION }).check();
      await card.getByRole("button", { name: "Cast vote" }).click();
      await card.getByRole("button", { name: "Change vote" }).waitFor();

      // The admin's page never reloaded, yet its tally moved.
      await watchedRow.getByText(/1 vote\b/).waitFor({ timeout: 10_000 });
      expect(await watchedRow.textContent()).toContain(OPTION);
      expect(await stillNoReload(admin)).toBe(true);

      await member.goto("/business-upgrade");
      await member.getByRole("button", { name: "Request business features" }).click();
      await member.getByText(/An admin will review it/).waitFor();
      expect((await headerLinks(member)).labels).not.toContain("Business");
      await markNoReload(member);

      await admin.goto("/admin");
      const request = admin.getByRole("listitem", { name: "Request from member@example.com" });
      await request.getByRole("button", { name: "Grant" }).click();
      await request.waitFor({ state: "detached", timeout: 10_000 });

      await waitForHeaderLink(member, "Business");
      await member.getByText("Your account has business features.").waitFor();
      expect(await stillNoReload(member)).toBe(true);
      expect(new URL(member.url()).pathname).toBe("/business-upgrade");

      const audit = admin.getByRole("list", { name: "Audit log" });
      await audit.getByText(/Business: (off|unset) → on/).first().waitFor();
    } finally {
      await memberContext.close();
      await adminContext.close();
    }
  });
});
