import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import EditAssetPage from "../../src/features/tag/EditAssetPage";
import AssetsPage from "../../src/features/assets/AssetsPage";
import type { AssetDetail } from "../../convex/lib/assets/read";
import type { AssetEditable } from "../../convex/lib/assets/versions";
import { MESSAGES } from "../../convex/lib/errors";
import { presenceText } from "../../src/lib/presenceText";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const AT = Date.UTC(2025, 4, 14, 9, 30);
const asset: AssetDetail = {
  _id: "a1" as never,
  serial: "TMT-ABCD-EFGH",
  kind: "general",
  name: "Road bike",
  description: "Blue",
  category: "Bicycles",
  visibility: "public",
  status: "active",
  details: { kind: "general", brand: "Trek", model: "Domane", location: "Shed" },
  files: [],
  taggedAt: AT,
  updatedAt: AT,
  ownerCount: 1,
  owners: [{ from: AT, to: null, yours: true }],
  version: 4,
  pendingTransfer: null,
};

/** What the server holds after someone else's save: a new name and location, the brand as it was. */
const theirs: AssetEditable = {
  version: 5,
  kind: "general",
  name: "Their bike",
  description: "Blue",
  category: "Bicycles",
  visibility: "private",
  details: { kind: "general", brand: "Trek", model: "Domane", location: "Garage" },
};

function conflict() {
  return new ConvexError({ code: "CONFLICT", message: MESSAGES.conflict, current: theirs });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/assets" element={<AssetsPage />} />
        <Route path="/assets/:assetId" element={<p>Asset page</p>} />
        <Route path="/assets/:assetId/edit" element={<EditAssetPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

/** Opens the form, changes the name and the brand, saves into someone else's newer save. */
async function saveIntoConflict() {
  const user = userEvent.setup();
  fake.queries["assets:get"] = asset;
  renderAt("/assets/a1/edit");
  const name = screen.getByLabelText(/^Name/);
  await user.clear(name);
  await user.type(name, "My bike");
  await user.clear(screen.getByLabelText("Brand"));
  await user.type(screen.getByLabelText("Brand"), "Specialized");
  fake.mutation.mockRejectedValueOnce(conflict());
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const panel = (await screen.findByRole("heading", { name: "Someone else changed this asset" })).closest("section")!;
  return { user, panel: within(panel as HTMLElement) };
}

function lastUpdate() {
  return (fake.mutation.mock.calls as unknown as [Record<string, unknown>][]).at(-1)![0];
}

describe("saving over someone else's newer save", () => {
  it("sends the version it loaded, and shows what changed field by field, theirs against yours", async () => {
    const { panel } = await saveIntoConflict();
    expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ assetId: "a1", version: 4, name: "My bike" }));
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.conflict);
    expect(screen.getByRole("heading", { name: "Someone else changed this asset" })).toHaveFocus();
    const groups = panel.getAllByRole("group").map((g) => g.querySelector("legend")!.textContent);
    expect(groups).toEqual(["Name (changed by both)", "Visibility (changed by them)", "Brand (changed by you)", "Location (changed by them)"]);
    const name = panel.getByRole("group", { name: /^Name/ });
    expect(within(name).getByRole("radio", { name: /Theirs\s*Their bike/ })).not.toBeChecked();
    expect(within(name).getByRole("radio", { name: /Yours\s*My bike/ })).toBeChecked();
    expect(within(panel.getByRole("group", { name: /^Location/ })).getByRole("radio", { name: /Theirs\s*Garage/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
  });

  it("merges field by field, then saves against the new version", async () => {
    const { user, panel } = await saveIntoConflict();
    // Their name, my brand, their visibility and location (the defaults for what only they changed).
    await user.click(within(panel.getByRole("group", { name: /^Name/ })).getByRole("radio", { name: /Theirs/ }));
    await user.click(panel.getByRole("button", { name: "Use these values" }));
    expect(screen.queryByRole("heading", { name: "Someone else changed this asset" })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Their bike");
    expect(screen.getByLabelText("Brand")).toHaveValue("Specialized");
    fake.mutation.mockResolvedValue(null);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByText("Asset page")).toBeInTheDocument());
    expect(lastUpdate()).toMatchObject({
      version: 5,
      name: "Their bike",
      visibility: "private",
      details: { kind: "general", brand: "Specialized", model: "Domane", location: "Garage" },
    });
  });

  it("keeps all theirs: nothing of mine is left to save, so nothing is sent", async () => {
    const { user, panel } = await saveIntoConflict();
    await user.click(panel.getByRole("button", { name: "Keep all theirs" }));
    await user.click(panel.getByRole("button", { name: "Use these values" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Their bike");
    expect(screen.getByLabelText("Brand")).toHaveValue("Trek");
    fake.mutation.mockClear();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByText("Asset page")).toBeInTheDocument());
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("keeps all yours: my values are saved against the new version", async () => {
    const { user, panel } = await saveIntoConflict();
    await user.click(panel.getByRole("button", { name: "Keep all yours" }));
    await user.click(panel.getByRole("button", { name: "Use these values" }));
    fake.mutation.mockResolvedValue(null);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByText("Asset page")).toBeInTheDocument());
    expect(lastUpdate()).toMatchObject({
      version: 5,
      name: "My bike",
      visibility: "public",
      details: { kind: "general", brand: "Specialized", model: "Domane", location: "Shed" },
    });
  });

  it("says so while editing when someone else saves the asset meanwhile", async () => {
    fake.queries["assets:get"] = asset;
    const { rerender } = renderAt("/assets/a1/edit");
    expect(screen.queryByText(/saved changes to this asset while you were editing/)).not.toBeInTheDocument();
    fake.queries["assets:get"] = { ...asset, version: 5, name: "Their bike" };
    rerender(
      <MemoryRouter initialEntries={["/assets/a1/edit"]}>
        <Routes><Route path="/assets/:assetId/edit" element={<EditAssetPage />} /></Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/saved changes to this asset while you were editing/)).toBeInTheDocument();
  });
});

describe("the presence bar", () => {
  it("names the others on the page, not me, in a live region, and leaves the room on unmount", async () => {
    fake.queries["workspaces:listMine"] = [{ _id: "ws1", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
    fake.queries["presence:list"] = [
      { userId: "users_1", name: "Mia Member", online: true, lastDisconnected: 0 },
      { userId: "users_2", name: "Ana Owner", online: true, lastDisconnected: 0 },
      { userId: "users_3", name: "Ben Editor", online: true, lastDisconnected: 0 },
      { userId: "users_4", name: "Cy Gone", online: false, lastDisconnected: AT },
    ];
    const { unmount } = renderAt("/assets");
    await waitFor(() => expect(screen.getByText("Also here: Ana Owner, Ben Editor")).toBeInTheDocument());
    expect(screen.getByText("Also here: Ana Owner, Ben Editor").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(fake.presence).toHaveBeenCalledWith(expect.objectContaining({ roomId: "ws1|assets", userId: "users_1" }));
    // Leaving the page leaves the room at once, rather than waiting for the session to time out.
    unmount();
    await waitFor(() => expect(fake.presence).toHaveBeenCalledWith({ sessionToken: "t1" }));
  });

  it("counts past three names", () => {
    expect(presenceText([])).toBeNull();
    expect(presenceText(["Ana"])).toBe("Also here: Ana");
    expect(presenceText(["Ana", "Ben", "Cy", "Di", "Ed"])).toBe("Also here: Ana, Ben, Cy and 2 more");
  });
});
