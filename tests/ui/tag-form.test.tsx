import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet, Route } from "react-router";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import TagPage from "../../src/features/tag/TagPage";
import { oneLineMessage } from "../../convex/lib/oneLine";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { renderInAppRouter } from "./app-support/guarded-router";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// jsdom draws no images: uploads are faked; photos keep their names.
vi.mock("../../src/features/tag/uploadFiles", () => ({
  uploadPicked: vi.fn(async (picked: { file: File; kind: string }[]) =>
    picked.map((p, i) => ({ storageId: `s${i}`, kind: p.kind, name: p.file.name })),
  ),
}));

// In the app's router: the form's unsaved-changes guard holds navigations there.
function renderTag(path = "/tag", entries: string[] = []) {
  return renderInAppRouter(
    <Route
      element={
        <>
          <Link to="/dashboard">Dashboard</Link>
          <Outlet />
        </>
      }
    >
      <Route path="/tag" element={<TagPage />} />
      <Route path="/assets/:assetId" element={<p>Asset page</p>} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Route>,
    [...entries, path],
  );
}

const tagCall = () => (fake.mutation.mock.calls.at(-1) as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined;

beforeEach(() => {
  // jsdom has no object URLs; the thumbnails only need a string.
  URL.createObjectURL = vi.fn(() => "blob:thumbnail");
  URL.revokeObjectURL = vi.fn();
  resetFakes();
  vi.mocked(toast.error).mockClear();
  signedIn(makeProfile());
  fake.queries["workspaces:listMine"] = [{ _id: "w1", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
  fake.queries["wallet:payer"] = { holder: "you", balance: 45 };
  fake.mutation.mockResolvedValue({ assetId: "a1", serial: "TMT-ABCD-EFGH" } as never);
});

describe("/tag says which wallet pays before tagging", () => {
  it("a personal workspace: paid from your wallet", () => {
    renderTag();
    expect(screen.getByTestId("paid-from")).toHaveTextContent("Paid from your wallet");
  });

  it("a business workspace: paid from its wallet, with its balance; short, it says who can top up", () => {
    fake.queries["workspaces:listMine"] = [{ _id: "w2", name: "Acme Tools", kind: "business", role: "editor", verifiedName: null }];
    fake.queries["wallet:payer"] = { holder: "workspace", name: "Acme Tools", balance: 1234 };
    const { unmount } = renderTag();
    expect(screen.getByTestId("paid-from")).toHaveTextContent("Paid from Acme Tools's wallet (1,234 TMT)");
    expect(screen.getByTestId("tag-cost")).not.toHaveTextContent("Your balance");
    unmount();
    fake.queries["wallet:payer"] = { holder: "workspace", name: "Acme Tools", balance: 2 };
    renderTag();
    expect(screen.getByRole("button", { name: "Tag Asset" })).toBeDisabled();
    expect(screen.getByText(/Acme Tools's wallet needs 5 TMT to tag an asset/)).toBeInTheDocument();
  });
});

describe("/tag", () => {
  it("shows the cost and the balance, general kind by default", () => {
    renderTag();
    expect(screen.getByTestId("tag-cost")).toHaveTextContent("Tagging costs 5 TMT · Your balance: 45 TMT");
    expect(screen.getByRole("radio", { name: /General/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByLabelText("Brand")).toBeInTheDocument();
  });

  it("the kind picker is a radio group: one tab stop, the arrow keys choose", async () => {
    renderTag();
    const kinds = screen.getAllByRole("radio").filter((r) => r.closest('[aria-label="Asset kind"]'));
    expect(kinds.map((k) => k.tabIndex)).toEqual([0, -1, -1, -1]);
    kinds[0].focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: /NFT/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: /NFT/ })).toHaveFocus();
    expect(screen.getByLabelText("Chain")).toBeInTheDocument();
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toHaveAttribute("aria-checked", "true");
    expect(document.activeElement).toBe(kinds[kinds.length - 1]);
    expect(kinds.map((k) => k.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it("?kind=nft preselects the NFT form", () => {
    renderTag("/tag?kind=nft");
    expect(screen.getByRole("radio", { name: /NFT/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByLabelText("Chain")).toBeInTheDocument();
    expect(screen.getByLabelText("Contract address")).toBeInTheDocument();
  });

  it("submitting with errors scrolls to and focuses the first invalid field, in page order", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    renderTag("/tag?kind=business");
    await userEvent.type(screen.getByLabelText("Name"), "Stools");
    await userEvent.clear(screen.getByLabelText("Quantity"));
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    // SKU and Quantity are both wrong: SKU comes first.
    await waitFor(() => expect(screen.getByLabelText("SKU")).toHaveFocus());
    expect(scrolled).toEqual([screen.getByLabelText("SKU")]);
    expect(screen.getByLabelText("Quantity")).toHaveAttribute("aria-invalid", "true");
  });

  it("required fields are marked, and money fields have their currency beside them, the workspace's to start with", () => {
    renderTag("/tag?kind=business");
    for (const label of ["Name", "SKU", "Quantity"]) expect(screen.getByLabelText(label)).toHaveAttribute("aria-required", "true");
    expect(screen.getByLabelText("Category")).not.toHaveAttribute("aria-required");
    expect(screen.getByLabelText("Unit cost")).toHaveAttribute("inputmode", "decimal");
    expect(screen.getByRole("combobox", { name: "Unit cost: currency" })).toHaveValue("GBP");
    expect(screen.getByLabelText("Name").closest("div")!.parentElement!.textContent).toContain("*");
  });

  it("general: a missing name is reported and nothing is sent", async () => {
    renderTag();
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("general: a name holding a control character gets the server's message and nothing is sent", async () => {
    renderTag();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "=HYPERLINK(1)\u0000x" } });
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByText(oneLineMessage("Name"))).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("general: tags with the value in pence and opens the new asset", async () => {
    renderTag();
    await userEvent.type(screen.getByLabelText("Name"), "Road bike");
    await userEvent.type(screen.getByLabelText("Purchase value"), "1,299.50");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByText("Asset page")).toBeInTheDocument();
    expect(tagCall()).toMatchObject({ kind: "general", name: "Road bike", visibility: "public", files: [], details: { kind: "general", purchaseValue: { amount: 129950, currency: "GBP" } } });
  });

  it("nft: a malformed contract address is refused per chain", async () => {
    renderTag("/tag?kind=nft");
    await userEvent.type(screen.getByLabelText("Name"), "Punk");
    await userEvent.type(screen.getByLabelText("Contract address"), "0x1234");
    await userEvent.type(screen.getByLabelText("Token ID"), "12x");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByText("Enter a valid Ethereum address: 0x followed by 40 hex characters")).toBeInTheDocument();
    expect(screen.getByText("Token ID must contain digits only")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Chain"), "tezos");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByText("Enter a valid Tezos address: KT1 followed by 33 base58 characters")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("will: private by default, beneficiaries chosen from next of kin after tagging", async () => {
    renderTag("/tag?kind=will");
    expect(screen.getByRole("radio", { name: /Private/ })).toBeChecked();
    expect(screen.getByRole("link", { name: "Next of kin" })).toHaveAttribute("href", "/nok");
    expect(screen.queryByLabelText(/Beneficiary 1 name/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name"), "Watch");
    await userEvent.type(screen.getByLabelText("Instructions"), "Keep it wound");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await screen.findByText("Asset page");
    expect(tagCall()).toEqual(expect.objectContaining({ kind: "will", visibility: "private", details: { kind: "will", instructions: "Keep it wound" } }));
  });

  it("switching kind resets visibility to the kind's default", async () => {
    renderTag("/tag?kind=general");
    expect(screen.getByRole("radio", { name: /Public/ })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: /My Will/ }));
    expect(screen.getByRole("radio", { name: /Private/ })).toBeChecked();
  });

  it("business: SKU and a whole quantity are required", async () => {
    renderTag("/tag?kind=business");
    await userEvent.type(screen.getByLabelText("Name"), "Stools");
    await userEvent.clear(screen.getByLabelText("Quantity"));
    await userEvent.type(screen.getByLabelText("Quantity"), "2.5");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByText("SKU is required")).toBeInTheDocument();
    expect(screen.getByText("Quantity must be a whole number, 0 or more")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("shows the server's message, e.g. 'Insufficient tokens'", async () => {
    fake.mutation.mockRejectedValue(new ConvexError({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" }));
    renderTag();
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Insufficient tokens");
    // Every error is a toast.
    expect(toast.error).toHaveBeenCalledWith("Insufficient tokens");
  });

  it("toasts 'Failed to spend tokens' when the tagging call fails without a reason", async () => {
    fake.mutation.mockRejectedValue(new Error("[CONVEX M(assets:tag)] Server Error"));
    renderTag();
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Tagging failed. Please try again.");
    expect(toast.error).toHaveBeenCalledWith("Failed to spend tokens");
  });

  it("a refusal with its own message is shown, not toasted as a spend failure", async () => {
    fake.mutation.mockRejectedValue(new ConvexError({ code: "INVALID", message: "Name is too long" }));
    renderTag();
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Name is too long");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("with too few tokens the button is disabled and says why", () => {
    fake.queries["wallet:payer"] = { holder: "you", balance: 3 };
    renderTag();
    expect(screen.getByRole("button", { name: "Tag Asset" })).toBeDisabled();
    expect(screen.getByText(/You need 5 TMT to tag an asset/)).toBeInTheDocument();
  });

  it("photos must be images; a chosen photo is sent with the asset", async () => {
    renderTag();
    const camera = screen.getByTestId("camera-input") as HTMLInputElement;
    fireEvent.change(camera, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(screen.getByRole("alert")).toHaveTextContent("notes.txt: Photos must be images (JPEG, PNG, WebP or GIF)");
    fireEvent.change(screen.getByTestId("photo-input"), { target: { files: [new File(["x"], "bike.png", { type: "image/png" })] } });
    expect(screen.getByRole("img", { name: "bike.png" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await waitFor(() => expect(tagCall()).toMatchObject({ files: [{ storageId: "s0", kind: "photo", name: "bike.png" }] }));
  });

  it("offers the phone's camera beside choosing a file", () => {
    renderTag();
    expect(screen.getByRole("button", { name: "Take photo" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose file" })).toBeInTheDocument();
    const camera = screen.getByTestId("camera-input");
    expect(camera).toHaveAttribute("accept", "image/*");
    expect(camera).toHaveAttribute("capture", "environment");
  });

  it("dropped files join the form: images as photos, PDFs as documents; others are refused", async () => {
    renderTag();
    const zone = screen.getByTestId("file-drop-zone");
    const drop = (files: File[]) => fireEvent.drop(zone, { dataTransfer: { files, types: ["Files"] } });
    drop([new File(["x"], "notes.txt", { type: "text/plain" })]);
    expect(screen.getByRole("alert")).toHaveTextContent("notes.txt: Documents must be PDF files or images");
    drop([new File(["x"], "front.jpg", { type: "image/jpeg" }), new File(["%PDF"], "receipt.pdf", { type: "application/pdf" })]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("img", { name: "front.jpg" })).toBeInTheDocument();
    expect(screen.getByText("receipt.pdf")).toBeInTheDocument();
    // Each document is filed by type before it goes: a PDF cannot be a photo.
    const type = screen.getByRole("combobox", { name: "Type of receipt.pdf" });
    expect(within(type).queryByRole("option", { name: "Photo" })).toBeNull();
    await userEvent.selectOptions(type, "Receipt");
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await waitFor(() =>
      expect(tagCall()).toMatchObject({
        files: [
          { kind: "photo", name: "front.jpg" },
          { kind: "receipt", name: "receipt.pdf" },
        ],
      }),
    );
  });

  it("the photo chosen as cover is uploaded first, so the asset shows it as its cover", async () => {
    renderTag();
    const photos = ["front.jpg", "side.jpg", "back.jpg"].map((name) => new File(["x"], name, { type: "image/jpeg" }));
    fireEvent.change(screen.getByTestId("photo-input"), { target: { files: photos } });
    // The first photo is the cover until another is chosen.
    expect(screen.queryByRole("button", { name: "Make front.jpg the cover" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Make back.jpg the cover" }));
    expect(screen.getByRole("button", { name: "Make front.jpg the cover" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await waitFor(() => expect((tagCall()?.files as { name: string }[]).map((f) => f.name)).toEqual(["back.jpg", "front.jpg", "side.jpg"]));
  });
});

describe("/tag?claim=CODE (a sticker's Claim this tag)", () => {
  const CODE = "TMT-ABCDEF-GHJKMN-PQRSTU";

  it("says which tag is claimed, keeps it across kinds, and sends it with the asset", async () => {
    fake.mutation.mockResolvedValue({ ok: true, assetId: "a1", serial: CODE } as never);
    renderTag(`/tag?claim=${CODE.toLowerCase()}`);
    expect(screen.getByTestId("claim-banner")).toHaveTextContent(CODE);
    await userEvent.click(screen.getByRole("radio", { name: /NFT/ }));
    await userEvent.click(screen.getByRole("radio", { name: /General/ }));
    expect(screen.getByTestId("claim-banner")).toHaveTextContent(CODE);
    await userEvent.type(screen.getByLabelText("Name"), "Road bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await screen.findByText("Asset page");
    expect(tagCall()).toMatchObject({ code: CODE, name: "Road bike", kind: "general" });
  });

  it("tells the user when the code was claimed already (the server answers, not throws)", async () => {
    fake.mutation.mockResolvedValue({ ok: false, reason: "notClaimable" } as never);
    renderTag(`/tag?claim=${CODE}`);
    await userEvent.type(screen.getByLabelText("Name"), "Road bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This tag code is not valid or has already been claimed.");
  });

  it("after a sign-up the code comes back from storage; 'Tag without this sticker' drops it", async () => {
    localStorage.setItem("tmt.pendingClaim", JSON.stringify({ code: CODE, at: Date.now() }));
    renderTag("/tag");
    expect(screen.getByTestId("claim-banner")).toHaveTextContent(CODE);
    await userEvent.click(screen.getByRole("button", { name: "Tag without this sticker" }));
    expect(screen.queryByTestId("claim-banner")).toBeNull();
    expect(localStorage.getItem("tmt.pendingClaim")).toBeNull();
  });

  it("a stored code older than a day is not offered", () => {
    localStorage.setItem("tmt.pendingClaim", JSON.stringify({ code: CODE, at: Date.now() - 25 * 3_600_000 }));
    renderTag("/tag");
    expect(screen.queryByTestId("claim-banner")).toBeNull();
    localStorage.clear();
  });

  it("ignores a claim parameter that is no sticker code", () => {
    renderTag("/tag?claim=TMT-ABCD-EFGH");
    expect(screen.queryByTestId("claim-banner")).toBeNull();
  });
});

describe("/tag loses nothing and charges once", () => {
  it("asks before leaving a half-filled form (a link, or a reload), and not an empty one", async () => {
    const user = userEvent.setup();
    const { history } = renderTag("/tag", ["/dashboard"]);
    // Untouched: leaving is free.
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText("Name"), "Road bike");
    const reload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stay" }));
    expect(history.location.pathname).toBe("/tag");
    expect(screen.getByLabelText("Name")).toHaveValue("Road bike");
    // Back asks too: the history is put back until the user chooses to leave.
    act(() => history.go(-1));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeInTheDocument();
    expect(history.location.pathname).toBe("/tag");
    await user.click(screen.getByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(history.location.pathname).toBe("/dashboard");
  });

  it("sends one idempotency key per filled form, the same again when a failed submit is retried", async () => {
    const user = userEvent.setup();
    fake.mutation.mockRejectedValueOnce(new Error("connection lost")).mockResolvedValue({ assetId: "a1", serial: "TMT-ABCD-EFGH" } as never);
    renderTag();
    await user.type(screen.getByLabelText("Name"), "Road bike");
    await user.click(screen.getByRole("button", { name: "Tag Asset" }));
    await screen.findByRole("alert");
    await user.click(screen.getByRole("button", { name: "Tag Asset" }));
    await screen.findByText("Asset page");
    const keys = fake.mutation.mock.calls.map((call) => (call as unknown as [{ requestKey: string }])[0].requestKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("after tagging, the asset opens without asking, and Back skips the filled form", async () => {
    const user = userEvent.setup();
    const { history } = renderTag("/tag", ["/dashboard"]);
    await user.type(screen.getByLabelText("Name"), "Road bike");
    await user.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByText("Asset page")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => history.go(-1));
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(history.location.pathname).toBe("/dashboard");
  });
});
