import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityItem, DashboardCounts, OwnerAlerts } from "../../convex/lib/verify/tables";
import DashboardPage from "../../src/features/dashboard/DashboardPage";
import { newArrivals } from "../../src/features/verify/VisitAlertListener";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);

const counts: DashboardCounts = {
  total: 3,
  byKind: { general: 2, nft: 1, will: 0, business: 0 },
  byStatus: { active: 2, lost: 0, stolen: 1, transferred: 0 },
};
const alerts: OwnerAlerts = {
  alerts: [
    { _id: "a2" as never, asset: { name: "Road bike", serial: "TMT-7K2Q-94XD" }, at: 2000, viewer: "visitor", place: { lat: 51.5, lng: -0.1 }, seen: false },
    { _id: "a1" as never, asset: { name: "Camera", serial: "TMT-AAAA-2222" }, at: 1000, viewer: "member", place: null, seen: true },
  ],
  unseen: 1,
  found: [{ _id: "f1" as never, asset: { name: "Road bike", serial: "TMT-7K2Q-94XD" }, message: "Found it by the canal", contact: "07700 900123", at: 1500 }],
};
const activity: ActivityItem[] = [
  { id: "t1", type: "tagged", at: 3000, title: "Tagged Road bike", detail: "TMT-7K2Q-94XD", link: "/verify/TMT-7K2Q-94XD" },
  { id: "x1", type: "tokens", at: 2900, title: "-5 TMT", detail: "Tagged Road bike", link: "/wallet" },
];

function renderDashboard() {
  fake.queries["dashboard:overview"] = counts;
  fake.queries["dashboard:alerts"] = alerts;
  fake.queries["dashboard:activity"] = activity;
  fake.queries["wallet:balance"] = 45;
  return render(<MemoryRouter><DashboardPage /></MemoryRouter>);
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile({ fullName: "Mia Member" }));
});

describe("dashboard", () => {
  it("each count tile links to the asset list filtered to what it counts", () => {
    renderDashboard();
    expect(screen.getByRole("link", { name: /^Stolen\s*:\s*1$/ })).toHaveAttribute("href", "/assets?status=stolen");
    expect(screen.getByRole("link", { name: /^Lost\s*:\s*0$/ })).toHaveAttribute("href", "/assets?status=lost");
    expect(screen.getByRole("link", { name: /^NFT\s*:\s*1$/ })).toHaveAttribute("href", "/assets?kind=nft");
    expect(screen.getByRole("link", { name: /^My Will\s*:\s*0$/ })).toHaveAttribute("href", "/assets?kind=will");
  });

  it("shows what the items are worth, one figure per currency, and says which items count", () => {
    fake.queries["dashboard:worth"] = { values: [{ amount: 89900, currency: "EUR" }, { amount: 270050, currency: "GBP" }] };
    renderDashboard();
    const worth = screen.getByRole("region", { name: "Value" });
    expect(within(worth).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["€899.00", "£2,700.50"]);
    expect(worth).toHaveTextContent("Every item you hold, lost and stolen ones included; not those marked transferred.");
    expect(worth).not.toHaveTextContent(/latest/i);
  });

  it("a new account sees the getting-started checklist, live, and can dismiss it", async () => {
    fake.queries["onboarding:checklist"] = {
      steps: [{ step: "verify", done: true }, { step: "tag", done: false }, { step: "nextOfKin", done: false }, { step: "invite", done: true }],
      dismissed: false,
    };
    const { rerender } = renderDashboard();
    const steps = screen.getByRole("list", { name: "Getting-started steps" });
    expect(screen.getByTestId("onboarding-progress")).toHaveTextContent("2 of 4 done");
    expect(within(steps).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Verify your email or phone (done)"),
      expect.stringContaining("Tag your first item (to do)"),
      expect.stringContaining("Add your next of kin (to do)"),
      expect.stringContaining("Invite a friend (done)"),
    ]);
    expect(within(steps).getByRole("link", { name: "Tag an item" })).toHaveAttribute("href", "/tag");
    expect(within(steps).getByRole("link", { name: "Add next of kin" })).toHaveAttribute("href", "/nok");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss the getting-started checklist" }));
    expect(fake.mutation).toHaveBeenCalledWith({});
    // All done (or dismissed): it is gone.
    fake.queries["onboarding:checklist"] = { steps: ["verify", "tag", "nextOfKin", "invite"].map((step) => ({ step, done: true })), dismissed: false };
    rerender(<MemoryRouter><DashboardPage /></MemoryRouter>);
    expect(screen.queryByRole("list", { name: "Getting-started steps" })).not.toBeInTheDocument();
  });

  it("welcomes a new account (\"Welcome\"), and only an older one back", () => {
    signedIn(makeProfile({ fullName: "Mia Member", createdAt: Date.now() - 60_000 }));
    const { unmount } = renderDashboard();
    expect(screen.getByText("Welcome, Mia.")).toBeInTheDocument();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
    unmount();
    signedIn(makeProfile({ fullName: "Mia Member", createdAt: Date.now() - 3 * 86_400_000 }));
    renderDashboard();
    expect(screen.getByText("Welcome back, Mia.")).toBeInTheDocument();
  });

  it("shows balance, counts by kind and status", () => {
    renderDashboard();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByTestId("dashboard-balance")).toHaveTextContent("45 TMT");
    expect(screen.getByTestId("dashboard-total")).toHaveTextContent("3");
    const byStatus = screen.getByRole("region", { name: "By status" });
    expect(within(byStatus).getByText("Stolen").nextSibling).toHaveTextContent("1");
    const byKind = screen.getByRole("region", { name: "By kind" });
    expect(within(byKind).getByText("NFT").nextSibling).toHaveTextContent("1");
  });

  it("lists visit alerts without who, with the coarse place, and marks them seen", async () => {
    renderDashboard();
    const list = screen.getByRole("list", { name: "Verify alerts" });
    expect(within(list).getByText(/A visitor viewed/)).toBeInTheDocument();
    expect(within(list).getByText(/near 51\.5, -0\.1/)).toBeInTheDocument();
    expect(within(list).getByText(/A signed-in member viewed/)).toBeInTheDocument();
    expect(screen.getByTestId("alerts-unseen")).toHaveTextContent("1 new");
    await userEvent.click(screen.getByRole("button", { name: "Mark all seen" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_personal" });
  });

  it("shows found reports and recent activity", () => {
    renderDashboard();
    expect(screen.getByText("Found it by the canal")).toBeInTheDocument();
    expect(screen.getByText(/Contact: 07700 900123/)).toBeInTheDocument();
    const recent = screen.getByRole("list", { name: "Recent activity" });
    expect(within(recent).getByRole("link", { name: "Tagged Road bike" })).toHaveAttribute("href", "/verify/TMT-7K2Q-94XD");
  });

  it("offers shortcuts", () => {
    renderDashboard();
    const nav = screen.getByRole("navigation", { name: "Shortcuts" });
    expect(within(nav).getByRole("link", { name: /Tag an asset/ })).toHaveAttribute("href", "/tag");
  });
});

describe("visit alert toasts", () => {
  it("stay quiet for what existed when the app opened, and announce what arrives after", () => {
    expect(newArrivals(null, alerts)).toEqual([]);
    const next: OwnerAlerts = {
      ...alerts,
      alerts: [{ ...alerts.alerts[0], _id: "a3" as never, at: 3000 }, ...alerts.alerts],
      found: [{ ...alerts.found[0], _id: "f2" as never, message: "I have your bike" }, ...alerts.found],
    };
    expect(newArrivals(alerts, next)).toEqual([
      { id: "a3", title: "Someone is looking at Road bike", description: "A visitor opened the verify page of TMT-7K2Q-94XD near 51.5, -0.1." },
      { id: "f2", title: "Someone found your Road bike", description: "I have your bike" },
    ]);
  });
});
