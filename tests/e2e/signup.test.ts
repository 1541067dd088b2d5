import { describe, expect, it } from "vitest";
import { newContext, newPage, waitForMessage, waitForPath, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

describe("sign up with email", () => {
  it("signs up, opens the emailed link and lands on the dashboard signed in", async () => {
    const email = `new-user-${Date.now()}@example.com`;
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await page.goto("/signup");
      const form = page.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill("s3cret-pass");
      await form.getByRole("button", { name: "Create account" }).click();

      await waitForPath(page, "/check-email");
      await waitForText(page, "Check your email");
      await waitForText(page, email);

      const message = await waitForMessage(stack.backend, (m) => m.channel === "email" && m.to === email);
      expect(message.link).toBeTruthy();
      const link = new URL(message.link!);
      expect(link.origin).toBe(stack.appUrl);
      expect(link.pathname).toBe("/auth/callback");
      expect(link.searchParams.get("code")).toBeTruthy();
      expect(link.searchParams.get("email")).toBe(email);
      expect(link.searchParams.get("from")).toBe("email_verification");
      expect(message.body).toContain(message.link!);

      await page.goto(message.link!);
      await page.getByRole("heading", { name: "Email Verification" }).waitFor();
      await waitForText(page, "Email verified! Redirecting to your dashboard...");
      await waitForPath(page, "/dashboard");

      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Dashboard", exact: true }).waitFor();
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      await expect(page.getByRole("link", { name: "Sign In" }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
