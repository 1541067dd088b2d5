import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { authToken, clientAs, headerLinks, newContext, newPage, userIdByEmail, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

describe("live role change", () => {
  it("an admin makes the member a moderator; the member's open header gains 'Moderator' without a reload", async () => {
    const memberContext = await newContext(stack.browser, stack.appUrl);
    const adminContext = await newContext(stack.browser, stack.appUrl);
    try {
      const member = await newPage(memberContext);
      await resumeSession(member, "member@example.com");
      const nav = member.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Public Assets" }).waitFor();
      expect(await nav.getByRole("link", { name: "Moderator", exact: true }).count()).toBe(0);
      // A marker on the window: it disappears if the page reloads.
      await member.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      const admin = await newPage(adminContext);
      await resumeSession(admin, "admin@example.com");
      const client = clientAs(stack.backend, await authToken(admin));
      const memberId = (await userIdByEmail(stack.backend, "member@example.com")) as Id<"users">;
      await client.mutation(api.admin.setUserAccess, { userId: memberId, role: "moderator" });

      await nav.getByRole("link", { name: "Moderator", exact: true }).waitFor({ timeout: 10_000 });
      const { labels, inline } = await headerLinks(member);
      expect(inline).toBe(true);
      expect(labels.slice(-2)).toEqual(["Moderator", "Public Assets"]);
      expect(await member.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(new URL(member.url()).pathname).toBe("/dashboard");
    } finally {
      await memberContext.close();
      await adminContext.close();
    }
  });
});
