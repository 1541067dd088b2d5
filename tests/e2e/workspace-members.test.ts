// Two browsers: an owner invites a new address to a household by e-mail; the invitee signs
// up through the outbox link, lands in the workspace, and appears on the owner's open
// members list without a reload.
import { describe, expect, it } from "vitest";
import { PHONE_390, newContext, newPage, snap, waitForMessage, waitForPath, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

describe("workspace members", () => {
  it("an invitee signs up through the e-mailed link and appears on the owner's members list live", async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const ownerContext = await newContext(stack.browser, stack.appUrl);
    const inviteeContext = await newContext(stack.browser, stack.appUrl);
    try {
      const owner = await newPage(ownerContext);
      await resumeSession(owner, "member@example.com");
      await owner.goto("/workspaces");
      const create = owner.getByRole("form", { name: "Create workspace" });
      await create.getByLabel("Name").fill("Milo's household");
      await create.getByRole("button", { name: "Create workspace" }).click();
      await owner.getByRole("heading", { level: 1, name: "Milo's household" }).waitFor();
      const membersPath = new URL(owner.url()).pathname;
      expect(membersPath).toMatch(/^\/workspaces\/[^/]+\/members$/);
      await owner.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      const invite = owner.getByRole("form", { name: "Invite by e-mail" });
      await invite.getByLabel("E-mail address").fill(email);
      await invite.getByLabel("Role").selectOption("editor");
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await owner.getByRole("list", { name: "Pending invitations" }).getByText(email).waitFor();
      await snap(owner, "workspace-members-owner", PHONE_390);

      const mail = await waitForMessage(stack.backend, (m) => m.to === email && m.link?.includes("/invite/") === true);
      expect(mail.subject).toBe("You are invited to a workspace on TagMyThing");
      const invitee = await newPage(inviteeContext);
      await invitee.goto(mail.link!);
      await waitForText(invitee, "Milo Member invited you to join “Milo's household” as editor.");
      await snap(invitee, "workspace-invitation-visitor", PHONE_390);
      await invitee.getByRole("link", { name: "Create an account to accept" }).click();
      await waitForPath(invitee, "/signup");
      const form = invitee.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill("s3cret-pass");
      await form.getByRole("button", { name: "Create account" }).click();
      await waitForPath(invitee, "/check-email");

      const verify = await waitForMessage(stack.backend, (m) => m.to === email && m.link?.includes("/auth/callback") === true);
      await invitee.goto(verify.link!);
      // Back on the invitation, the acceptance completes and the invitee is in the workspace.
      await waitForPath(invitee, membersPath, 30_000);
      await invitee.getByRole("heading", { level: 1, name: "Milo's household" }).waitFor();
      await waitForText(invitee, "Your role: Editor");

      const members = owner.getByRole("list", { name: "Members" });
      await members.getByText(email).first().waitFor({ timeout: 15_000 });
      await owner.getByText("No pending invitations.").waitFor();
      expect(await owner.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      await owner.getByRole("link", { name: "Activity" }).click();
      await waitForText(owner, "joined as editor by invitation");
      await snap(owner, "workspace-activity", PHONE_390);
    } finally {
      await ownerContext.close();
      await inviteeContext.close();
    }
  });
});
