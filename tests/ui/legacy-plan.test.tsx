// The legacy plan on /nok and the release clock on the dashboard: confirmation
// counts that add up (never "1 of 0"), the countdown and "I'm still here" in both places.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "../../convex/lib/legacy/rules";
import { LegacyPanel } from "../../src/features/dashboard/LegacyPanel";
import { LegacyPlan } from "../../src/features/nok/LegacyPlan";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);

type Status = Parameters<typeof LegacyPlan>[0]["status"];
type Plan = NonNullable<Status["plan"]>;

function plan(overrides: Partial<Plan> = {}): Plan {
  const now = Date.now();
  return {
    enabled: true, periodMonths: 6, threshold: 1, state: "active", lastAliveAt: now, deadline: now + 40 * DAY_MS + 3_600_000,
    lapsedAt: null, releasedAt: null, confirmationsReceived: 0, confirmationsNeeded: 0, ...overrides,
  };
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

describe("confirmations needed", () => {
  it("offers no '1 of 0' before anyone confirms, and says why", () => {
    render(<LegacyPlan status={{ plan: null, confirmedContacts: 0, events: [] }} />);
    const select = screen.getByLabelText("Confirmations needed");
    expect(select).toBeDisabled();
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["No confirmed contacts yet"]);
    expect(screen.getByText("Available once a contact has confirmed by email.")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/of 0/);
  });

  it("offers 1 to all confirmed contacts", () => {
    render(<LegacyPlan status={{ plan: plan({ threshold: 2 }), confirmedContacts: 2, events: [] }} />);
    const options = within(screen.getByLabelText("Confirmations needed")).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["1 of 2 confirmed contacts", "2 of 2 confirmed contacts"]);
  });

  it("a release with nobody to ask says so instead of '0 of 0'", () => {
    render(<LegacyPlan status={{ plan: plan({ state: "lapsed", lapsedAt: Date.now() }), confirmedContacts: 0, events: [] }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("no contact had confirmed by email");
    expect(document.body.textContent).not.toMatch(/0 of 0/);
  });
});

describe("the release clock", () => {
  it("/nok shows the countdown and 'I'm still here', which checks in", async () => {
    render(<LegacyPlan status={{ plan: plan(), confirmedContacts: 1, events: [] }} />);
    expect(screen.getByTestId("legacy-countdown")).toHaveTextContent("40 days");
    await userEvent.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(fake.mutation).toHaveBeenCalledWith({});
  });

  it("the dashboard shows it while a plan is on, and nothing otherwise", async () => {
    fake.queries["legacy:status"] = { plan: plan(), confirmedContacts: 1, events: [] };
    const { unmount } = render(<MemoryRouter><LegacyPanel /></MemoryRouter>);
    expect(screen.getByRole("heading", { name: "Legacy release" })).toBeInTheDocument();
    expect(screen.getByTestId("legacy-countdown")).toHaveTextContent("40 days");
    await userEvent.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(fake.mutation).toHaveBeenCalledWith({});
    unmount();
    fake.queries["legacy:status"] = { plan: plan({ enabled: false }), confirmedContacts: 1, events: [] };
    render(<MemoryRouter><LegacyPanel /></MemoryRouter>);
    expect(screen.queryByRole("heading", { name: "Legacy release" })).not.toBeInTheDocument();
  });
});
