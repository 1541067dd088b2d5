// Custody (issue 27): a member checks an item out to someone outside the workspace; the
// borrower, with no account, opens the link on their phone, sees only the item's name and
// the due date, and signs with their typed name; the lender's page, open all along, shows
// the acceptance live; /verify says the item is on loan without naming anyone; check-in
// records the condition and spends the link. An audit (item 4): a keyboard scanner's code
// ticks an item, and another screen on the same audit sees it at once.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newPage, PHONE_390, snap, waitForMessage, waitForText } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

// The member signs in once for the file.
let member: Page | null = null;
async function memberPage(): Promise<Page> {
  if (member === null) {
    member = await stack.open("member@example.com");
  }
  return member;
}

describe("custody", () => {
  it("check-out to an outside person, accepted on their phone through the link, then checked in with its condition", async () => {
    const lender = await memberPage();
    const name = `Hedge trimmer ${Date.now()}`;
    const { assetId, serial } = await clientAs(stack.backend, await authToken(lender)).mutation(api.assets.tag, {
      kind: "general",
      name,
      visibility: "private",
      details: { kind: "general" },
      files: [],
    });
    await lender.goto(`/assets/${assetId}`);
    const panel = lender.getByRole("region", { name: "Custody" });
    await panel.getByText("In: not checked out.").waitFor();
    await panel.getByRole("button", { name: "Check out" }).click();
    await panel.getByLabel("Name").fill("Sam Borrower");
    const borrowerEmail = `sam-${Date.now()}@example.com`;
    await panel.getByLabel("E-mail").fill(borrowerEmail);
    await panel.getByLabel("Condition notes").fill("Blade sharp");
    await panel.getByRole("button", { name: "Check out" }).click();
    const shown = await panel.getByRole("textbox", { name: "Borrower's link" }).inputValue();
    const message = await waitForMessage(stack.backend, (m) => m.to === borrowerEmail);
    expect(message.link).toBe(shown);
    await panel.getByRole("button", { name: "Done" }).click();
    await panel.getByText("Not accepted by the borrower yet.").waitFor();

    // The borrower's phone: no account, the link alone.
    const borrower = await newPage(await stack.context(PHONE_390));
    await borrower.goto(new URL(shown).pathname);
    const card = borrower.getByRole("list", { name: "Items" });
    await card.getByText(name).waitFor();
    const text = (await borrower.locator("main").textContent()) ?? "";
    expect(text).toContain("Due back");
    for (const secret of [serial, "member@example.com", "Sam Borrower", "Blade sharp"]) expect(text).not.toContain(secret);
    await borrower.getByLabel("Type your full name to sign").fill("Sam Borrower");
    await borrower.getByRole("button", { name: "I have these items" }).click();
    await waitForText(borrower, "Thank you: you have confirmed you have these items.");
    await snap(borrower, "custody-borrower-accepted");

    // The lender's page took it in live.
    await panel.getByText("Accepted, signed “Sam Borrower”.").waitFor();
    // A stranger scanning the label learns it is lent, and nothing of whom to.
    await borrower.goto(`/verify/${serial}`);
    const whereabouts = await waitForText(borrower, "On loan, the owner knows.");
    expect(await whereabouts.textContent()).not.toContain("Sam");

    await panel.getByLabel("Condition on return").fill("Blade chipped");
    await panel.getByRole("button", { name: "Check in" }).click();
    await panel.getByText("In: not checked out.").waitFor();
    await panel.getByText("Past loans").click();
    await panel.getByText("(Blade chipped)").waitFor();
    await snap(lender, "custody-lender-checked-in");

    // The link is spent once everything is back.
    await borrower.goto(new URL(shown).pathname);
    await waitForText(borrower, "Link not valid");
  });

  it("an audit of a location: a keyboard scanner's code ticks its item, and another screen on the audit sees it live", async () => {
    const auditor = await memberPage();
    const client = clientAs(stack.backend, await authToken(auditor));
    const place = `Hall cupboard ${Date.now()}`;
    const tag = async (name: string) =>
      await client.mutation(api.assets.tag, { kind: "general", name, visibility: "private", details: { kind: "general", location: place }, files: [] });
    const torch = await tag("Torch");
    await tag("Spare bulbs");
    await auditor.goto("/audits");
    await auditor.getByRole("button", { name: "Start yearly check" }).click();
    const dialog = auditor.getByRole("dialog", { name: "Start an audit" });
    await dialog.getByRole("radio", { name: /A location/ }).click();
    await dialog.getByLabel("Location to audit").selectOption({ label: place });
    await dialog.getByRole("button", { name: "Start audit" }).click();
    await auditor.getByRole("heading", { level: 1, name: place }).waitFor();

    // The same audit on a phone, open all along.
    const watcher = await newPage(auditor.context());
    await watcher.setViewportSize(PHONE_390);
    await watcher.goto(auditor.url());
    await watcher.getByRole("button", { name: "Missing (2)" }).waitFor();

    // A hardware scanner types the printed serial and presses Enter.
    const field = auditor.getByLabel("Scan or type a code");
    await field.pressSequentially(torch.serial.toLowerCase());
    await field.press("Enter");
    await waitForText(auditor, "Found: Torch");
    await watcher.getByRole("button", { name: "Found (1)" }).waitFor();
    await watcher.getByRole("button", { name: "Missing (1)" }).waitFor();
    await snap(watcher, "audit-live", PHONE_390);

    await auditor.getByRole("button", { name: "Finish audit" }).click();
    await auditor.getByRole("dialog", { name: "Finish the audit?" }).getByRole("button", { name: "Finish audit" }).click();
    await watcher.getByRole("button", { name: "Download CSV" }).waitFor();
    await watcher.getByRole("button", { name: "Mark 1 item lost" }).waitFor();
  });
});
