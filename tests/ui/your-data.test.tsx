import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DeletionBanner } from "../../src/app/DeletionBanner";
import { DeleteAccountCard } from "../../src/features/account/DeleteAccountCard";
import { DownloadDataCard } from "../../src/features/account/DownloadDataCard";
import { ERASED_ON_DELETION, KEPT_AFTER_DELETION } from "../../convex/lib/privacy/rules";

const mocks = vi.hoisted(() => ({
  answers: {} as Record<string, unknown>,
  calls: [] as [string, unknown][],
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("convex/react", () => {
  const call = (ref: unknown) => async (args: unknown) => {
    mocks.calls.push([getFunctionName(ref as never), args]);
    return null;
  };
  return { useQuery: (ref: unknown) => mocks.answers[getFunctionName(ref as never)], useMutation: call, useAction: call };
});
vi.mock("sonner", () => ({ toast: mocks.toast }));

const ERASE_AT = Date.UTC(2026, 11, 26, 12);

function renderCard() {
  return render(<MemoryRouter><DeleteAccountCard /></MemoryRouter>);
}

async function click(name: string | RegExp) {
  await act(async () => fireEvent.click(screen.getByRole("button", { name })));
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.calls = [];
  mocks.answers = {
    "accountDeletion:status": null,
    "accountDeletion:plan": { confirmWith: "password", soleWorkspaces: [{ _id: "ws1", name: "Shed", kind: "household", items: 3 }], sharedWorkspaces: 1 },
  };
});

describe("Delete account in /settings", () => {
  it("lists what is erased and kept and the workspaces to empty first, then needs the password", async () => {
    renderCard();
    await click("Delete my account…");
    const dialog = screen.getByRole("dialog");
    for (const line of [...ERASED_ON_DELETION, ...KEPT_AFTER_DELETION]) expect(dialog).toHaveTextContent(line);
    expect(within(dialog).getByRole("link", { name: "Review its items" })).toHaveAttribute("href", "/assets?w=ws1");
    expect(dialog).toHaveTextContent("Shed: 3 items");

    await click("Delete my account");
    expect(dialog).toHaveTextContent("Please enter your password");
    expect(mocks.calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: "orchard-lamp-42" } });
    await click("Delete my account");
    expect(mocks.calls).toEqual([["accountDeletion:confirmWithPassword", { password: "orchard-lamp-42" }]]);
  });

  it("an account without a password asks for a code first", async () => {
    mocks.answers["accountDeletion:plan"] = { confirmWith: "code", soleWorkspaces: [], sharedWorkspaces: 0 };
    renderCard();
    await click("Delete my account…");
    expect(screen.queryByLabelText(/Code/)).toBeNull();
    await click("Send code");
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: "123456" } });
    await click("Delete my account");
    expect(mocks.calls).toEqual([["accountDeletion:sendCode", {}], ["accountDeletion:confirmWithCode", { code: "123456" }]]);
  });

  it("once scheduled, it says when and offers to cancel", async () => {
    mocks.answers["accountDeletion:status"] = { eraseAt: ERASE_AT, byAdmin: false };
    renderCard();
    expect(screen.getByText(/Your account will be deleted on/)).toHaveTextContent("2026");
    await click("Cancel deletion");
    expect(mocks.calls).toEqual([["accountDeletion:cancel", {}]]);
    expect(mocks.toast.success).toHaveBeenCalledWith("Deletion cancelled. Your account stays as it was.");
  });
});

describe("the deletion banner on every page", () => {
  it("shows nothing unless a deletion is scheduled", () => {
    const { container } = render(<DeletionBanner />);
    expect(container).toBeEmptyDOMElement();
  });

  it("says when, and cancels", async () => {
    mocks.answers["accountDeletion:status"] = { eraseAt: ERASE_AT, byAdmin: true };
    render(<DeletionBanner />);
    expect(screen.getByRole("region", { name: "Account deletion" })).toHaveTextContent(/support has scheduled your account for deletion on .*2026/);
    await click("Cancel deletion");
    expect(mocks.calls).toEqual([["accountDeletion:cancel", {}]]);
  });
});

describe("Download my data in /settings", () => {
  it("asks for a copy, shows live progress, then the link and when it expires", async () => {
    mocks.answers["dataExport:mine"] = null;
    const { rerender } = render(<DownloadDataCard />);
    await click("Download my data");
    expect(mocks.calls).toEqual([["dataExport:request", {}]]);

    mocks.answers["dataExport:mine"] = { status: "building", requestedAt: 1, done: 3, total: 12, expiresAt: null, urls: [] };
    rerender(<DownloadDataCard />);
    expect(screen.getByLabelText("Export progress")).toHaveAttribute("value", "3");

    mocks.answers["dataExport:mine"] = { status: "ready", requestedAt: 1, done: 12, total: 12, expiresAt: ERASE_AT, urls: ["https://files.example/zip"] };
    rerender(<DownloadDataCard />);
    expect(screen.getByRole("link", { name: "Download ZIP" })).toHaveAttribute("href", "https://files.example/zip");
    expect(screen.getByText(/Link works until/)).toHaveTextContent("2026");

    // A large export comes in parts, each its own link.
    mocks.answers["dataExport:mine"] = { status: "ready", requestedAt: 1, done: 12, total: 12, expiresAt: ERASE_AT, urls: ["https://files.example/1", "https://files.example/2"] };
    rerender(<DownloadDataCard />);
    expect(screen.getByRole("link", { name: "Download part 2 of 2" })).toHaveAttribute("href", "https://files.example/2");
  });

  it("a copy being prepared can be cancelled, and then says so", async () => {
    mocks.answers["dataExport:mine"] = { status: "building", requestedAt: 1, done: 3, total: 12, expiresAt: null, urls: [] };
    const { rerender } = render(<DownloadDataCard />);
    await click("Cancel");
    expect(mocks.calls).toEqual([["dataExport:cancel", {}]]);
    mocks.answers["dataExport:mine"] = { status: "cancelled", requestedAt: 1, done: 3, total: 12, expiresAt: null, urls: [] };
    rerender(<DownloadDataCard />);
    expect(screen.getByText("You cancelled the last export.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });
});
