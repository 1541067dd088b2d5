import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import DaoPage from "../../src/features/dao/DaoPage";
import { DAO_MESSAGES, type ProposalView } from "../../convex/lib/dao/rules";
import { fake, makeProfile, resetFakes, signedIn, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const HOUR = 3_600_000;

function proposal(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    _id: "p1" as ProposalView["_id"],
    _creationTime: 0,
    title: "Fund a repair café",
    description: "Should the treasury fund a monthly repair café?",
    options: ["Yes", "No"],
    startsAt: Date.now() - HOUR,
    endsAt: Date.now() + HOUR,
    quorum: 100,
    weights: [70, 20],
    counts: [2, 1],
    myVote: null,
    myWeight: 42,
    ...overrides,
  };
}

function renderPage(proposals: ProposalView[]) {
  fake.queries["dao:list"] = proposals;
  // The balance today: bought after the proposal opened, it must not be what a vote weighs.
  fake.queries["wallet:balance"] = 9000;
  return render(
    <MemoryRouter>
      <DaoPage />
    </MemoryRouter>,
  );
}

beforeEach(resetFakes);

describe("DAO page", () => {
  it("shows visitors each option's weight and count and the quorum progress, and asks them to sign in", () => {
    signedOut();
    renderPage([proposal()]);
    const rows = screen.getAllByTestId("tally-row");
    expect(rows[0]).toHaveTextContent("Yes");
    expect(rows[0]).toHaveTextContent("70 TMT · 2 votes · 78%");
    expect(rows[1]).toHaveTextContent("20 TMT · 1 vote · 22%");
    expect(screen.getByText("Quorum: 90 TMT of 100 TMT")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Quorum progress" })).toHaveAttribute("aria-valuenow", "90");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("button", { name: "New proposal" })).not.toBeInTheDocument();
  });

  it("says on the page that a vote weighs the balance as it stood when the proposal opened", () => {
    signedOut();
    renderPage([proposal()]);
    expect(screen.getByText(/each vote weighs the voter's balance as it stood when the proposal opened/)).toBeInTheDocument();
    expect(screen.getByText(/Your vote weighs your TMT balance as it stood when the proposal opened/)).toBeInTheDocument();
  });

  it("tells a member who held no TMT when the proposal opened that their vote weighs 0", () => {
    signedIn(makeProfile());
    renderPage([proposal({ myWeight: 0 })]);
    const form = screen.getByRole("form", { name: "Vote on Fund a repair café" });
    expect(within(form).getByText("You held no TMT when this proposal opened, so your vote weighs 0 TMT. TMT you get now does not count here.")).toBeInTheDocument();
  });

  it("lets a member cast a vote, then change it", async () => {
    signedIn(makeProfile());
    fake.mutation.mockResolvedValue({ weight: 42 } as never);
    const { rerender } = renderPage([proposal()]);
    const form = screen.getByRole("form", { name: "Vote on Fund a repair café" });
    expect(within(form).getByText("Your vote weighs 42 TMT: your balance as it stood when the proposal opened.")).toBeInTheDocument();
    expect(form).not.toHaveTextContent("9,000");
    const cast = within(form).getByRole("button", { name: "Cast vote" });
    expect(cast).toBeDisabled();
    await userEvent.click(within(form).getByRole("radio", { name: "No" }));
    await userEvent.click(cast);
    expect(fake.mutation).toHaveBeenCalledWith({ proposalId: "p1", option: 1 });

    fake.queries["dao:list"] = [proposal({ myVote: { option: 1, weight: 42, castAt: Date.now() } })];
    rerender(
      <MemoryRouter>
        <DaoPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId("tally-row")[1]).toHaveTextContent("Your vote");
    const change = screen.getByRole("button", { name: "Change vote" });
    expect(change).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: "Yes" }));
    expect(change).toBeEnabled();
  });

  it("shows a server refusal of a vote", async () => {
    signedIn(makeProfile());
    const { ConvexError } = await import("convex/values");
    fake.mutation.mockRejectedValue(new ConvexError({ code: "INVALID", message: DAO_MESSAGES.closed }) as never);
    renderPage([proposal()]);
    await userEvent.click(screen.getByRole("radio", { name: "Yes" }));
    await userEvent.click(screen.getByRole("button", { name: "Cast vote" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(DAO_MESSAGES.closed);
  });

  it("shows the final result after the end, with no voting", () => {
    signedIn(makeProfile());
    renderPage([proposal({ startsAt: Date.now() - 3 * HOUR, endsAt: Date.now() - HOUR, weights: [70, 40] })]);
    expect(screen.getByText("Closed")).toBeInTheDocument();
    expect(screen.getByText(/Final result: Passed: “Yes” with 70 TMT\./)).toBeInTheDocument();
    expect(screen.getByText("Winner")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /vote/i })).not.toBeInTheDocument();
  });

  it("says when the quorum was not reached", () => {
    signedOut();
    renderPage([proposal({ startsAt: Date.now() - 3 * HOUR, endsAt: Date.now() - HOUR, weights: [10, 5] })]);
    expect(screen.getByText(/Quorum not reached: 15 TMT of 100 TMT/)).toBeInTheDocument();
  });

  it("lets admins open the proposal form and refuses an end before the start without calling the server", async () => {
    signedIn(makeProfile({ role: "admin" }));
    renderPage([]);
    expect(screen.getByText("No proposals yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "New proposal" }));
    const dialog = await screen.findByRole("dialog", { name: "New proposal" });
    await userEvent.type(within(dialog).getByLabelText("Title"), "A title");
    await userEvent.type(within(dialog).getByLabelText("Description"), "Why");
    const starts = within(dialog).getByLabelText("Starts") as HTMLInputElement;
    const ends = within(dialog).getByLabelText("Ends") as HTMLInputElement;
    await userEvent.clear(ends);
    await userEvent.type(ends, starts.value.replace(/^(\d{4})/, (y) => String(Number(y) - 1)));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create proposal" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(DAO_MESSAGES.endBeforeStart);
    expect(fake.mutation).not.toHaveBeenCalled();
    // The field at fault is marked, points at the message and gets the focus.
    expect(ends).toHaveAttribute("aria-invalid", "true");
    expect(ends).toHaveAccessibleDescription(DAO_MESSAGES.endBeforeStart);
    await waitFor(() => expect(ends).toHaveFocus());
    expect(within(dialog).getByLabelText("Title")).not.toHaveAttribute("aria-invalid");
    expect(within(dialog).getByRole("button", { name: "Remove option 1" })).toBeDisabled();
  });
});
