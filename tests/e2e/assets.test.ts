// Assets (issue 7a): a member tags a public asset with a photo; it appears in /assets,
// and its status changes on the open detail page. 7b covers /public-assets and /verify.
// E2E_SCREENSHOTS=1 also writes the asset screens to .e2e-artifacts/ (desktop and phone).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, newPage, PHONE, waitForPath, waitForText } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

// A 2×2 red PNG: a real image, so the browser's canvas resize runs.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

const stack = fileStack();

const openAs = (email: string, viewport = DESKTOP): Promise<Page> => stack.open(email, viewport);

async function tagBike(page: Page, name: string): Promise<string> {
  await page.goto("/tag?kind=general");
  await page.getByRole("heading", { level: 1, name: "Tag an asset" }).waitFor();
  await waitForText(page, "Tagging costs 5 TMT");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Brand").fill("Trek");
  await page.getByLabel("Purchase value", { exact: true }).fill("1299.50");
  await page.getByTestId("photo-input").setInputFiles({ name: "bike.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Tag Asset" }).click();
  await page.getByText("Tagged! Your serial number is").waitFor({ timeout: 20_000 });
  return (await page.getByTestId("asset-serial").textContent())!.trim();
}

describe("assets", () => {
  it("a member tags a public asset with a photo; it appears in /assets; status changes show live", async () => {
    const name = `E2E bike ${Date.now()}`;
    const member = await openAs("member@example.com");
    const serial = await tagBike(member, name);
    expect(serial).toMatch(/^TMT-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    // Re-encoded in the browser: WebP where it can write it (Chromium does), JPEG elsewhere.
    const photo = member.getByRole("img", { name: /^bike\.(webp|jpg|png)$/ });
    await photo.waitFor();
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await member.getByTestId("asset-label").textContent()).toContain(serial);
    const detailUrl = new URL(member.url()).pathname;

    // A second screen on the same asset follows the owner's status change without a reload.
    const other = await newPage(member.context());
    await other.goto(detailUrl);
    await other.getByTestId("asset-serial").waitFor();
    // Marking stolen asks first, with when and where; the other screen shows the report too.
    await member.getByRole("button", { name: "Mark as stolen" }).click();
    const confirm = member.getByRole("dialog", { name: "Mark as stolen?" });
    await confirm.getByLabel("Where was it stolen?").fill("Mill Road, Cambridge");
    await confirm.getByRole("button", { name: "Mark as stolen" }).click();
    await other.getByRole("button", { name: "Recovered: mark active" }).waitFor({ timeout: 20_000 });
    await waitForText(other, "Marked as Stolen");
    await waitForText(other.getByTestId("stolen-report"), "Mill Road, Cambridge");

    await member.goto("/assets");
    await member.getByRole("heading", { level: 1, name: "My Assets" }).waitFor();
    // The table (the default view): the row holds the name's link and the serial.
    const card = member.getByRole("table", { name: "My assets" }).getByRole("row", { name: new RegExp(name) });
    await card.waitFor();
    expect(await card.textContent()).toContain(serial);
    await member.getByLabel("Search my assets").fill(serial);
    await card.waitFor();
    // Convex splits "TMT-XXXX-XXXX" into terms and ORs them, so other lost assets may match
    // the search too; the stolen bike itself must leave the list.
    await member.getByLabel("Filter by status").selectOption("lost");
    await card.waitFor({ state: "detached" });
  });

  it("a visitor pressing Tag Asset signs in and comes back to /tag", async () => {
    const page = await stack.open(undefined, DESKTOP);
    await page.goto("/tag?kind=nft");
    await waitForPath(page, "/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill("business@example.com");
    await form.getByLabel("Password", { exact: true }).fill("password123");
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(page, "/tag");
    expect(await page.getByRole("radio", { name: /NFT/ }).getAttribute("aria-checked")).toBe("true");
  });

  it.skipIf(process.env.E2E_SCREENSHOTS !== "1")("screenshots of the asset screens", async () => {
    const out = path.join(REPO_ROOT, ".e2e-artifacts");
    mkdirSync(out, { recursive: true });
    for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      const page = await openAs("member@example.com", viewport);
      await page.goto("/tag?kind=will");
      await page.getByRole("heading", { level: 1, name: "Tag an asset" }).waitFor();
      await page.screenshot({ path: path.join(out, `tag-${label}.png`), fullPage: true });
      await page.goto("/assets");
      await page.getByRole("table", { name: "My assets" }).waitFor();
      await page.screenshot({ path: path.join(out, `assets-${label}.png`), fullPage: true });
      await page.getByRole("table", { name: "My assets" }).getByRole("link").first().click();
      await page.getByTestId("asset-serial").waitFor();
      await page.screenshot({ path: path.join(out, `asset-detail-${label}.png`), fullPage: true });
    }
  });
});
