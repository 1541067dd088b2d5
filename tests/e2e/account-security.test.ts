// Account security (issue 10) in Chromium against the local backend: signing out
// other devices takes effect live (and the server refuses the old token at once),
// and TOTP enrolment makes sign-in ask for a code.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { timeStep, totpAt } from "../../convex/lib/auth/totp";
import { authToken, clientAs, hasAuthToken, DEMO_PASSWORD, newContext, newPage, signIn, waitForPath, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

/** Waits for the authenticator's next 30-second step (each code is accepted once). */
async function codeAfter(secret: string, usedStep: number): Promise<string> {
  while (timeStep(Date.now()) <= usedStep) await new Promise((r) => setTimeout(r, 500));
  return await totpAt(secret, Date.now());
}

describe("account security", () => {
  it("'Sign out other devices' signs the other browser out live and its token is refused; this one stays", async () => {
    const one = await newContext(stack.browser, stack.appUrl);
    const two = await newContext(stack.browser, stack.appUrl);
    try {
      const first = await newPage(one);
      const second = await newPage(two);
      await signIn(first, "member@example.com");
      await signIn(second, "member@example.com");
      // On /settings, whose panels read guarded queries: once the server refuses the
      // token they fail, and the page must give way rather than take the app down.
      await second.goto("/settings");
      await second.getByRole("list", { name: "Sessions" }).getByText("This device").waitFor();
      await second.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const secondToken = await authToken(second);

      await first.goto("/settings");
      const sessions = first.getByRole("list", { name: "Sessions" });
      await sessions.getByText("This device").waitFor();
      await expect.poll(() => sessions.getByRole("listitem").count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await first.getByRole("button", { name: "Sign out other devices" }).click();
      await waitForText(first, "Signed out of your other devices");
      await expect.poll(() => sessions.getByRole("listitem").count(), { timeout: 10_000 }).toBe(1);

      // The other browser's token still verifies as a JWT, but its session is gone: refused.
      await expect(clientAs(stack.backend, secondToken).query(api.sessions.list, {})).rejects.toMatchObject({
        data: { code: "NOT_AUTHENTICATED" },
      });

      // The other browser notices without a reload: signed out, storage cleared, on /.
      await waitForPath(second, "/", 15_000);
      await second.getByRole("link", { name: "Sign In" }).first().waitFor();
      expect(await hasAuthToken(second)).toBe(false);
      expect(await second.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      // This browser is still signed in.
      await first.reload();
      await first.getByRole("list", { name: "Sessions" }).getByText("This device").waitFor();
      expect(await hasAuthToken(first)).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("enrols TOTP with a code computed from the secret; the next sign-in asks for a code", async () => {
    const email = "business@example.com";
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      await signIn(page, email);
      await page.goto("/settings");
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const confirmStep = timeStep(Date.now());
      // The sixth digit submits the code, as the SMS boxes do: no button to press.
      await page.getByLabel("Authentication code").fill(await totpAt(secret, Date.now()));
      const codes = page.getByRole("list", { name: "Recovery codes" });
      await codes.waitFor();
      expect(await codes.getByRole("listitem").count()).toBe(10);
      await page.getByRole("button", { name: "I have saved my codes" }).click();
      await waitForText(page, "10 of 10 recovery codes left");

      // (Where the page lands after signing out of a protected page is the shared
      // useSignOut's business; here it only matters that the session is gone.)
      await page.getByRole("button", { name: "Sign Out", exact: true }).click();
      await expect.poll(() => hasAuthToken(page), { timeout: 15_000 }).toBe(false);

      await page.goto("/auth");
      const form = page.getByRole("form", { name: "Sign in" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await form.getByRole("button", { name: "Sign in", exact: true }).click();
      const step = page.getByRole("form", { name: "Two-factor authentication" });
      await step.waitFor();
      await step.getByLabel("Authentication code").fill("000000");
      await waitForText(step, "Invalid authentication code");
      await step.getByLabel("Authentication code").fill(await codeAfter(secret, confirmStep));
      // Signed in (to /dashboard, or back to /settings when the sign-out redirect left `from` behind).
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/auth");
      expect(await hasAuthToken(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
