// Two members of one household in two browsers: each sees the other on the same list and on
// the same asset page, by name; one leaving (navigating away, closing the tab) drops them
// from the other's page without a reload.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { JOIN_LINK_DAYS } from "../../convex/lib/workspaces/rules";
import { PHONE_390, authToken, clientAs, newContext, newPage, snap, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

describe("presence", () => {
  it("members on the same page see each other by name, live, and see them leave", async () => {
    const anaContext = await newContext(stack.browser, stack.appUrl);
    const benContext = await newContext(stack.browser, stack.appUrl);
    try {
      const ana = await newPage(anaContext);
      const ben = await newPage(benContext);
      await resumeSession(ana, "member@example.com");
      await resumeSession(ben, "admin@example.com");
      const anaApi = clientAs(stack.backend, await authToken(ana));
      const benApi = clientAs(stack.backend, await authToken(ben));
      const workspaceId = (await anaApi.mutation(api.workspaces.create, { name: "Shared home", kind: "household" })) as Id<"workspaces">;
      const token = await anaApi.mutation(api.workspaceMembers.createJoinLink, { workspaceId, role: "editor", days: JOIN_LINK_DAYS[0] });
      await benApi.mutation(api.workspaceMembers.accept, { token });
      const [anaName, benName] = await Promise.all([anaApi, benApi].map(async (c) => (await c.query(api.users.me, {}))!.fullName!));

      for (const page of [ana, ben]) await page.goto(`/assets?w=${workspaceId}`);
      await ana.getByText(`Also here: ${benName}`).waitFor({ timeout: 15_000 });
      await ben.getByText(`Also here: ${anaName}`).waitFor({ timeout: 15_000 });
      await snap(ana, "presence-list", PHONE_390);

      // Ben moves to another page: Ana's list no longer names him.
      await ben.goto(`/dashboard?w=${workspaceId}`);
      await ana.getByText(`Also here: ${benName}`).waitFor({ state: "detached", timeout: 15_000 });

      // Back on the list, then the tab closes.
      await ben.goto(`/assets?w=${workspaceId}`);
      await ana.getByText(`Also here: ${benName}`).waitFor({ timeout: 15_000 });
      await ben.close({ runBeforeUnload: true });
      await ana.getByText(`Also here: ${benName}`).waitFor({ state: "detached", timeout: 40_000 });
      expect(await ana.getByText(/^Also here/).count()).toBe(0);
    } finally {
      await anaContext.close();
      await benContext.close();
    }
  });
});
