import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProtectedRoute, type ProtectedRouteProps } from "../../src/app/ProtectedRoute";
import { fake, makeProfile, resetFakes, signedIn, signedInProfileLoading, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

function Where({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? "none";
  return (
    <p>
      {name} page (from {from})
    </p>
  );
}

function renderGuard(props: Omit<ProtectedRouteProps, "children"> = {}) {
  return render(
    <MemoryRouter initialEntries={["/secret"]}>
      <Routes>
        <Route path="/secret" element={<ProtectedRoute {...props}><p>Secret content</p></ProtectedRoute>} />
        <Route path="/auth" element={<Where name="Sign-in" />} />
        <Route path="/login" element={<Where name="Login" />} />
        <Route path="/unauthorized" element={<Where name="Unauthorized" />} />
        <Route path="/business-upgrade" element={<Where name="Business upgrade" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const admin = makeProfile({ role: "admin" });
const moderator = makeProfile({ role: "moderator" });
const member = makeProfile({ role: "influencer" });
const business = makeProfile({ isBusinessUser: true });
const adminInfluencer = makeProfile({ role: "influencer", isAdminInfluencer: true });

beforeEach(resetFakes);
afterEach(() => vi.useRealTimers());

describe("protected-route guard", () => {
  it("shows 'Loading...' while authentication initialises", () => {
    fake.auth = { isLoading: true, isAuthenticated: false };
    renderGuard();
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByText("Secret content")).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to /auth and remembers where they were going", () => {
    signedOut();
    renderGuard();
    expect(screen.getByText("Sign-in page (from /secret)")).toBeInTheDocument();
  });

  it("uses a configured redirect target for signed-out visitors", () => {
    signedOut();
    renderGuard({ redirectTo: "/login" });
    expect(screen.getByText("Login page (from /secret)")).toBeInTheDocument();
  });

  it("lets any signed-in user through a sign-in-only route, even without a profile", () => {
    signedIn(null);
    renderGuard();
    expect(screen.getByText("Secret content")).toBeInTheDocument();
  });

  it("shows 'Loading profile...' while the profile loads for a role check", () => {
    signedInProfileLoading();
    renderGuard({ requireAdmin: true });
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
  });

  it("treats a profile that has not arrived after 5 seconds as no profile", () => {
    vi.useFakeTimers();
    signedInProfileLoading();
    renderGuard({ requireModeration: true });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("Unauthorized page (from /secret)")).toBeInTheDocument();
  });

  it("sends non-admins away from admin routes to /unauthorized", () => {
    for (const profile of [member, moderator, business, adminInfluencer]) {
      signedIn(profile);
      const { unmount } = renderGuard({ requireAdmin: true });
      expect(screen.getByText("Unauthorized page (from /secret)")).toBeInTheDocument();
      unmount();
    }
  });

  it("admits admin-influencers where allowAdminInfluencer is set, but not members", () => {
    signedIn(adminInfluencer);
    const first = renderGuard({ requireAdmin: true, allowAdminInfluencer: true });
    expect(screen.getByText("Secret content")).toBeInTheDocument();
    first.unmount();
    signedIn(member);
    renderGuard({ requireAdmin: true, allowAdminInfluencer: true });
    expect(screen.getByText("Unauthorized page (from /secret)")).toBeInTheDocument();
  });

  it("allows moderators and admins on moderation routes and refuses members", () => {
    signedIn(moderator);
    const first = renderGuard({ requireModeration: true });
    expect(screen.getByText("Secret content")).toBeInTheDocument();
    first.unmount();
    signedIn(member);
    renderGuard({ requireModeration: true });
    expect(screen.getByText("Unauthorized page (from /secret)")).toBeInTheDocument();
  });

  it("sends users without business features to /business-upgrade", () => {
    signedIn(member);
    const first = renderGuard({ requireBusiness: true });
    expect(screen.getByText("Business upgrade page (from /secret)")).toBeInTheDocument();
    first.unmount();
    signedIn(business);
    renderGuard({ requireBusiness: true });
    expect(screen.getByText("Secret content")).toBeInTheDocument();
  });

  it("sends a role mismatch to /unauthorized and admits the matching role", () => {
    signedIn(member);
    const first = renderGuard({ requireRole: "moderator" });
    expect(screen.getByText("Unauthorized page (from /secret)")).toBeInTheDocument();
    first.unmount();
    signedIn(moderator);
    renderGuard({ requireRole: "moderator" });
    expect(screen.getByText("Secret content")).toBeInTheDocument();
  });

  it("lets admins through every check", () => {
    const checks: Omit<ProtectedRouteProps, "children">[] = [
      { requireAdmin: true },
      { requireModeration: true },
      { requireBusiness: true },
      { requireRole: "moderator" },
      { requireAdmin: true, requireBusiness: true, requireRole: "influencer" },
    ];
    for (const props of checks) {
      signedIn(admin);
      const { unmount } = renderGuard(props);
      expect(screen.getByText("Secret content")).toBeInTheDocument();
      unmount();
    }
  });
});
