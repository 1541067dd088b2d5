// Two browsers in a business workspace: a viewer sees its register with no control that
// changes it and the server refuses their direct call; when the owner removes them, their
// open screen falls back to their own workspace at once, without a reload or an error.
import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { authToken, clientAs, newContext, newPage, userIdByEmail, waitForText, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

/** The error code a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
  throw new Error("the call was not refused");
}

describe("workspace roles", () => {
  it("a viewer reads without edit controls, is refused a direct write, and loses the workspace live when removed", async () => {
    const ownerContext = await newContext(stack.browser, stack.appUrl);
    const viewerContext = await newContext(stack.browser, stack.appUrl);
    try {
      const ownerPage = await newPage(ownerContext);
      await resumeSession(ownerPage, "business@example.com");
      const owner = clientAs(stack.backend, await authToken(ownerPage));
      const business = (await owner.query(api.workspaces.listMine, {})).find((w) => w.kind === "business")!;
      const [item] = (await owner.query(api.assets.listMine, { workspaceId: business._id, paginationOpts: { numItems: 1, cursor: null } })).page;
      const link = await owner.mutation(api.workspaceMembers.createJoinLink, { workspaceId: business._id, role: "viewer", days: 1 });

      const page = await newPage(viewerContext);
      await resumeSession(page, "member@example.com");
      const viewer = clientAs(stack.backend, await authToken(page));
      await viewer.mutation(api.workspaceMembers.accept, { token: link });

      await page.goto(`/assets?w=${business._id}`);
      const main = page.getByRole("main");
      await main.getByRole("checkbox", { name: `Select ${item.name} (${item.serial})` }).check();
      await main.getByRole("button", { name: "Export CSV" }).waitFor();
      for (const name of ["Set status", "Make public", "Delete"]) expect(await main.getByRole("button", { name }).count(), name).toBe(0);
      expect(await main.getByRole("link", { name: "Tag Asset" }).count()).toBe(0);

      await page.goto(`/assets/${item._id}?w=${business._id}`);
      await main.getByRole("heading", { level: 1, name: item.name }).waitFor();
      await main.getByText("Verification label").waitFor();
      for (const name of ["Delete", "Offer transfer", "Mark as lost"]) expect(await main.getByRole("button", { name }).count(), name).toBe(0);
      expect(await main.getByRole("link", { name: "Edit" }).count()).toBe(0);
      await page.goto(`/tag?w=${business._id}`);
      await waitForText(main, /you can look at its register but not change it/);

      // The client only hides: the server refuses the viewer's write and nothing changes.
      expect(await refusal(viewer.mutation(api.assets.setStatus, { workspaceId: business._id, assetId: item._id, status: "stolen" }))).toBe("FORBIDDEN");
      expect((await owner.query(api.assets.get, { workspaceId: business._id, assetId: item._id }))?.status).toBe(item.status);

      // Removed while the list is open: the screen moves to the viewer's own workspace, live.
      await page.goto(`/assets?w=${business._id}`);
      await main.getByRole("checkbox", { name: `Select ${item.name} (${item.serial})` }).waitFor();
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const viewerId = (await userIdByEmail(stack.backend, "member@example.com")) as Id<"users">;
      await owner.mutation(api.workspaceMembers.remove, { workspaceId: business._id, userId: viewerId });
      const personal = (await viewer.query(api.workspaces.listMine, {}))[0];
      await page.waitForURL((url) => url.searchParams.get("w") === personal._id, { timeout: 15_000 });
      expect(await page.getByRole("combobox", { name: "Workspace" }).inputValue()).toBe(personal._id);
      expect(await main.getByRole("checkbox", { name: `Select ${item.name} (${item.serial})` }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(await viewer.query(api.assets.get, { workspaceId: business._id, assetId: item._id })).toBeNull();
    } finally {
      await ownerContext.close();
      await viewerContext.close();
    }
  });
});
