// Warranty and maintenance on screen (issue 28 items 5 and 6): the receipt beside the value,
// documents grouped by type, the maintenance log and its form, and the dashboard's Upcoming list.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AssetDetailPage from "../../src/features/assets/AssetDetailPage";
import DashboardPage from "../../src/features/dashboard/DashboardPage";
import type { AssetDetail } from "../../convex/lib/assets/read";
import type { LogEntryView, PlanView, UpcomingItem } from "../../convex/lib/upkeep/tables";
import { fake, makeProfile, PERSONAL_WORKSPACE, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const AT = Date.UTC(2026, 3, 1);
const receipt = { storageId: "s1" as never, kind: "receipt" as const, name: "till-receipt.pdf", contentType: "application/pdf", size: 2000, url: "https://files.example/s1" };
const manual = { storageId: "s2" as never, kind: "manual" as const, name: "manual.pdf", contentType: "application/pdf", size: 2000, url: "https://files.example/s2" };
const bike: AssetDetail = {
  _id: "a1" as never, serial: "TMT-ABCD-EFGH", kind: "general", name: "Road bike", description: null, category: null,
  visibility: "public", status: "active",
  details: { kind: "general", purchaseDate: "2025-04-01", purchaseValue: { amount: 150000, currency: "GBP" }, warrantyEnd: "2027-04-01" },
  files: [receipt, manual], taggedAt: AT, updatedAt: AT, ownerCount: 1, owners: [{ from: AT, to: null, yours: true }], version: 0, pendingTransfer: null,
};
const plan: PlanView = { _id: "p1" as never, title: "Service", schedule: { by: "time", every: 6, period: "month" }, lastOn: "2026-01-10", lastReading: null, reading: null, dueOn: "2026-07-10", dueReading: null };
const entry: LogEntryView = { _id: "e1" as never, doneOn: "2026-01-10", what: "Chain and brakes", cost: { amount: 4550, currency: "GBP" }, reading: null, plan: "Service", files: [{ storageId: "s1" as never, name: "till-receipt.pdf", url: "https://files.example/s1" }] };

function renderAsset() {
  fake.queries["assets:get"] = bike;
  fake.queries["assets:history"] = [];
  fake.queries["maintenance:forAsset"] = { plans: [plan], log: [entry] };
  return render(
    <MemoryRouter initialEntries={["/assets/a1"]}>
      <Routes><Route path="/assets/:assetId" element={<AssetDetailPage />} /></Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

describe("an item's documents and upkeep", () => {
  it("shows the receipt beside the purchase value and the documents grouped by type", () => {
    renderAsset();
    const value = screen.getByText("Purchase value").nextElementSibling as HTMLElement;
    expect(within(value).getByRole("link", { name: "till-receipt.pdf" })).toHaveAttribute("href", "https://files.example/s1");
    expect(within(screen.getByRole("region", { name: "Manual" })).getByRole("link", { name: "manual.pdf" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Receipt" })).getByRole("combobox", { name: "Type of till-receipt.pdf" })).toHaveValue("receipt");
  });

  it("lists the plans and the log, and logs work with its cost in the workspace's currency and the files chosen", async () => {
    fake.queries["workspaces:listMine"] = [{ ...PERSONAL_WORKSPACE, currency: "EUR" }];
    renderAsset();
    expect(within(screen.getByRole("list", { name: "Maintenance plans" })).getByText(/every 6 months, next/)).toBeInTheDocument();
    const log = screen.getByRole("list", { name: "Maintenance log" });
    expect(within(log).getByText("Chain and brakes")).toBeInTheDocument();
    expect(within(log).getByText("£45.50")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Log work" }));
    const form = screen.getByRole("form", { name: "Log work" });
    await userEvent.type(within(form).getByLabelText(/What was done/), "New tyres");
    await userEvent.type(within(form).getByRole("textbox", { name: "Cost" }), "abc");
    await userEvent.click(within(form).getByRole("button", { name: "Save entry" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Cost must be an amount like 1234.50, £1,234.50 or 1234.50 GBP");
    expect(within(form).getByRole("combobox", { name: "Cost: currency" })).toHaveValue("EUR");
    expect(fake.mutation).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByRole("textbox", { name: "Cost" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Cost" }), "89.90");
    await userEvent.selectOptions(within(form).getByLabelText("Plan"), "p1");
    await userEvent.click(within(form).getByRole("checkbox", { name: /till-receipt\.pdf/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Save entry" }));
    expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({
      assetId: "a1", what: "New tyres", cost: { amount: 8990, currency: "EUR" }, planId: "p1", files: ["s1"], doneOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    }));
  });
});

describe("the dashboard's Upcoming list", () => {
  const soon: UpcomingItem[] = [
    { about: "service", assetId: "a2" as never, name: "Boiler", title: "Service", dueOn: "2026-04-30" },
    { about: "warranty", assetId: "a1" as never, name: "Road bike", title: "Warranty ends", dueOn: "2026-05-15" },
  ];

  function renderDashboard() {
    fake.queries["dashboard:overview"] = { total: 0, byKind: { general: 0, nft: 0, will: 0, business: 0 }, byStatus: { active: 0, lost: 0, stolen: 0, transferred: 0 } };
    fake.queries["dashboard:alerts"] = { alerts: [], unseen: 0, found: [] };
    fake.queries["dashboard:activity"] = [];
    fake.queries["wallet:balance"] = 0;
    return render(<MemoryRouter><DashboardPage /></MemoryRouter>);
  }

  it("lists warranties ending and services due, each linking to its item, and follows the live query", () => {
    fake.queries["maintenance:upcoming"] = soon;
    const { rerender } = renderDashboard();
    const list = screen.getByRole("list", { name: "Upcoming" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^BoilerService due 30 Apr 2026/),
      expect.stringMatching(/^Road bikewarranty ends 15 May 2026/),
    ]);
    expect(within(list).getByRole("link", { name: "Boiler" })).toHaveAttribute("href", "/assets/a2");
    // The service is logged elsewhere: the list drops it.
    fake.queries["maintenance:upcoming"] = soon.slice(1);
    rerender(<MemoryRouter><DashboardPage /></MemoryRouter>);
    expect(within(screen.getByRole("list", { name: "Upcoming" })).getAllByRole("listitem")).toHaveLength(1);
    // Nothing coming up: no empty card.
    fake.queries["maintenance:upcoming"] = [];
    rerender(<MemoryRouter><DashboardPage /></MemoryRouter>);
    expect(screen.queryByRole("list", { name: "Upcoming" })).not.toBeInTheDocument();
  });
});
