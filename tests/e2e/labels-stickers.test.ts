// Labels and claimable stickers (issue 19): one asset's label from its page, a list's selection
// on /labels, a sticker batch's sheet, then a visitor scans a sticker, signs in, claims it by
// tagging, and the code verifies as a serial. Every PDF (downloaded, or the browser's print)
// is parsed and must have exactly the pages the stock needs.
// E2E_SCREENSHOTS=1 also writes the screens to .e2e-artifacts/ at 1280 and 390 px.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authToken, clientAs, DEMO_PASSWORD, waitForPath, waitForText, resumeSession } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";
import { anyApi } from "convex/server";
import { fontPath } from "../../convex/lib/fonts/faces";

const MM = 72 / 25.4;
const stack = fileStack();

const open = (viewport = { width: 1280, height: 900 }): Promise<Page> => stack.open(undefined, viewport);

async function pageSizes(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => ({ width: Math.round(p.getWidth() / MM), height: Math.round(p.getHeight() / MM) }));
}

/** The PDF the Download PDF button hands the browser. */
async function downloadedPdf(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return await pageSizes(new Uint8Array(Buffer.concat(chunks)));
}

/** What the browser prints: print media, the page size the @page rule asks for. */
async function printedPdf(page: Page) {
  const bytes = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  return await pageSizes(new Uint8Array(bytes));
}

async function chooseStock(page: Page, id: string) {
  await page.getByLabel("Label stock").selectOption(id);
}

describe("labels", () => {
  it("one asset's label from its page, and a selection on /labels, print and download with exact pages", async () => {
    const page = await open();
    // The fonts the downloads fetch: the demo's names are Latin, so DejaVu Sans alone.
    const fonts = new Set<string>();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/fonts/")) fonts.add(pathname);
    });
    await resumeSession(page, "business@example.com");
    const client = clientAs(stack.backend, await authToken(page));
    const list = await client.query(anyApi.assets.listMine, { paginationOpts: { numItems: 10, cursor: null } });
    const ids = (list.page as { _id: string }[]).map((a) => a._id);
    expect(ids).toHaveLength(2);

    // From an asset's page: one label, one page of the 62 mm roll.
    await page.goto(`/assets/${ids[0]}`);
    await page.getByRole("link", { name: "Print or download label" }).click();
    await waitForPath(page, "/labels");
    await chooseStock(page, "roll-62mm");
    await waitForText(page.getByTestId("label-summary"), "1 label · 1 page");
    expect(await printedPdf(page)).toEqual([{ width: 62, height: 32 }]);
    expect(await downloadedPdf(page)).toEqual([{ width: 62, height: 32 }]);

    // A list's selection, handed over in sessionStorage.
    await page.evaluate((selected) => sessionStorage.setItem("tmt.labelSelection", JSON.stringify(selected)), [...ids, "someone-elses"]);
    await page.goto("/labels?format=a4-3x7");
    await waitForText(page.getByTestId("label-summary"), "2 labels · 1 page");
    await waitForText(page, "1 selected item is not in your assets any more");
    expect(await printedPdf(page)).toEqual([{ width: 210, height: 297 }]);
    await chooseStock(page, "label-2x1in");
    await waitForText(page.getByTestId("label-summary"), "2 labels · 2 pages");
    expect(await downloadedPdf(page)).toEqual([{ width: 51, height: 25 }, { width: 51, height: 25 }]);
    expect(await printedPdf(page)).toEqual([{ width: 51, height: 25 }, { width: 51, height: 25 }]);
    expect([...fonts].sort()).toEqual([fontPath("dejavu"), fontPath("dejavuBold")].sort());
  });
});

describe("claimable stickers", () => {
  it("a business makes 45 stickers and downloads the sheet; a visitor scans one, signs in, claims it; it verifies", async () => {
    const business = await open();
    await resumeSession(business, "business@example.com");
    await business.goto("/stickers");
    await business.getByLabel("Number of stickers").fill("45");
    await business.getByRole("button", { name: "Create batch" }).click();
    await waitForText(business.getByTestId("label-summary"), "45 labels · 3 pages");
    expect(await downloadedPdf(business)).toEqual(Array(3).fill({ width: 210, height: 297 }));
    expect(await printedPdf(business)).toEqual(Array(3).fill({ width: 210, height: 297 }));
    await chooseStock(business, "letter-3x10");
    await waitForText(business.getByTestId("label-summary"), "45 labels · 2 pages");
    expect(await downloadedPdf(business)).toEqual(Array(2).fill({ width: 216, height: 279 }));
    const code = (await business.getByTestId("label-preview").getByTestId("label-serial").first().textContent())!.trim();
    expect(code).toMatch(/^TMT-[A-HJKMNP-Z2-9]{6}-[A-HJKMNP-Z2-9]{6}-[A-HJKMNP-Z2-9]{6}$/);

    // A visitor scans it.
    const visitor = await open({ width: 390, height: 844 });
    await visitor.goto(`/verify/${code}`);
    await visitor.getByRole("heading", { level: 1, name: "Unclaimed tag" }).waitFor();
    await visitor.getByRole("link", { name: "Claim this tag" }).click();
    await waitForPath(visitor, "/auth");
    const form = visitor.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill("member@example.com");
    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await waitForPath(visitor, "/tag");
    expect(await visitor.getByTestId("claim-banner").textContent()).toContain(code);
    await visitor.getByLabel("Name").fill("Sticker-claimed camera");
    await visitor.getByRole("button", { name: "Tag Asset" }).click();
    await visitor.getByText("Tagged! Your serial number is").waitFor();
    expect((await visitor.getByTestId("asset-serial").textContent())!.trim()).toBe(code);

    // The batch's audit counts the claim, live; the code now verifies as a serial, for anyone.
    await waitForText(business.getByTestId("batch-claimed").first(), "1");
    await waitForText(business.getByTestId("label-summary"), "44 labels");
    const stranger = await open();
    await stranger.goto(`/verify/${code}`);
    await stranger.getByRole("heading", { name: "Sticker-claimed camera" }).waitFor();
    expect(await stranger.getByText("Claim this tag").count()).toBe(0);
  });

  it.skipIf(process.env.E2E_SCREENSHOTS !== "1")("screenshots of the label and sticker screens", async () => {
    const out = path.join(REPO_ROOT, ".e2e-artifacts");
    mkdirSync(out, { recursive: true });
    for (const [label, viewport] of [["1280", { width: 1280, height: 900 }], ["390", { width: 390, height: 844 }]] as const) {
      const page = await open(viewport);
      await resumeSession(page, "business@example.com");
      await page.goto("/stickers");
      await page.getByLabel("Number of stickers").fill("7");
      await page.getByRole("button", { name: "Create batch" }).click();
      await waitForText(page.getByTestId("label-summary"), "7 labels · 1 page");
      await page.screenshot({ path: path.join(out, `stickers-${label}.png`), fullPage: true });
      const code = (await page.getByTestId("label-preview").getByTestId("label-serial").first().textContent())!.trim();
      const client = clientAs(stack.backend, await authToken(page));
      const list = await client.query(anyApi.assets.listMine, { paginationOpts: { numItems: 10, cursor: null } });
      await page.goto(`/labels?ids=${(list.page as { _id: string }[]).map((a) => a._id).join(",")}&format=roll-62mm`);
      await waitForText(page.getByTestId("label-summary"), "2 labels · 2 pages");
      await page.screenshot({ path: path.join(out, `labels-${label}.png`), fullPage: true });
      await page.goto(`/assets/${(list.page as { _id: string }[])[0]!._id}`);
      await page.getByTestId("asset-label").waitFor();
      await page.screenshot({ path: path.join(out, `asset-label-${label}.png`), fullPage: true });
      await page.goto(`/verify/${code}`);
      await page.getByRole("heading", { level: 1, name: "Unclaimed tag" }).waitFor();
      await page.screenshot({ path: path.join(out, `sticker-verify-${label}.png`), fullPage: true });
      await page.goto(`/tag?claim=${code}`);
      await page.getByTestId("claim-banner").waitFor();
      await page.screenshot({ path: path.join(out, `sticker-claim-${label}.png`), fullPage: true });
    }
  });
});
