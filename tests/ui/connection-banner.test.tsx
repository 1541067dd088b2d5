// Issue 20, item 8: the connection banner (from the Convex client's connection state and the
// browser's online flag) and the tag form's word on a pending tag while offline.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BACK_ONLINE_MS, ConnectionBanner } from "../../src/app/ConnectionBanner";
import TagPage from "../../src/features/tag/TagPage";
import { RECONNECT_GRACE_MS } from "../../src/lib/useConnection";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

let online = true;
beforeEach(() => {
  resetFakes();
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event("offline")));
}
function goOnline() {
  online = true;
  act(() => void window.dispatchEvent(new Event("online")));
}

describe("connection banner", () => {
  it("says nothing while connected", () => {
    render(<ConnectionBanner />);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says the connection is lost at once when the browser goes offline, and when it is back", () => {
    vi.useFakeTimers();
    const { rerender } = render(<ConnectionBanner />);
    goOffline();
    expect(screen.getByRole("status")).toHaveTextContent("Connection lost. Trying to reconnect...");
    goOnline();
    rerender(<ConnectionBanner />);
    expect(screen.getByRole("status")).toHaveTextContent("Back online.");
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("reports a backend socket down for longer than the grace period, with the pending changes", () => {
    vi.useFakeTimers();
    const { rerender } = render(<ConnectionBanner />);
    fake.connection = { ...fake.connection, isWebSocketConnected: false, inflightMutations: 1 };
    rerender(<ConnectionBanner />);
    // A blip is not reported.
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(RECONNECT_GRACE_MS));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Connection lost. Trying to reconnect... Pending changes will finish when you are back online.",
    );
    fake.connection = { ...fake.connection, isWebSocketConnected: true, inflightMutations: 0 };
    rerender(<ConnectionBanner />);
    expect(screen.getByRole("status")).toHaveTextContent("Back online.");
  });

  it("reports a backend that was never reached once the client has retried", () => {
    vi.useFakeTimers();
    fake.connection = { ...fake.connection, hasEverConnected: false, isWebSocketConnected: false, connectionRetries: 2 };
    render(<ConnectionBanner />);
    act(() => vi.advanceTimersByTime(RECONNECT_GRACE_MS));
    expect(screen.getByRole("status")).toHaveTextContent("Connection lost. Trying to reconnect...");
  });
});

describe("tag form offline", () => {
  it("says a tag under way will finish when back online", async () => {
    signedIn(makeProfile());
    fake.queries["wallet:balance"] = 45;
    fake.mutation.mockReturnValue(new Promise(() => {}) as never);
    // The tag form guards unsaved input with the data router's blocker, as the app's router does.
    render(<RouterProvider router={createMemoryRouter([{ path: "/", element: <TagPage /> }])} />);
    await userEvent.type(screen.getByLabelText("Name"), "Bike");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(screen.getByRole("button", { name: "Tagging..." })).toBeDisabled();
    expect(screen.queryByText(/Tagging will finish when you are back online/)).not.toBeInTheDocument();
    goOffline();
    expect(screen.getByText("You are offline. Tagging will finish when you are back online.")).toBeInTheDocument();
  });
});
