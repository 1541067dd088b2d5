import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AssetDetailPage from "../../src/features/assets/AssetDetailPage";
import AssetsPage from "../../src/features/assets/AssetsPage";
import EditAssetPage from "../../src/features/tag/EditAssetPage";
import type { AssetDetail, AssetSummary } from "../../convex/lib/assets/read";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { renderInAppRouter } from "./app-support/guarded-router";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const AT = Date.UTC(2025, 4, 14, 9, 30);
const asset: AssetDetail = {
  _id: "a1" as never,
  serial: "TMT-ABCD-EFGH",
  kind: "nft",
  name: "Punk #1",
  description: null,
  category: null,
  visibility: "private",
  status: "lost",
  details: { kind: "nft", chain: "ethereum", contractAddress: `0x${"ab".repeat(20)}`, tokenId: "1" },
  files: [],
  taggedAt: AT,
  updatedAt: AT,
  ownerCount: 2,
  owners: [{ from: AT - 90 * 86_400_000, to: AT, yours: false }, { from: AT, to: null, yours: true }],
  version: 0,
  pendingTransfer: null,
};

function renderAt(path: string, state?: unknown) {
  const [pathname, query] = path.split("?");
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : "", state }]}>
      <Routes>
        <Route path="/assets" element={<AssetsPage />} />
        <Route path="/assets/:assetId" element={<AssetDetailPage />} />
        <Route path="/assets/:assetId/edit" element={<EditAssetPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

describe("/assets/:assetId", () => {
  // First in the file: once a test has loaded the label's lazy module, it renders at once.
  it("keeps the label card's shape while the label's code loads", async () => {
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [];
    renderAt("/assets/a1");
    const loading = screen.getByText("Loading label...");
    expect(loading.closest("section")).toHaveAttribute("aria-busy", "true");
    expect(loading).toHaveStyle({ width: "62mm", height: "32mm" });
    expect(await screen.findByTestId("asset-label")).toBeInTheDocument();
    expect(screen.queryByText("Loading label...")).toBeNull();
  });

  it("shows every field, the QR label with the verify URL, status actions and history", async () => {
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [
      { _id: "e1", type: "status", summary: "Marked as Lost", changes: [{ field: "Status", from: "Active", to: "Lost" }], at: AT, actorName: "Mia Member" },
    ];
    renderAt("/assets/a1", { taggedSerial: "TMT-ABCD-EFGH" });
    expect(screen.getByRole("status")).toHaveTextContent("Tagged! Your serial number is TMT-ABCD-EFGH");
    expect(screen.getByText("Ethereum")).toBeInTheDocument();
    expect(screen.getByText(asset.details.kind === "nft" ? asset.details.contractAddress : "")).toBeInTheDocument();
    const label = within(await screen.findByTestId("asset-label"));
    expect(label.getByRole("img", { name: `QR code for ${window.location.origin}/verify/TMT-ABCD-EFGH` })).toBeInTheDocument();
    expect(label.getByTestId("label-serial")).toHaveTextContent("TMT-ABCD-EFGH");
    expect(screen.getByRole("link", { name: "Print or download label" })).toHaveAttribute("href", "/labels?ids=a1");
    expect(screen.getByRole("button", { name: "Found it: mark active" })).toBeInTheDocument();
    expect(screen.getByText("Only an active asset can be transferred.")).toBeInTheDocument();
    const history = screen.getByRole("list", { name: "Asset history" });
    expect(history).toHaveTextContent("Marked as Lost");
    expect(history).toHaveTextContent("Mia Member");
    expect(history).toHaveTextContent("Status: Active → Lost");
  });

  it("shows an amount's change in the reader's locale, not as the text the server kept", () => {
    Object.defineProperty(window.navigator, "languages", { value: ["de-DE"], configurable: true });
    try {
      fake.queries["assets:get"] = asset;
      fake.queries["assets:history"] = [{
        _id: "e1", type: "edited", summary: "Edited insured value", at: AT, actorName: "Mia Member",
        changes: [{ field: "Insured value", from: null, to: "€1,200.00", money: { from: null, to: { amount: 120000, currency: "EUR" } } }],
      }];
      renderAt("/assets/a1");
      const history = screen.getByRole("list", { name: "Asset history" });
      expect(history).toHaveTextContent("Insured value: — → 1.200,00 €");
      expect(history).not.toHaveTextContent("EUR");
    } finally {
      Object.defineProperty(window.navigator, "languages", { value: ["en-GB"], configurable: true });
    }
  });

  it("shows a viewer of a shared workspace no control that changes the asset", async () => {
    fake.queries["workspaces:listMine"] = [{ _id: "w2", name: "The Smiths", kind: "household", role: "viewer", verifiedName: null }];
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [];
    renderAt("/assets/a1");
    await screen.findByText("Verification label");
    expect(screen.getByRole("heading", { level: 1, name: "Punk #1" })).toBeInTheDocument();
    for (const name of ["Delete", "Found it: mark active", "Mark as stolen", "Offer transfer"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    cleanup();
    renderAt("/assets/a1/edit");
    expect(screen.getByRole("status")).toHaveTextContent("You are a viewer in “The Smiths”: you can look at its register but not change it.");
    expect(screen.queryByRole("button", { name: /Save/ })).toBeNull();
  });

  it("says not found for a missing or someone else's asset", () => {
    fake.queries["assets:get"] = null;
    fake.queries["transfers:handedOver"] = null;
    renderAt("/assets/zzz");
    expect(screen.getByRole("heading", { name: "Asset not found" })).toBeInTheDocument();
  });

  it("tells the seller whose page is open that the item now belongs to someone else when the buyer accepts", async () => {
    fake.queries["assets:get"] = { ...asset, status: "active", pendingTransfer: { _id: "t1", toEmail: "buyer@example.com", createdAt: AT } };
    fake.queries["assets:history"] = [];
    fake.queries["transfers:handedOver"] = null;
    const view = renderAt("/assets/a1");
    expect(screen.getByText(/Offer sent to/)).toHaveTextContent("buyer@example.com");
    // The buyer accepts: both live answers change at once.
    fake.queries["assets:get"] = null;
    fake.queries["transfers:handedOver"] = { at: AT + 60_000 };
    view.rerender(
      <MemoryRouter initialEntries={["/assets/a1"]}>
        <Routes><Route path="/assets/:assetId" element={<AssetDetailPage />} /></Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: "This item now belongs to someone else" })).toBeInTheDocument();
    expect(screen.getByText(/Its transfer was accepted on .*2025.*\. It is no longer in your assets\./)).toBeInTheDocument();
    expect(screen.queryByText("Asset not found")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to my assets" })).toHaveAttribute("href", "/assets");
  });

  it("offers to any address the same way, saying a newcomer is invited to sign up and accept", async () => {
    fake.queries["assets:get"] = { ...asset, status: "active" };
    fake.queries["assets:history"] = [];
    fake.queries["transfers:handedOver"] = null;
    renderAt("/assets/a1");
    const field = screen.getByRole("textbox", { name: "Recipient email" });
    expect(field).toHaveAccessibleDescription("No account at that address yet? The e-mail invites them to create one, then accept.");
    await userEvent.type(field, "newcomer@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Offer transfer" }));
    expect(fake.mutation).toHaveBeenCalledWith({ assetId: "a1", email: "newcomer@example.com", workspaceId: "ws_personal" });
    expect(field).toHaveValue("");
  });

  it("shows a new owner the earlier owners by dates only, their own period marked", () => {
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [
      { _id: "e1", type: "transferred", summary: "Ownership transferred to you", changes: [], at: AT, actorName: "Mia Member" },
    ];
    renderAt("/assets/a1");
    const owners = within(screen.getByRole("list", { name: "Owners" })).getAllByRole("listitem");
    expect(owners.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Owner 1: .+ – .+2025$/),
      expect.stringMatching(/^Owner 2 \(you\): .+ – now$/),
    ]);
    expect(screen.getByRole("list", { name: "Asset history" })).toHaveTextContent("Ownership transferred to you");
  });

  it("marks an asset found", async () => {
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [];
    renderAt("/assets/a1");
    await userEvent.click(screen.getByRole("button", { name: "Found it: mark active" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_personal", assetId: "a1", status: "active" });
  });
});

describe("/assets", () => {
  const summary: AssetSummary = {
    _id: "a1" as never, serial: "TMT-ABCD-EFGH", kind: "general", name: "Road bike", category: null,
    visibility: "public", status: "active", taggedAt: AT, updatedAt: AT, coverUrl: null, fileCount: 0,
  };

  it("lists my assets and the incoming offers, which I can accept", async () => {
    fake.queries["assets:listMine"] = [summary];
    fake.queries["transfers:incoming"] = [
      { _id: "t1", assetId: "a2", serial: "TMT-WXYZ-2345", assetName: "Camera", kind: "general", coverUrl: null, fromName: "Sam", createdAt: AT },
    ];
    fake.queries["assets:countMine"] = 1;
    renderAt("/assets");
    expect(within(screen.getByRole("table", { name: "My assets" })).getByRole("link")).toHaveTextContent("Road bike");
    expect(screen.getByText("Showing 1–1 of 1 asset")).toBeInTheDocument();
    const offers = screen.getByRole("region", { name: "Incoming transfer offers" });
    expect(offers).toHaveTextContent("Camera");
    expect(offers).toHaveTextContent("from Sam");
    fake.mutation.mockResolvedValue("a2" as never);
    await userEvent.click(within(offers).getByRole("button", { name: "Accept" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_personal", transferId: "t1" });
  });

  it("offers the cards view, kept in the URL", async () => {
    fake.queries["assets:listMine"] = [summary];
    renderAt("/assets?view=cards");
    expect(within(screen.getByRole("list", { name: "My assets" })).getByRole("link")).toHaveTextContent("Road bike");
    expect(screen.getByRole("button", { name: "Cards" })).toHaveAttribute("aria-pressed", "true");
  });

  it("explains an empty list", () => {
    renderAt("/assets");
    expect(screen.getByText("You have not tagged anything yet")).toBeInTheDocument();
  });
});

describe("/assets/:assetId/edit attached files", () => {
  beforeEach(() => {
    fake.queries["assets:get"] = {
      ...asset,
      files: [
        { storageId: "s1" as never, kind: "photo", name: "front.jpg", contentType: "image/jpeg", size: 1000, url: "https://example.com/front.jpg" },
        { storageId: "s2" as never, kind: "document", name: "receipt.pdf", contentType: "application/pdf", size: 2000, url: null },
      ],
    } satisfies AssetDetail;
  });

  // Deleting a file takes effect at once (not on Save), so it is confirmed first.
  it("asks before deleting a document; keeping it writes nothing", async () => {
    const user = userEvent.setup();
    renderAt("/assets/a1/edit");
    await user.click(screen.getByRole("button", { name: "Delete receipt.pdf" }));
    const dialog = screen.getByRole("dialog", { name: "Delete receipt.pdf?" });
    expect(dialog).toHaveTextContent("It is removed from this asset now, whether or not you save your other changes.");
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("deletes a photo once confirmed", async () => {
    const user = userEvent.setup();
    renderAt("/assets/a1/edit");
    await user.click(screen.getByRole("button", { name: "Delete front.jpg" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete front.jpg?" })).getByRole("button", { name: "Delete file" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_personal", assetId: "a1", storageId: "s1" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("/assets/:assetId/edit unsaved changes", () => {
  it("asks before leaving a changed form (Cancel, Back or a reload), not an untouched one, and not after saving", async () => {
    fake.queries["assets:get"] = asset;
    fake.queries["assets:history"] = [];
    const user = userEvent.setup();
    const { history } = renderInAppRouter(
      <>
        <Route path="/assets/:assetId" element={<p>Asset page</p>} />
        <Route path="/assets/:assetId/edit" element={<EditAssetPage />} />
      </>,
      ["/assets/a1", "/assets/a1/edit"],
    );
    const name = await screen.findByLabelText("Name");
    // The presence bar says goodbye on unload with a beacon, which jsdom lacks.
    Object.assign(navigator, { sendBeacon: vi.fn(() => true) });
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(name, " (mint)");
    expect(unload()).toBe(true);
    await user.click(screen.getByRole("link", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog).toHaveTextContent("You have unsaved changes to this asset.");
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    act(() => history.go(-1));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stay" }));
    expect(history.location.pathname).toBe("/assets/a1/edit");
    expect(name).toHaveValue("Punk #1 (mint)");

    // Saved: the asset page opens without asking.
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Asset page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ assetId: "a1", name: "Punk #1 (mint)" }));
  });
});
