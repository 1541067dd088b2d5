// Keyboard-only runs: every control is reached with Tab (never clicked) and used with
// typing, Enter and Escape. Page loads (goto) stand in for typing an address.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, newContext, newPage, waitForPath, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus: proves it is in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Not reachable with ${backwards ? "Shift+Tab" : "Tab"} in ${max} presses: ${target}`);
}

async function open(): Promise<Page> {
  return newPage(await newContext(stack.browser, stack.appUrl));
}

async function keyboardSignIn(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await tabTo(page, form.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, form.getByLabel("Password", { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await waitForPath(page, "/dashboard");
  await page.getByRole("button", { name: "Account menu" }).waitFor();
}

describe("keyboard only", () => {
  it("signs in, tags a general asset and files a bug report", async () => {
    const page = await open();
    await keyboardSignIn(page, "member@example.com");

    await page.goto("/tag?kind=general");
    await page.getByRole("heading", { level: 1, name: "Tag an asset" }).waitFor();
    await waitForText(page, "Tagging costs 5 TMT");
    expect(await page.getByRole("radio", { name: /General/ }).getAttribute("aria-checked")).toBe("true");
    const name = `Keyboard bike ${Date.now()}`;
    await tabTo(page, page.getByLabel("Name"));
    await page.keyboard.type(name);
    await tabTo(page, page.getByLabel("Brand"));
    await page.keyboard.type("Trek");
    await tabTo(page, page.getByRole("button", { name: "Tag Asset" }));
    await page.keyboard.press("Enter");
    await page.getByText("Tagged! Your serial number is").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(name);

    const report = page.getByRole("button", { name: "Report a Bug" });
    await tabTo(page, report, { backwards: true });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await waitForText(page, "Screenshot captured!");
    await tabTo(page, dialog.getByLabel("What went wrong?"));
    await page.keyboard.type("Typed with the keyboard only");
    await tabTo(page, dialog.getByRole("button", { name: "Submit Bug Report" }));
    await page.keyboard.press("Enter");
    await waitForText(page, "Bug report submitted successfully! Thank you for helping us improve TagMyThing.");
    await dialog.waitFor({ state: "detached" });
  });

  it("opens an article with Enter, closes it with Escape, and focus returns to Read More", async () => {
    const page = await open();
    await page.goto("/news");
    await page.getByRole("heading", { level: 1, name: "Latest News" }).waitFor();
    const readMore = page.getByRole("button", { name: /^Read More/ }).first();
    await tabTo(page, readMore);
    await page.keyboard.press("Enter");
    const reader = page.getByRole("dialog");
    await reader.waitFor();
    expect(await reader.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await reader.waitFor({ state: "detached" });
    // Radix returns focus to the trigger after its close animation frame.
    await expect.poll(() => isFocused(readMore), { timeout: 5_000 }).toBe(true);
  });
});
