// News, live: what an admin publishes or unpublishes shows on open /news pages without a reload.
// E2E_SCREENSHOTS=1 also writes the news screens to .e2e-artifacts/ (desktop and phone).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, DESKTOP, PHONE, waitForText } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

const stack = fileStack();

const openAs = (email: string, viewport = DESKTOP): Promise<Page> => stack.open(email, viewport);

/** Client-side navigation through the header, so the page (and its marker) survives. */
async function goViaHeader(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: new RegExp(`^${label}`) }).click();
}

async function markNoReload(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}

async function stillSamePage(page: Page) {
  return await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

describe("news", () => {
  it("an admin publishes; open /news pages show it live; unpublishing removes it there", async () => {
    const title = `Live from the newsroom ${Date.now()}`;
    const member = await openAs("member@example.com");
    await goViaHeader(member, "News");
    await member.getByRole("heading", { level: 1, name: "Latest News" }).waitFor();
    await waitForText(member, "Welcome to TagMyThing");
    await markNoReload(member);

    // Someone elsewhere in the app sees the unread badge rise, and clear on opening /news.
    const business = await openAs("business@example.com");
    const newsLink = business.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^News/ });
    expect(await newsLink.getByTestId("news-unread-badge").count()).toBe(0);

    const admin = await openAs("admin@example.com");
    await admin.goto("/news-management");
    await admin.getByRole("heading", { level: 1, name: "News Management" }).waitFor();
    await admin.getByRole("button", { name: "Create Article" }).click();
    const dialog = admin.getByRole("dialog", { name: "Create New Article" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Category").selectOption("Announcements");
    await dialog.getByRole("textbox", { name: "Content" }).fill("First paragraph.\nSecond paragraph <b>not bold</b>.");
    await dialog.getByRole("switch", { name: "Published" }).click();
    await waitForText(dialog, "This article will be visible to all users");
    await dialog.getByRole("button", { name: "Create Article" }).click();
    await waitForText(admin, "Article created successfully");

    await member.getByRole("heading", { name: title }).waitFor({ timeout: 10_000 });
    await newsLink.getByTestId("news-unread-badge").filter({ hasText: "1" }).waitFor({ timeout: 10_000 });

    await member.getByRole("button", { name: `Read More: ${title}` }).click();
    const reader = member.getByRole("dialog", { name: title });
    await waitForText(reader, "Second paragraph <b>not bold</b>.");
    expect(await reader.locator("b").count()).toBe(0);

    await admin.getByRole("group", { name: `Actions for ${title}` }).getByRole("button", { name: "Unpublish" }).click();
    await waitForText(admin, "Article unpublished successfully");

    await waitForText(member, "This article is no longer available.", 10_000);
    await member.getByRole("button", { name: "Close" }).last().click();
    await member.getByRole("heading", { name: title }).waitFor({ state: "detached", timeout: 10_000 });
    expect(await stillSamePage(member)).toBe(true);

    // Republished: the badge is back; opening /news clears it.
    await admin.getByRole("group", { name: `Actions for ${title}` }).getByRole("button", { name: "Publish" }).click();
    await newsLink.getByTestId("news-unread-badge").waitFor({ timeout: 10_000 });
    await goViaHeader(business, "News");
    await business.getByRole("heading", { name: title }).waitFor();
    await newsLink.getByTestId("news-unread-badge").waitFor({ state: "detached", timeout: 10_000 });
  });

  it("a scheduled draft goes live by itself on an open /news page", async () => {
    const title = `Scheduled ${Date.now()}`;
    const member = await openAs("member@example.com");
    await goViaHeader(member, "News");
    await waitForText(member, "Welcome to TagMyThing");
    await markNoReload(member);

    const admin = await openAs("admin@example.com");
    const client = clientAs(stack.backend, await authToken(admin));
    await client.mutation(api.news.create, {
      title,
      content: "Went live on its own.",
      category: "General",
      isPublished: false,
      publishAt: Date.now() + 2500,
    });
    await member.waitForTimeout(500);
    expect(await member.getByRole("heading", { name: title }).count()).toBe(0);
    await member.getByRole("heading", { name: title }).waitFor({ timeout: 15_000 });
    expect(await stillSamePage(member)).toBe(true);
  });

  it.skipIf(process.env.E2E_SCREENSHOTS !== "1")("screenshots of the news screens", async () => {
    const out = process.env.E2E_ARTIFACTS_DIR ?? path.join(REPO_ROOT, ".e2e-artifacts");
    mkdirSync(out, { recursive: true });
    for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      const admin = await openAs("admin@example.com", viewport);
      await admin.goto("/news");
      await waitForText(admin, "Welcome to TagMyThing");
      await admin.screenshot({ path: path.join(out, `news-${label}.png`), fullPage: true });
      await admin.getByRole("button", { name: /Read More/ }).first().click();
      await admin.getByRole("dialog").waitFor();
      await admin.screenshot({ path: path.join(out, `news-modal-${label}.png`) });
      await admin.goto("/news-management");
      await waitForText(admin, "All Articles");
      await admin.screenshot({ path: path.join(out, `news-management-${label}.png`), fullPage: true });
      await admin.getByRole("button", { name: "Create Article" }).click();
      await admin.getByRole("dialog").waitFor();
      await admin.screenshot({ path: path.join(out, `news-form-${label}.png`) });
    }
    const dark = await openAs("admin@example.com");
    await dark.emulateMedia({ colorScheme: "dark" });
    for (const [name, route, text] of [["news", "/news", "Welcome to TagMyThing"], ["news-management", "/news-management", "All Articles"]]) {
      await dark.goto(route);
      await waitForText(dark, text);
      await dark.screenshot({ path: path.join(out, `${name}-dark.png`) });
    }
  });
});
