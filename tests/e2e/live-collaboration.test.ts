// Two editors on the same asset in two browsers: the first saves; the second's open form says
// so live, and its save is refused and shows the conflict field by field; merging saves both.
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { authToken, clientAs, newContext, newPage, snap, PHONE_390, resumeSession } from "./support/app";
import { fileStack } from "./support/stack";

const stack = fileStack();

const EMAIL = "business@example.com";

describe("editing an asset someone else just saved", () => {
  it("the second save shows what changed and saves the merge against the new version", async () => {
    const first = await newContext(stack.browser, stack.appUrl);
    const second = await newContext(stack.browser, stack.appUrl);
    try {
      const a = await newPage(first);
      const b = await newPage(second);
      await resumeSession(a, EMAIL);
      await resumeSession(b, EMAIL);
      const client = clientAs(stack.backend, await authToken(a));
      // The demo business's items live in its business workspace.
      const workspaceId = (await client.query(api.workspaces.listMine, {})).find((w) => w.kind === "business")!._id;
      const list = await client.query(api.assets.listMine, { workspaceId, paginationOpts: { numItems: 1, cursor: null } });
      const asset = (await client.query(api.assets.get, { workspaceId, assetId: list.page[0]._id }))!;
      for (const page of [a, b]) {
        await page.goto(`/assets/${asset._id}/edit?w=${workspaceId}`);
        await page.getByRole("form", { name: "Edit asset" }).waitFor();
      }

      await a.getByLabel(/^Name/).fill("Renamed by the first");
      await a.getByRole("button", { name: "Save changes" }).click();
      await a.waitForURL((url) => url.pathname === `/assets/${asset._id}`);

      // The second form hears of it without a reload, before it saves.
      await b.getByText("Someone else saved changes to this asset while you were editing.").waitFor({ timeout: 10_000 });
      await b.getByLabel("Category").fill("Changed by the second");
      await b.getByRole("button", { name: "Save changes" }).click();
      const panel = b.getByRole("region", { name: "Someone else changed this asset" });
      await panel.waitFor();
      await snap(b, "edit-conflict", PHONE_390);
      expect(await panel.getByRole("group").evaluateAll((gs) => gs.map((g) => g.querySelector("legend")!.textContent))).toEqual([
        "Name (changed by them)",
        "Category (changed by you)",
      ]);
      expect(await panel.getByRole("radio", { name: /Theirs\s*Renamed by the first/ }).isChecked()).toBe(true);
      await panel.getByRole("button", { name: "Use these values" }).click();
      await b.getByRole("button", { name: "Save changes" }).click();
      await b.waitForURL((url) => url.pathname === `/assets/${asset._id}`);

      expect(await client.query(api.assets.get, { workspaceId, assetId: asset._id })).toMatchObject({
        name: "Renamed by the first",
        category: "Changed by the second",
        version: asset.version + 2,
      });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
