// Photos (issue 19, item 7) in real Chromium on the local backend: files dropped on the tag
// form, a large photo shrunk in the browser before it leaves it, a cover chosen on the form and
// changed on the edit page (and seen by the verify page and the public API), and, on a 390 px
// phone, no empty photo frame. Screenshots go to .e2e-artifacts/ for a look.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_PX } from "../../convex/lib/assets/fileRules";
import { DESKTOP, waitForText } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

const PHONE_390 = { width: 390, height: 844 };
const ARTIFACTS = path.join(REPO_ROOT, ".e2e-artifacts");

const stack = fileStack();
beforeAll(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});

const open = (viewport = DESKTOP, email?: string): Promise<Page> => stack.open(email, viewport);

/**
 * Drops two photos made in the page on the form's drop zone, as a file manager would: a noisy
 * JPEG, by default 3200×2400 (a phone photo's size), and a small one. Returns the large one's bytes.
 */
async function dropPhotos(page: Page, large = { width: 3200, height: 2400 }): Promise<number> {
  return await page.evaluate(async (large) => {
    async function photo(name: string, width: number, height: number): Promise<File> {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      const pixels = context.createImageData(width, height);
      for (let i = 0; i < pixels.data.length; i += 4) {
        pixels.data[i] = (i / 4) % 256;
        pixels.data[i + 1] = Math.random() * 255;
        pixels.data[i + 2] = 128;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.95));
      return new File([blob], name, { type: "image/jpeg" });
    }
    const big = await photo("large.jpg", large.width, large.height);
    const small = await photo("small.jpg", 300, 200);
    const transfer = new DataTransfer();
    transfer.items.add(big);
    transfer.items.add(small);
    const zone = document.querySelector('[data-testid="file-drop-zone"]')!;
    for (const type of ["dragenter", "dragover", "drop"]) {
      zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
    return big.size;
  }, large);
}

/** Each photo of the asset page (in the asset's order) with its natural size and stored bytes. */
async function storedPhotos(page: Page) {
  const card = page.getByRole("heading", { name: "Photos and documents" }).locator("..");
  await card.getByRole("img").first().waitFor();
  return await card.getByRole("img").evaluateAll(async (images) =>
    Promise.all(
      (images as HTMLImageElement[]).map(async (img) => {
        await img.decode();
        const bytes = (await (await fetch(img.src)).blob()).size;
        return { name: img.alt, src: img.src, width: img.naturalWidth, height: img.naturalHeight, bytes };
      }),
    ),
  );
}

async function verifyPhotoSrc(page: Page, serial: string): Promise<string | null> {
  await page.goto(`/verify/${serial}`);
  const article = page.getByRole("article");
  await article.waitFor();
  await page.getByRole("heading", { level: 1 }).waitFor();
  return await article.getByRole("img").first().getAttribute("src");
}

describe("photos", () => {
  it("dropped photos are resized before upload; the chosen cover shows on the verify page and in the API, and can be changed", async () => {
    const page = await open(DESKTOP, "member@example.com");
    await page.goto("/tag?kind=general");
    await waitForText(page, "Tagging costs 5 TMT");
    await page.getByLabel("Name").fill(`Dropped photos ${Date.now()}`);
    const originalBytes = await dropPhotos(page);
    await page.getByRole("img", { name: "large.jpg" }).waitFor();
    await page.getByRole("img", { name: "small.jpg" }).waitFor();
    // The first photo is the cover until another is chosen.
    await page.getByRole("button", { name: "Make small.jpg the cover" }).click();
    await page.getByRole("button", { name: "Make large.jpg the cover" }).waitFor();
    await page.getByRole("button", { name: "Tag Asset" }).click();
    await waitForText(page, "2 files uploaded");
    await page.getByText("Tagged! Your serial number is").waitFor({ timeout: 30_000 });
    const serial = (await page.getByTestId("asset-serial").textContent())!.trim();

    const [cover, large] = await storedPhotos(page);
    expect(cover.name).toMatch(/^small\.(webp|jpg)$/);
    expect(large.name).toMatch(/^large\.(webp|jpg)$/);
    expect(Math.max(large.width, large.height)).toBe(PHOTO_MAX_PX);
    expect(large.width / large.height).toBeCloseTo(3200 / 2400, 2);
    expect(large.bytes).toBeLessThan(originalBytes / 2);

    // The cover is what finders see, on the page and through the public API.
    const detailPath = new URL(page.url()).pathname;
    expect(await verifyPhotoSrc(page, serial)).toBe(cover.src);
    const api = await (await fetch(`${stack.backend.siteUrl}/api/v1/verify/${serial}`)).json();
    expect(api.photoUrl).toBe(cover.src);

    // On the edit page the owner makes the other photo the cover; it stays after a reload.
    await page.goto(`${detailPath}/edit`);
    await page.getByRole("button", { name: `Make ${large.name} the cover` }).click();
    await page.getByRole("button", { name: `Make ${cover.name} the cover` }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: `Make ${cover.name} the cover` }).waitFor();
    expect(await verifyPhotoSrc(page, serial)).toBe(large.src);
    await page.goto(`${detailPath}/edit`);
    await page.getByRole("list", { name: "Attached photos" }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "photos-edit-desktop.png"), fullPage: true });
  });

  it("on a 390 px phone an asset without a photo shows no empty frame, and the tag form's picker is compact", async () => {
    const visitor = await open(PHONE_390);
    // A seeded public asset without photos.
    await visitor.goto("/public-assets");
    const card = visitor.getByRole("link", { name: /Espresso machine/ });
    await card.waitFor();
    expect(await visitor.getByText("No photo").filter({ visible: true }).count()).toBe(0);
    await card.click();
    const article = visitor.getByRole("article");
    await article.waitFor();
    await visitor.getByRole("heading", { level: 1, name: "Espresso machine" }).waitFor();
    expect(await article.getByText("No photo").count()).toBe(0);
    expect(await article.getByRole("img").count()).toBe(0);
    // The name is near the top of the card, not below half a screen of empty frame.
    const heading = await visitor.getByRole("heading", { level: 1, name: "Espresso machine" }).boundingBox();
    const top = await article.boundingBox();
    expect(heading!.y - top!.y).toBeLessThan(120);
    await visitor.screenshot({ path: path.join(ARTIFACTS, "photos-verify-no-photo-390.png"), fullPage: true });

    const owner = await open(PHONE_390, "business@example.com");
    // The owner's page of that asset: one line and a way to add the first photo.
    await owner.goto("/assets");
    await owner.getByRole("table", { name: "My assets" }).getByRole("link", { name: /Espresso machine/ }).click();
    const addPhoto = owner.getByRole("link", { name: "+ Add a photo" });
    await addPhoto.waitFor();
    expect(await addPhoto.getAttribute("href")).toMatch(/^\/assets\/[^/]+\/edit$/);
    await owner.screenshot({ path: path.join(ARTIFACTS, "photos-asset-no-photo-390.png"), fullPage: true });
    await owner.goto("/tag?kind=general");
    await waitForText(owner, "Tagging costs 5 TMT");
    await owner.screenshot({ path: path.join(ARTIFACTS, "photos-tag-390.png"), fullPage: true });
    const picker = await owner.getByTestId("file-drop-zone").boundingBox();
    // Empty, it takes a quarter of the screen at most: buttons and one line of help.
    expect(picker!.height).toBeLessThan(PHONE_390.height / 4);
    await dropPhotos(owner, { width: 800, height: 600 });
    await owner.getByRole("list", { name: "Photos to upload" }).getByRole("img").nth(1).waitFor();
    await owner.getByTestId("file-drop-zone").screenshot({ path: path.join(ARTIFACTS, "photos-picked-390.png") });
  });
});
