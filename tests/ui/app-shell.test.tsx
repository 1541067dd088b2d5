import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import App from "../../src/app/App";
import { useActivityPing } from "../../src/app/useActivityPing";
import { authLoading, fake, makeProfile, resetFakes, signedIn, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

beforeEach(() => {
  resetFakes();
  window.history.pushState({}, "", "/");
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // jsdom has no matchMedia; sonner's system theme asks it for prefers-color-scheme.
  window.matchMedia = vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => vi.useRealTimers());

describe("app shell", () => {
  it("shows 'Loading...' while authentication initialises", async () => {
    authLoading();
    render(<App />);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
  });

  it("renders a visitor's landing page without waiting for the sign-in state: the browser holds no session", async () => {
    fake.auth = { isLoading: true, isAuthenticated: false };
    render(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: /Tag it\. Secure it\./ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Sign In" })).toBeInTheDocument();
  });

  it("renders the landing page in the common layout and scrolls to the top on navigation", async () => {
    signedOut();
    render(<App />);
    // Pages are lazily loaded; a cold module graph under a busy CI can take seconds.
    expect(await screen.findByRole("heading", { level: 1, name: /Tag it\. Secure it\./ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length;

    await userEvent.type(screen.getByLabelText("Serial number"), "TMT-9");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("TMT-9", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/verify/TMT-9");
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrolls);
  });
});

describe("focus after navigation", () => {
  it("moves to the new page's heading, not on the first load and not for a change of query", async () => {
    signedOut();
    render(<App />);
    const landing = await screen.findByRole("heading", { level: 1, name: /Tag it\. Secure it\./ }, { timeout: 10_000 });
    expect(landing).not.toHaveFocus();

    await userEvent.click(screen.getByRole("link", { name: "Privacy Policy" }));
    const heading = await screen.findByRole("heading", { level: 1, name: /Privacy Policy/ }, { timeout: 10_000 });
    await waitFor(() => expect(heading).toHaveFocus());

    // Only the query changes: focus stays where the user put it.
    const link = screen.getAllByRole("link", { name: "Terms of Service" })[0];
    link.focus();
    act(() => {
      window.history.pushState({}, "", "/privacy-policy?x=1");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await waitFor(() => expect(window.location.search).toBe("?x=1"));
    expect(link).toHaveFocus();
  });
});

describe("activity ping", () => {
  it("records activity on sign-in, then at most once a minute", () => {
    vi.useFakeTimers();
    signedIn(makeProfile());
    renderHook(() => useActivityPing());
    expect(fake.mutation).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(30_000));
    document.dispatchEvent(new Event("visibilitychange"));
    expect(fake.mutation).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(fake.mutation).toHaveBeenCalledTimes(2);
  });

  it("sends nothing while signed out", () => {
    signedOut();
    renderHook(() => useActivityPing());
    expect(fake.mutation).not.toHaveBeenCalled();
  });
});
