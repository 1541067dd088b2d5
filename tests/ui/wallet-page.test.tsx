import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import WalletPage from "../../src/features/wallet/WalletPage";
import type { WalletOverview } from "../../convex/lib/wallet/tables";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

// The shared fake, plus: a query result that is an Error is thrown, as useQuery does.
vi.mock("convex/react", async () => {
  const base = (await import("./app-support/fake-convex")).convexReactModule;
  return {
    ...base,
    useQuery: (...args: Parameters<typeof base.useQuery>) => {
      const result = base.useQuery(...args);
      if (result instanceof Error) throw result;
      return result;
    },
  };
});
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const DAY = Date.UTC(2025, 4, 14, 9, 30);
const filled: WalletOverview = {
  balance: 70,
  transactions: [
    { _id: "t3" as never, amount: -5, type: "spent", source: "tagging", description: "Tagged: Red bike", createdAt: DAY + 2000 },
    { _id: "t2" as never, amount: 25, type: "earned", source: "referral", description: "Referral bonus: J***n joined", createdAt: DAY + 1000 },
    { _id: "t1" as never, amount: 50, type: "earned", source: "signup_bonus", description: "Welcome bonus for joining", createdAt: DAY },
  ],
};

function renderWallet() {
  return render(
    <MemoryRouter>
      <WalletPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

describe("/wallet", () => {
  it("shows a spinner while the wallet loads", () => {
    renderWallet();
    expect(screen.getByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    expect(screen.getByText("Loading wallet...")).toBeInTheDocument();
  });

  it("shows the balance and the transactions with date, description, source, signed amount and type", () => {
    fake.queries["wallet:overview"] = filled;
    renderWallet();
    expect(screen.getByTestId("wallet-balance")).toHaveTextContent("70 TMT");
    const rows = within(screen.getByRole("list", { name: "Transactions" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Tagged: Red bike");
    expect(rows[0]).toHaveTextContent("Tagging");
    expect(rows[0]).toHaveTextContent("\u22125 TMT");
    expect(rows[0]).toHaveTextContent("spent");
    expect(rows[0]).toHaveTextContent("14 May 2025");
    expect(rows[1]).toHaveTextContent("+25 TMT");
    expect(rows[1]).toHaveTextContent("Referral");
    expect(rows[2]).toHaveTextContent("Sign-up bonus");
    expect(rows[2]).toHaveTextContent("earned");
  });

  it("explains how to earn, with the amounts of the token economy", () => {
    fake.queries["wallet:overview"] = filled;
    renderWallet();
    const aside = screen.getByRole("complementary", { name: "How to earn TMT" });
    expect(aside).toHaveTextContent("Join: 50 TMT");
    expect(aside).toHaveTextContent("Refer a friend: 25 TMT");
    expect(aside).toHaveTextContent("5 TMT per tag");
    expect(within(aside).getByRole("link", { name: "Referrals" })).toHaveAttribute("href", "/referrals");
  });

  it("says so when there are no transactions yet", () => {
    fake.queries["wallet:overview"] = { balance: 0, transactions: [] };
    renderWallet();
    expect(screen.getByTestId("wallet-balance")).toHaveTextContent("0 TMT");
    expect(screen.getByText("No transactions yet")).toBeInTheDocument();
  });

  it("shows balance 0 and no transactions when the wallet fails to load", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.queries["wallet:overview"] = new Error("Server error");
    renderWallet();
    expect(screen.getByTestId("wallet-balance")).toHaveTextContent("0 TMT");
    expect(screen.getByText("No transactions yet")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Transactions" })).not.toBeInTheDocument();
    error.mockRestore();
  });

  it("sells every TMT pack, says when it is test mode, and credits one on click", async () => {
    const user = userEvent.setup();
    fake.queries["wallet:overview"] = filled;
    fake.queries["topUps:offer"] = {
      available: true,
      test: true,
      currency: "GBP",
      packs: [{ id: "tmt_1000", tmt: 1000, priceMinor: 1000 }, { id: "tmt_12000", tmt: 12000, priceMinor: 10000 }, { id: "tmt_60000", tmt: 60000, priceMinor: 45000 }],
    };
    renderWallet();
    const card = screen.getByRole("region", { name: "Buy TMT" });
    expect(card).toHaveTextContent("12,000 TMT covers a 10,000-item import (11,300 TMT).");
    expect(within(card).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Buy 1,000 TMT for £10.00",
      "Buy 12,000 TMT for £100.00",
      "Buy 60,000 TMT for £450.00",
    ]);
    expect(card).toHaveTextContent("Test mode: no card is charged.");
    fake.mutation.mockResolvedValueOnce({ kind: "paid", tmt: 12000 } as never);
    await user.click(within(card).getByRole("button", { name: "Buy 12,000 TMT for £100.00" }));
    // One click asks first: what, for how much, into which wallet.
    const ask = screen.getByRole("dialog", { name: "Buy 12,000 TMT for £100.00?" });
    expect(ask).toHaveTextContent("12,000 TMT go into your wallet. Test mode: no card is charged.");
    expect(fake.mutation).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole("button", { name: "Pay £100.00" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ packId: "tmt_12000" }));
    expect(toast.success).toHaveBeenCalledWith("12,000 TMT added to your wallet (test mode: no payment taken)");
  });

  it("says buying is not set up when the deployment has no payment provider", () => {
    fake.queries["wallet:overview"] = filled;
    fake.queries["topUps:offer"] = { available: false, test: false, currency: "GBP", packs: [] };
    renderWallet();
    const card = screen.getByRole("region", { name: "Buy TMT" });
    expect(card).toHaveTextContent("Buying TMT is not set up on this deployment yet: ask an administrator to credit your account.");
    expect(within(card).queryByRole("button")).toBeNull();
  });

  describe("in a household or business workspace", () => {
    const OFFER = { available: true, test: true, currency: "GBP", packs: [{ id: "tmt_1000", tmt: 1000, priceMinor: 1000 }] };
    const shared: WalletOverview = {
      balance: 1234,
      transactions: [{ _id: "t9" as never, amount: -5, type: "spent", source: "tagging", description: "Tagged: Drill", createdAt: DAY, by: "Eve Editor" }],
    };
    const member = (role: string) => {
      fake.queries["workspaces:listMine"] = [{ _id: "w2", name: "Acme Tools", kind: "business", role, verifiedName: null }];
      fake.queries["wallet:overview"] = filled;
      fake.queries["wallet:workspaceOverview"] = shared;
      fake.queries["topUps:offer"] = OFFER;
    };

    it("shows the workspace's wallet and who spent, not the member's own", () => {
      member("viewer");
      renderWallet();
      expect(screen.getByText("Acme Tools's wallet: pays for its members' tagging and imports")).toBeInTheDocument();
      expect(screen.getByTestId("wallet-balance")).toHaveTextContent("1,234 TMT");
      expect(screen.getByText("Tagged: Drill")).toBeInTheDocument();
      expect(screen.getByText("by Eve Editor")).toBeInTheDocument();
      expect(screen.queryByText("Referral bonus: J***n joined")).toBeNull();
    });

    it("a viewer or editor sees no top-up; an owner tops up the workspace's wallet", async () => {
      const user = userEvent.setup();
      member("editor");
      const { unmount } = renderWallet();
      const card = screen.getByRole("region", { name: "Buy TMT" });
      expect(card).toHaveTextContent("Only the workspace's owners and admins can top up its wallet.");
      expect(within(card).queryByRole("button")).toBeNull();
      unmount();
      member("owner");
      renderWallet();
      fake.mutation.mockResolvedValueOnce({ kind: "paid", tmt: 1000 } as never);
      await user.click(within(screen.getByRole("region", { name: "Buy TMT" })).getByRole("button", { name: "Buy 1,000 TMT for £10.00" }));
      expect(screen.getByRole("dialog", { name: "Buy 1,000 TMT for £10.00?" })).toHaveTextContent("1,000 TMT go into Acme Tools's wallet.");
      await user.click(screen.getByRole("button", { name: "Pay £10.00" }));
      await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ packId: "tmt_1000", workspaceId: "w2" }));
      expect(toast.success).toHaveBeenCalledWith("1,000 TMT added to Acme Tools's wallet (test mode: no payment taken)");
    });
  });
});
