// The thing's identity, in a browser: an owner types a bike's frame number into the tag form
// (a field of the general kind's table), marks the bike stolen; a buyer types the frame number
// where a serial goes on /verify and is told it is registered and stolen, never by whom.
// E2E_SCREENSHOTS=1 also writes the screens to .e2e-artifacts/ (desktop and 390 px).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, DESKTOP, PHONE_390, snap, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

const open = (email?: string): Promise<Page> => stack.open(email, DESKTOP);

describe("a maker's serial", () => {
  it("is typed into the tag form, and a buyer's check finds the bike stolen without learning its owner", async () => {
    const frame = `WTU ${Date.now() % 1_000_000}-77`;
    const stored = frame.replace(/[^A-Z0-9]/g, "");
    const owner = await open("member@example.com");
    await owner.goto("/tag?kind=general");
    await owner.getByLabel("Name", { exact: true }).fill("Commuter bike");
    await owner.getByLabel("Brand").fill("Trek");
    await owner.getByLabel("Colour").fill("Blue");
    await owner.getByLabel("Maker's serial number", { exact: true }).fill(frame);
    await snap(owner, "maker-serial-tag-form", PHONE_390);
    await owner.getByRole("button", { name: "Tag Asset" }).click();
    await waitForText(owner, "Tagged! Your serial number is");
    await waitForText(owner, stored);
    const assetId = new URL(owner.url()).pathname.split("/").at(-1)!;
    await clientAs(stack.backend, await authToken(owner)).mutation(api.assets.setStatus, { assetId: assetId as never, status: "stolen" });

    const buyer = await open();
    await buyer.goto(`/verify/${encodeURIComponent(frame.toLowerCase())}`);
    const form = buyer.getByRole("form", { name: "Check a maker's serial number" });
    expect(await form.getByLabel("Maker's serial number").inputValue()).toBe(frame.toLowerCase());
    await form.getByRole("button", { name: "Check" }).click();
    await waitForText(buyer, "Registered on TagMyThing:");
    await waitForText(buyer, "Warning: this item has been reported stolen.");
    await waitForText(buyer, `••••${stored.slice(-4)}`);
    const text = await buyer.locator("main").innerText();
    expect(text).toContain("Commuter bike");
    expect(text).not.toContain(stored);
    expect(text).not.toMatch(/member@example\.com|Mia/);
    await snap(buyer, "maker-serial-verify", PHONE_390);
  });
});
