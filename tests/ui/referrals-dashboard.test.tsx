import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AdminInfluencerDashboardPage from "../../src/features/adminInfluencer/AdminInfluencerDashboardPage";
import type { LeaderboardEntry, ReferralStats } from "../../convex/lib/referrals/shapes";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

const paging = vi.hoisted(() => ({ loadMore: vi.fn() }));
vi.mock("convex/react", async () => {
  const base = (await import("./app-support/fake-convex")).convexReactModule;
  return {
    ...base,
    useQuery: (...args: Parameters<typeof base.useQuery>) => {
      const result = base.useQuery(...args);
      if (result instanceof Error) throw result;
      return result;
    },
    usePaginatedQuery: (query: FunctionReference<"query">) =>
      fake.queries[getFunctionName(query)] ?? { results: [], status: "LoadingFirstPage", loadMore: paging.loadMore },
  };
});
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

function days(counts: Record<number, number> = {}): ReferralStats["days"] {
  return Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2025, 4, 1 + i)).toISOString().slice(0, 10),
    signups: counts[i] ?? 0,
  }));
}

const stats: ReferralStats = { referrers: 2, referred: 4, verified: 4, earned: 100, days: days({ 27: 1, 29: 3 }) };
const entry = (name: string, referred: number): LeaderboardEntry => ({
  _id: name as never,
  name,
  email: `${name.toLowerCase()}@example.com`,
  referred,
  verified: referred,
  earned: referred * 25,
  lastReferralAt: Date.UTC(2025, 4, 30),
});

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminInfluencerDashboardPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile({ role: "admin" }));
  paging.loadMore.mockReset();
});

describe("/admin-influencer-dashboard", () => {
  it("shows a spinner while the figures load", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Loading dashboard...")).toBeInTheDocument();
  });

  it("shows totals, a 30-day chart and an empty leaderboard", () => {
    fake.queries["referrals:stats"] = { ...stats, referrers: 0, referred: 0, verified: 0, earned: 0, days: days() };
    fake.queries["referrals:leaderboard"] = { results: [], status: "Exhausted", loadMore: paging.loadMore };
    renderPage();
    expect(screen.getByText("No referrals yet")).toBeInTheDocument();
    expect(screen.getByText("0 in the last 30 days")).toBeInTheDocument();
    // The chart's figures as a table for screen readers: a row per day.
    const chartTable = screen.getByRole("table", { name: "Sign-ups per day" });
    expect(within(chartTable).getAllByRole("row")).toHaveLength(31);
  });

  it("ranks referrers, draws a bar per day and loads more on request", async () => {
    const user = userEvent.setup();
    fake.queries["referrals:stats"] = stats;
    fake.queries["referrals:leaderboard"] = {
      results: [entry("Star", 3), entry("Ada", 1)],
      status: "CanLoadMore",
      loadMore: paging.loadMore,
    };
    const { container } = renderPage();
    const totals = screen.getByText("People referred").closest("dl")!;
    expect(totals).toHaveTextContent("Referrers2");
    expect(totals).toHaveTextContent("TMT paid out100");
    expect(container.querySelectorAll("svg[data-chart=bar] rect[data-key]")).toHaveLength(30);
    expect(screen.getByText("4 in the last 30 days")).toBeInTheDocument();
    const leaderboard = screen.getAllByRole("table").find((t) => t.querySelector("caption") === null)!;
    const rows = within(leaderboard).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/1Starstar@example.com3375/);
    expect(rows[1]).toHaveTextContent(/2Adaada@example.com1125/);
    // Phones get the same ranking as cards.
    const cards = within(screen.getByRole("list", { name: "Referrers" })).getAllByRole("listitem");
    expect(cards[0]).toHaveTextContent("3 referred · 3 verified · 75 TMT");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(paging.loadMore).toHaveBeenCalledWith(10);
  });

  it("shows an error with Retry when the figures cannot be loaded", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.queries["referrals:stats"] = new Error("Forbidden");
    renderPage();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load the referral dashboard");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    error.mockRestore();
  });
});
