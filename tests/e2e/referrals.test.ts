import { describe, expect, it } from "vitest";
import { newContext, newPage, waitForMessage, waitForPath, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

const balanceLink = (text: string) => new RegExp(`^${text.replace(",", ",?")} TMT$`);

describe("referral programme", () => {
  it("a visitor signs up through a member's link; the member's open /referrals and header balance rise without a reload", async () => {
    const referrerContext = await newContext(stack.browser, stack.appUrl);
    const visitorContext = await newContext(stack.browser, stack.appUrl);
    try {
      const referrer = await newPage(referrerContext);
      await resumeSession(referrer, "member@example.com");
      await referrer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
      await waitForPath(referrer, "/referrals");
      const code = (await referrer.getByTestId("referral-code").textContent())!.trim();
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      expect(await referrer.getByLabel("Your share link").inputValue()).toBe(`${stack.appUrl}/?ref=${code}`);
      const header = referrer.locator("header").getByRole("link", { name: / TMT$/ });
      const before = Number((await header.textContent())!.replace(/\D/g, ""));
      const joinedBefore = Number(await referrer.getByText("People joined").locator("xpath=following-sibling::dd").textContent());
      await referrer.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      // The visitor arrives through the share link, then signs up.
      const email = `friend-${Date.now()}@example.com`;
      const visitor = await newPage(visitorContext);
      await visitor.goto(`/?ref=${code}`);
      await visitor.goto("/signup");
      const form = visitor.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill("s3cret-pass");
      await form.getByRole("button", { name: "Create account" }).click();
      await waitForPath(visitor, "/check-email");

      const message = await waitForMessage(stack.backend, (m) => m.channel === "email" && m.to === email);
      expect(new URL(message.link!).searchParams.get("ref")).toBe(code);
      await visitor.goto(message.link!);
      await waitForText(visitor, "Email verified! Redirecting to your dashboard...");
      await waitForPath(visitor, "/dashboard");
      // The new member starts with the sign-up bonus.
      await visitor.locator("header").getByRole("link", { name: balanceLink("50") }).waitFor();

      // The referrer's open screen follows live.
      await referrer.locator("header").getByRole("link", { name: balanceLink(String(before + 25)) }).waitFor({ timeout: 10_000 });
      await referrer
        .getByText("People joined")
        .locator("xpath=following-sibling::dd")
        .filter({ hasText: String(joinedBefore + 1) })
        .waitFor({ timeout: 10_000 });
      const newest = referrer.getByRole("list", { name: "People who joined" }).getByRole("listitem").first();
      await newest.filter({ hasText: "+25 TMT" }).waitFor();
      expect(await newest.textContent()).not.toContain("friend-");
      expect(await referrer.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(new URL(referrer.url()).pathname).toBe("/referrals");

      await referrer.getByRole("link", { name: balanceLink(String(before + 25)) }).click();
      await waitForPath(referrer, "/wallet");
      await referrer.getByRole("list", { name: "Transactions" }).getByText(/Referral bonus: f\*+\d joined/).first().waitFor();
    } finally {
      await referrerContext.close();
      await visitorContext.close();
    }
  });
});
