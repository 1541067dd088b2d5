// Transfers (issues 25 and 31): an offer to an address with no account is an invitation.
// The newcomer signs up with that address, finds the offer and accepts it, while the
// seller's asset page, open all along, says the item now belongs to someone else.
// E2E_SCREENSHOTS=1 also writes both screens to .e2e-artifacts/ (desktop and phone).
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newPage, snap, waitForMessage, waitForPath, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();


describe("transfers", () => {
  it("an offer to a new address invites them; once they accept, the seller's open page says the item belongs to someone else", async () => {
    const seller = await newPage(await stack.context());
    await resumeSession(seller, "member@example.com");
    const { assetId, serial } = await clientAs(stack.backend, await authToken(seller)).mutation(api.assets.tag, {
      kind: "general",
      name: `Camera ${Date.now()}`,
      visibility: "private",
      details: { kind: "general" },
      files: [],
    });
    await seller.goto(`/assets/${assetId}`);
    const newcomerEmail = `newcomer-${Date.now()}@example.com`;
    await seller.getByRole("textbox", { name: "Recipient email" }).fill(newcomerEmail);
    await seller.getByRole("button", { name: "Offer transfer" }).click();
    await waitForText(seller, `Offer sent to ${newcomerEmail}`);

    const invitation = await waitForMessage(stack.backend, (m) => m.to === newcomerEmail);
    expect(invitation.subject).toBe("You have been offered an item on TagMyThing");
    expect(invitation.body).toContain(serial);

    // The newcomer follows the link, is asked to sign in, and signs up with that address instead.
    const newcomer = await newPage(await stack.context());
    await newcomer.goto(invitation.link!);
    await waitForPath(newcomer, "/auth");
    await newcomer.goto("/signup");
    const form = newcomer.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Email").fill(newcomerEmail);
    await form.getByLabel("Password", { exact: true }).fill("s3cret-pass-42");
    await form.getByRole("button", { name: "Create account" }).click();
    const verification = await waitForMessage(stack.backend, (m) => m.to === newcomerEmail && m.link?.includes("/auth/callback") === true);
    await newcomer.goto(verification.link!);
    await waitForPath(newcomer, "/dashboard");
    await newcomer.goto("/assets");
    const offers = newcomer.getByRole("region", { name: "Incoming transfer offers" });
    await offers.getByText(serial).waitFor();
    await offers.getByRole("button", { name: "Accept" }).click();

    await seller.getByRole("heading", { name: "This item now belongs to someone else" }).waitFor({ timeout: 20_000 });
    await waitForText(seller, "It is no longer in your assets.");
    await snap(seller, "transfer-seller-after-accept");

    // The new owner's page: their history starts with the transfer; the seller's period is dates only.
    await newcomer.goto(`/assets/${assetId}`);
    const history = newcomer.getByRole("list", { name: "Asset history" });
    await history.getByText("Ownership transferred to you").waitFor();
    expect(await history.textContent()).not.toContain("member@example.com");
    expect(await history.textContent()).not.toContain("Transfer offered to");
    await newcomer.getByRole("list", { name: "Owners" }).getByText(/Owner 2 \(you\):/).waitFor();
    await snap(newcomer, "transfer-new-owner");
  });
});
