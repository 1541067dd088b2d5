// The edit page's attached files: deleting one takes effect at once (not on Save), so it
// is confirmed first, and keeping it writes nothing.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AssetDetail } from "../../convex/lib/assets/read";
import EditAssetPage from "../../src/features/tag/EditAssetPage";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const AT = Date.UTC(2025, 4, 14, 9, 30);
const asset: AssetDetail = {
  _id: "a1" as never,
  serial: "TMT-ABCD-EFGH",
  kind: "general",
  name: "Red bike",
  description: null,
  category: null,
  visibility: "private",
  status: "active",
  details: { kind: "general" },
  files: [
    { storageId: "s1" as never, kind: "photo", name: "front.jpg", contentType: "image/jpeg", size: 1000, url: "https://example.com/front.jpg" },
    { storageId: "s2" as never, kind: "document", name: "receipt.pdf", contentType: "application/pdf", size: 2000, url: null },
  ],
  taggedAt: AT,
  updatedAt: AT,
  ownerCount: 1,
  pendingTransfer: null,
};

function renderEdit() {
  return render(
    <MemoryRouter initialEntries={["/assets/a1/edit"]}>
      <Routes>
        <Route path="/assets/:assetId/edit" element={<EditAssetPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
  fake.queries["assets:get"] = asset;
});

describe("/assets/:assetId/edit attached files", () => {
  it("asks before deleting a document; keeping it writes nothing", async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(screen.getByRole("button", { name: "Delete receipt.pdf" }));
    const dialog = screen.getByRole("dialog", { name: "Delete receipt.pdf?" });
    expect(dialog).toHaveTextContent("It is removed from this asset now, whether or not you save your other changes.");
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("deletes a photo once confirmed", async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(screen.getByRole("button", { name: "Delete front.jpg" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete front.jpg?" })).getByRole("button", { name: "Delete file" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ assetId: "a1", storageId: "s1" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
