// Your data (issue 32) in Chromium against the local backend: "Download my data" is built in
// the background and its ZIP holds the account and the item's photo, and a certificate that
// prints the item's Japanese name (fonts fetched from the app); deleting the account
// needs the password, then every page shows the banner until "Cancel deletion".
import { strFromU8, unzipSync } from "fflate";
import jsQR from "jsqr";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, PHONE_390, newContext, newPage, readOutbox, snap, waitForText, resumeSession } from "./support/app";
import { pdfText } from "../support/pdf-text";
import { fileStack } from "./support/stack";

const stack = fileStack();

async function open(email: string): Promise<Page> {
  const page = await newPage(await newContext(stack.browser, stack.appUrl));
  await resumeSession(page, email);
  return page;
}

/** Drops one small JPEG on the tag form's file zone. */
async function dropPhoto(page: Page) {
  await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#3366cc";
    context.fillRect(0, 0, 64, 48);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "front.jpg", { type: "image/jpeg" }));
    const zone = document.querySelector('[data-testid="file-drop-zone"]')!;
    for (const type of ["dragenter", "dragover", "drop"]) zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
}

/** The text of the QR code drawn on a certificate's page (a form XObject of module rectangles), read by a QR decoder. */
async function qrOf(pdfBytes: Uint8Array): Promise<string | undefined> {
  const pdf = await PDFDocument.load(pdfBytes);
  const xobjects = pdf.getPage(0).node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
  const stream = pdf.context.lookup(xobjects.values()[0] as PDFRef) as PDFRawStream;
  const extent = stream.dict.lookup(PDFName.of("BBox"), PDFArray).lookup(2, PDFNumber).asNumber();
  const ops = new TextDecoder().decode(decodePDFRawStream(stream).decode());
  const scale = 4;
  const size = extent * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [, x, y, length] of ops.matchAll(/(\d+) (\d+) (\d+) 1 re/g)) {
    const row = extent - Number(y) - 1;
    for (let py = row * scale; py < (row + 1) * scale; py++) {
      for (let px = Number(x) * scale; px < (Number(x) + Number(length)) * scale; px++) pixels.fill(0, (py * size + px) * 4, (py * size + px) * 4 + 3);
    }
  }
  return jsQR(pixels, size, size)?.data;
}

describe("your data", () => {
  it("downloads a ZIP with the profile and the item's photo; the link is also e-mailed", async () => {
    const page = await open("member@example.com");
    await page.goto("/tag?kind=general");
    // A name in scripts the certificate's standard font lacks: it prints with the app's fallback fonts.
    await page.getByLabel("Name").fill(`山田太郎の自転車 🚲 ${Date.now()}`);
    await dropPhoto(page);
    await page.getByRole("img", { name: "front.jpg" }).waitFor();
    await page.getByRole("button", { name: "Tag Asset" }).click();
    await page.getByText("Tagged! Your serial number is").waitFor({ timeout: 30_000 });
    const serial = (await page.getByTestId("asset-serial").textContent())!.trim();

    await page.goto("/settings");
    await page.getByRole("button", { name: "Download my data" }).click();
    const link = page.getByRole("link", { name: "Download ZIP" });
    await link.waitFor({ timeout: 60_000 });
    await waitForText(page, /Link works until/);
    const zip = unzipSync(new Uint8Array(await (await fetch((await link.getAttribute("href"))!)).arrayBuffer()));
    expect(JSON.parse(strFromU8(zip["account/users.json"]))[0].email).toBe("member@example.com");
    const photo = Object.keys(zip).find((p) => p.includes(`/files/${serial}/`));
    expect(photo).toBeDefined();
    // A real image (JPEG or the WebP the upload may have converted it to).
    expect([0xff, 0x52]).toContain(zip[photo!][0]);
    const csv = Object.keys(zip).find((p) => p.endsWith("/items.csv"))!;
    expect(strFromU8(zip[csv])).toContain(serial);
    // The item's ownership certificate: its QR opens /verify, which checks the signed facts.
    const certificate = Object.keys(zip).find((p) => p.endsWith(`/certificates/${serial}.pdf`))!;
    const qr = new URL((await qrOf(zip[certificate]))!);
    expect(qr.pathname).toBe(`/verify/${serial}`);
    expect((await pdfText(zip[certificate]))[0]).toContain("山田太郎の自転車 🚲");
    await page.goto(`${qr.pathname}${qr.search}`);
    const check = page.getByTestId("certificate-check");
    await waitForText(check, /^This certificate is genuine, issued on .* with status Active\.$/);
    await waitForText(check, /^It is still current: status Active/);
    const mails = await readOutbox(stack.backend);
    expect(mails.some((m) => m.to === "member@example.com" && m.link?.endsWith("/settings#your-data"))).toBe(true);
    await snap(page, "your-data-settings", PHONE_390);
  });

  it("deleting the account needs the password; the banner shows on every page until 'Cancel deletion'", async () => {
    const page = await open("moderator@example.com");
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Kept, without your name").waitFor();
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await waitForText(dialog, "Current password is incorrect");
    await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();

    const banner = page.getByRole("region", { name: "Account deletion" });
    await banner.getByText(/scheduled for deletion on/).waitFor();
    await page.goto("/dashboard");
    await banner.getByText(/scheduled for deletion on/).waitFor();
    await snap(page, "your-data-banner", PHONE_390);
    await banner.getByRole("button", { name: "Cancel deletion" }).click();
    await waitForText(page, "Deletion cancelled. Your account stays as it was.");
    await expect.poll(() => banner.count()).toBe(0);
  });
});
