// Scanning and installing (issue 27 items 5 and 6), in Chromium against the built app:
// - the camera is a canvas stream showing QR codes made here from the app's label addresses
//   (getUserMedia answered with it), read by the app's own decoder (ZXing's WebAssembly: this
//   Chromium has no BarcodeDetector); scans gather two items and check them out, then check
//   each back in, scan after scan without a reload, then tick one in an audit;
// - the manifest and the service worker are in place, and a reload with no network shows the
//   app's shell with the connection banner.
import type { BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newContext, newPage, PHONE_390, resumeSession, snap } from "./support/app";
import { startStack, type Stack } from "./support/stack";

let stack: Stack;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await stack?.stop();
});

async function context() {
  const created = await newContext(stack.browser, stack.appUrl, undefined, "allow");
  contexts.push(created);
  return created;
}

/** A camera that films whatever QR image `window.showCode(dataUrl)` last put in front of it. */
function fakeCamera() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 480;
  const context = canvas.getContext("2d")!;
  let image: HTMLImageElement | null = null;
  setInterval(() => {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 480, 480);
    if (image) context.drawImage(image, 60, 60, 360, 360);
  }, 50);
  (window as unknown as { showCode: (url: string) => Promise<void> }).showCode = (url) =>
    new Promise((resolve) => {
      const next = new Image();
      next.onload = () => {
        image = next;
        resolve();
      };
      next.src = url;
    });
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(20);
}

async function show(page: Page, text: string) {
  const image = await QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2 });
  await page.evaluate((url) => (window as unknown as { showCode: (url: string) => Promise<void> }).showCode(url), image);
}

const result = (page: Page, text: string) => page.getByTestId("scan-result").filter({ hasText: text }).waitFor();

describe("scanner and installable app", () => {
  it("scans labels from the camera: two items gathered and checked out, then each checked in", async () => {
    const ctx = await context();
    await ctx.addInitScript(fakeCamera);
    const page = await newPage(ctx);
    await resumeSession(page, "member@example.com");
    const client = clientAs(stack.backend, await authToken(page));
    const stamp = Date.now();
    const items = [];
    for (const name of [`Projector ${stamp}`, `Tripod ${stamp}`]) {
      const tagged = await client.mutation(api.assets.tag, { kind: "general", name, visibility: "private", details: { kind: "general" }, files: [] });
      items.push({ name, ...tagged, label: `${stack.appUrl}/verify/${tagged.serial}` });
    }
    const [projector, tripod] = items;

    await page.goto("/scan?mode=checkOut");
    await page.getByRole("button", { name: "Start camera" }).click();
    await page.getByRole("button", { name: "Stop camera" }).waitFor();
    await show(page, projector.label);
    await result(page, `Added: ${projector.name}`);
    await show(page, tripod.label);
    await result(page, `Added: ${tripod.name}`);
    await snap(page, "scanner-check-out", PHONE_390);
    await page.getByRole("button", { name: "Check out 2 items" }).click();
    const dialog = page.getByRole("dialog", { name: "Check out 2 items" });
    await dialog.getByLabel("Name").fill("Sam Borrower");
    await dialog.getByRole("button", { name: "Check out" }).click();
    await dialog.getByRole("textbox", { name: "Borrower's link" }).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByRole("heading", { name: "To check out: 0 items" }).waitFor();
    for (const item of items) expect((await client.query(api.custody.ofAsset, { assetId: item.assetId }))?.current?.loan.borrowerName).toBe("Sam Borrower");

    // Same page, same camera: now each scan brings an item back.
    await page.getByRole("radio", { name: /Check in/ }).click();
    await show(page, projector.label);
    await result(page, `Checked in: ${projector.name}`);
    await show(page, tripod.label);
    await result(page, `Checked in: ${tripod.name}`);
    for (const item of items) expect((await client.query(api.custody.ofAsset, { assetId: item.assetId }))?.current).toBeNull();
    expect(page.url()).toContain("/scan?mode=checkIn");

    // In an audit, the same camera ticks: the projector's label counts it found.
    const auditId = await client.mutation(api.audits.start, { scope: { kind: "workspace" } });
    await page.goto(`/audits/${auditId}`);
    await page.getByLabel("Scan or type a code").waitFor();
    await page.getByText("Scan with the camera").click();
    await page.getByRole("button", { name: "Start camera" }).click();
    await page.getByRole("button", { name: "Stop camera" }).waitFor();
    await show(page, projector.label);
    await page.getByText(`Found: ${projector.name}`).waitFor();
    const audit = await client.query(api.audits.get, { auditId });
    expect(audit?.recent.map((r) => r.name)).toEqual([projector.name]);
  });

  it("is installable (manifest, icons, service worker) and opens with no connection, saying so", async () => {
    const ctx = await context();
    const page = await newPage(ctx);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The worker installs, precaches the shell and takes over the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? await (await fetch(link.href)).json() : null;
    });
    expect(manifest).toMatchObject({ name: "TagMyThing", start_url: "/", display: "standalone", theme_color: "#4f46e5" });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")).toBe("/icons/apple-touch-icon-180.png");
    // Chromium's own installability check (what Lighthouse's installable-manifest audit reported,
    // and what decides "Install app" / "Add to home screen"), and its reading of the manifest.
    const cdp = await ctx.newCDPSession(page);
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    expect((await cdp.send("Page.getAppManifest")).errors).toEqual([]);

    await ctx.setOffline(true);
    try {
      await page.goto("/scan");
      await page.getByRole("heading", { name: "Scan", level: 1 }).waitFor();
      await page.getByText("Connection lost. Trying to reconnect...").waitFor();
      await snap(page, "scanner-offline", PHONE_390);
    } finally {
      await ctx.setOffline(false);
    }
  });
});
