import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Routes } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../src/app/routes";
import { makeProfile, resetFakes, signedIn, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>Loading page...</p>}>
        <Routes>{appRoutes()}</Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

const adminInfluencer = makeProfile({ role: "influencer", isAdminInfluencer: true });

beforeAll(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
beforeEach(resetFakes);

describe("route table", () => {
  it.each([
    ["/admin-influencer-dashboard", "Admin Dashboard"],
    ["/bug-reports", "Bug Reports"],
    ["/news-management", "News Management"],
  ])("admits an admin-influencer to %s", async (path, heading) => {
    signedIn(adminInfluencer);
    renderAt(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("refuses an admin-influencer on /admin", async () => {
    signedIn(adminInfluencer);
    renderAt("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Access denied" })).toBeInTheDocument();
  });

  it("sends a member without business features from /business-dashboard to /business-upgrade", async () => {
    signedIn(makeProfile());
    renderAt("/business-dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Upgrade to Business" })).toBeInTheDocument();
  });

  it("lets a moderator into /moderator", async () => {
    signedIn(makeProfile({ role: "moderator" }));
    renderAt("/moderator");
    expect(await screen.findByRole("heading", { level: 1, name: "Moderator Panel" })).toBeInTheDocument();
  });

  it("redirects /influencer-referrals to /referrals", async () => {
    signedIn(makeProfile());
    renderAt("/influencer-referrals");
    expect(await screen.findByRole("heading", { level: 1, name: "Referrals" })).toBeInTheDocument();
  });

  it("sends unknown paths to the landing page", async () => {
    signedOut();
    renderAt("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: /Tag it\. Secure it\./ })).toBeInTheDocument();
  });

  it("shows the serial being verified", async () => {
    signedOut();
    renderAt("/verify/TMT-ABC-123");
    expect(await screen.findByText("TMT-ABC-123")).toBeInTheDocument();
  });
});
