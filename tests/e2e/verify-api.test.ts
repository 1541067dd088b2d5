// The public verify API from a real browser on another origin (CORS as Chromium enforces it),
// and the documentation's curl example, which names this deployment's site URL and works.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/app";
import { REPO_ROOT, fileStack } from "./support/stack";

const PHONE_390 = { width: 390, height: 844 };
const stack = fileStack();

async function visit(pathname: string, viewport = DESKTOP): Promise<Page> {
  const page = await stack.open(undefined, viewport);
  await page.goto(pathname);
  return page;
}

describe("verify API in the browser", () => {
  it("a page on another origin reads the API's answers, a 404 included", async () => {
    const page = await visit("/public-assets");
    const card = page.getByRole("link", { name: /Espresso machine/ });
    await card.waitFor();
    const serial = (await card.getAttribute("href"))!.split("/").pop()!;
    expect(new URL(stack.appUrl).origin).not.toBe(new URL(stack.backend.siteUrl).origin);
    const answers = await page.evaluate(async ({ site, serial }) => {
      const read = async (url: string) => {
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        return { status: response.status, body: await response.json() };
      };
      return [await read(`${site}/api/v1/verify/${serial}`), await read(`${site}/api/v1/verify/TMT-2222-3333`)];
    }, { site: stack.backend.siteUrl, serial });
    expect(answers[0]).toMatchObject({ status: 200, body: { serial, name: "Espresso machine", kind: "business", status: "active" } });
    expect(answers[1]).toEqual({ status: 404, body: { error: "No asset is registered with this serial number" } });
  });

  it("the documentation's curl example names this deployment's site URL, and its URL answers", async () => {
    for (const [label, viewport] of [["1280", DESKTOP], ["390", PHONE_390]] as const) {
      const page = await visit("/documentation#api", viewport);
      const section = page.getByRole("region", { name: "API for developers" });
      await section.waitFor();
      const command = (await section.locator("code").first().textContent())!;
      expect(command).toBe(`curl ${stack.backend.siteUrl}/api/v1/verify/TMT-7K3P-Q9XA`);
      await section.scrollIntoViewIfNeeded();
      const out = path.join(REPO_ROOT, ".e2e-artifacts");
      mkdirSync(out, { recursive: true });
      await section.screenshot({ path: path.join(out, `documentation-api-${label}.png`) });
    }
    // The example is a real demo asset: the answer the page shows is the one the API gives.
    const example = await fetch(`${stack.backend.siteUrl}/api/v1/verify/TMT-7K3P-Q9XA`);
    expect(example.status).toBe(200);
    expect(example.headers.get("access-control-allow-origin")).toBe("*");
    expect(await example.json()).toMatchObject({ serial: "TMT-7K3P-Q9XA", name: "Trek Domane road bike", kind: "general", status: "active" });
  });
});
