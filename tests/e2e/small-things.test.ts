// Small things users notice (issue 31 item 12), in the real app: an expected sign-in failure
// (a wrong password, an unknown address) shows its message and leaves no "Server Error" in the
// browser console, which bug reports attach.
import { describe, expect, it } from "vitest";
import { newContext, newPage, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

describe("small things", () => {
  it("a wrong password or an unknown address says so, and logs no server error to the console", async () => {
    const context = await newContext(stack.browser, stack.appUrl);
    try {
      const page = await newPage(context);
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") logged.push(message.text());
      });
      await page.goto("/auth");
      const form = page.getByRole("form", { name: "Sign in" });
      for (const email of ["member@example.com", "nobody-here@example.com"]) {
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Password", { exact: true }).fill("wrong-password-1");
        await form.getByRole("button", { name: "Sign in", exact: true }).click();
        await waitForText(page, "Invalid email or password");
        // The form is ready again (the message stays until the next try).
        await form.getByRole("button", { name: "Sign in", exact: true }).waitFor();
        await expect.poll(() => form.getByRole("button", { name: "Sign in", exact: true }).isEnabled()).toBe(true);
      }
      expect(logged.filter((text) => /Server Error|auth:signIn/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
