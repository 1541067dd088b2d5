// The legacy plan on /nok and the release clock on the dashboard: confirmation
// counts that add up (never "1 of 0"), the countdown and "I'm still here" in both places;
// the form shows the saved plan, and an unsaved change says so and asks before leaving.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "../../convex/lib/legacy/rules";
import { LegacyPanel } from "../../src/features/dashboard/LegacyPanel";
import { LegacyPlan } from "../../src/features/nok/LegacyPlan";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { renderInAppRouter } from "./app-support/guarded-router";

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

/** The plan in the app's router (it asks before a navigation leaves unsaved changes), with a link away. */
function renderPlan(status: Status) {
  return renderInAppRouter(
    <>
      <Route path="/nok" element={<><Link to="/dashboard">Dashboard</Link><LegacyPlan status={status} /></>} />
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
    </>,
    ["/nok"],
  ).history;
}

describe("confirmations needed", () => {
  it("offers no '1 of 0' before anyone confirms, and says why", () => {
    renderPlan({ plan: null, confirmedContacts: 0, events: [] });
    const select = screen.getByLabelText("Confirmations needed");
    expect(select).toBeDisabled();
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["No confirmed contacts yet"]);
    expect(screen.getByText("Available once a contact has confirmed by email.")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/of 0/);
  });

  it("offers 1 to all confirmed contacts", () => {
    renderPlan({ plan: plan({ threshold: 2 }), confirmedContacts: 2, events: [] });
    const options = within(screen.getByLabelText("Confirmations needed")).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["1 of 2 confirmed contacts", "2 of 2 confirmed contacts"]);
  });

  it("a release with nobody to ask says so instead of '0 of 0'", () => {
    renderPlan({ plan: plan({ state: "lapsed", lapsedAt: Date.now() }), confirmedContacts: 0, events: [] });
    expect(screen.getByRole("alert")).toHaveTextContent("no contact had confirmed by email");
    expect(document.body.textContent).not.toMatch(/0 of 0/);
  });
});

describe("the release clock", () => {
  it("/nok shows the countdown and 'I'm still here', which checks in", async () => {
    renderPlan({ plan: plan(), confirmedContacts: 1, events: [] });
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

describe("the saved plan", () => {
  it("a new account's plan is off and says nothing is saved; Save waits for a change", () => {
    renderPlan({ plan: null, confirmedContacts: 0, events: [] });
    expect(screen.getByRole("checkbox", { name: /Release my will assets/ })).not.toBeChecked();
    expect(screen.getByTestId("legacy-saved")).toHaveTextContent("Not set up: nothing will be released.");
    expect(screen.getByRole("button", { name: "Save plan" })).toBeDisabled();
  });

  it("a saved plan shows as saved; a change says it is unsaved until saved", async () => {
    const user = userEvent.setup();
    renderPlan({ plan: plan({ periodMonths: 6, threshold: 1 }), confirmedContacts: 1, events: [] });
    expect(screen.getByRole("checkbox", { name: /Release my will assets/ })).toBeChecked();
    expect(screen.getByTestId("legacy-saved")).toHaveTextContent("Saved: on. After 6 months without a sign of life, 1 confirmed contact must agree");
    expect(screen.getByText("No unsaved changes")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Inactivity period"), "9");
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    // Back to the saved value: nothing to save.
    await user.selectOptions(screen.getByLabelText("Inactivity period"), "6");
    expect(screen.getByText("No unsaved changes")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Inactivity period"), "9");
    await user.click(screen.getByRole("button", { name: "Save plan" }));
    expect(fake.mutation).toHaveBeenCalledWith({ enabled: true, periodMonths: 9, threshold: 1 });
  });

  it("leaving with an unsaved change asks first (in the app and on reload); Stay keeps it", async () => {
    const user = userEvent.setup();
    const history = renderPlan({ plan: null, confirmedContacts: 1, events: [] });
    await user.click(screen.getByRole("checkbox", { name: /Release my will assets/ }));
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(history.location.pathname).toBe("/nok");
    expect(screen.getByRole("checkbox", { name: /Release my will assets/ })).toBeChecked();
    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    await user.click(await screen.findByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeInTheDocument();
    // Nothing unsaved any more: a reload is not held up.
    const later = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
