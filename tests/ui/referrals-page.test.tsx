import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ReferralsPage from "../../src/features/referrals/ReferralsPage";
import type { MyReferrals } from "../../convex/lib/referrals/shapes";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));
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
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const empty: MyReferrals = { code: "MIA12345", referred: 0, verified: 0, earned: 0, people: [] };
const filled: MyReferrals = {
  code: "MIA12345",
  referred: 2,
  verified: 2,
  earned: 50,
  people: [
    { _id: "r2" as never, name: "J***n S.", joinedAt: Date.UTC(2025, 4, 20), verified: true, reward: 25 },
    { _id: "r1" as never, name: "A*", joinedAt: Date.UTC(2025, 4, 2), verified: true, reward: 25 },
  ],
};

function renderPage() {
  return render(
    <MemoryRouter>
      <ReferralsPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("/referrals", () => {
  it("shows a spinner while loading", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Referrals" })).toBeInTheDocument();
    expect(screen.getByText("Loading referrals...")).toBeInTheDocument();
  });

  it("shows my code, my share link and its QR code, and an empty list", () => {
    fake.queries["referrals:mine"] = empty;
    renderPage();
    expect(screen.getByTestId("referral-code")).toHaveTextContent("MIA12345");
    expect(screen.getByLabelText("Your share link")).toHaveValue(`${window.location.origin}/?ref=MIA12345`);
    expect(screen.getByRole("img", { name: "QR code of your referral link" })).toBeInTheDocument();
    expect(screen.getByText("No one has joined through your link yet")).toBeInTheDocument();
  });

  it("lists who joined (masked), when, and the TMT earned", () => {
    fake.queries["referrals:mine"] = filled;
    renderPage();
    const stats = screen.getByText("People joined").closest("dl")!;
    expect(stats).toHaveTextContent("People joined2");
    expect(stats).toHaveTextContent("TMT earned50 TMT");
    const rows = within(screen.getByRole("list", { name: "People who joined" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "J***n S.Joined 20 May 2025+25 TMT",
      "A*Joined 2 May 2025+25 TMT",
    ]);
  });

  it("copies the share link and says so", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    fake.queries["referrals:mine"] = empty;
    renderPage();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?ref=MIA12345`);
    expect(toast.success).toHaveBeenCalledWith("Referral link copied!");
  });

  it("says when copying is not possible", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    fake.queries["referrals:mine"] = empty;
    renderPage();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(toast.error).toHaveBeenCalledWith("Could not copy the link. Please copy it by hand.");
  });

  it("shows an error with Retry when loading fails", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.queries["referrals:mine"] = new Error("boom");
    renderPage();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load referrals");
    fake.queries["referrals:mine"] = filled;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.getByTestId("referral-code")).toHaveTextContent("MIA12345");
    error.mockRestore();
  });
});
