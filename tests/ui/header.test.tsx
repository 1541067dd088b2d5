import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexLayer } from "../../src/app/ConvexLayer";
import { Header } from "../../src/app/Header";
import type { Profile } from "../../src/lib/profile";
import { fake, makeProfile, resetFakes, signedIn, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

function renderHeader(path = "/dashboard") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConvexLayer>
        <Header />
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="*" element={<p>Some page</p>} />
        </Routes>
      </ConvexLayer>
    </MemoryRouter>,
  );
}

/** The signed-in header is a lazily loaded chunk: wait for it. */
const memberHeader = () => screen.findByRole("button", { name: "Open menu" });

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole("link")
    .map((link) => `${link.textContent} ${link.getAttribute("href")}`);
}

const BASE = ["Dashboard /dashboard", "Tag Asset /tag", "My Assets /assets", "News /news", "Wallet /wallet", "NOK /nok"];
const REFERRALS = "Referrals /referrals";
const BUSINESS = "Business /business-dashboard";
const ADMIN_VIEW = ["Admin Dashboard /admin-influencer-dashboard", "Bug Reports /bug-reports", "News Management /news-management"];
const ADMIN = "Admin /admin";
const MODERATOR = "Moderator /moderator";
const PUBLIC = "Public Assets /public-assets";

const cases: [string, Profile | null, string[]][] = [
  ["signed in without a profile", null, [...BASE, PUBLIC]],
  ["influencer (member)", makeProfile(), [...BASE, REFERRALS, PUBLIC]],
  ["business user", makeProfile({ isBusinessUser: true }), [...BASE, REFERRALS, BUSINESS, PUBLIC]],
  ["moderator", makeProfile({ role: "moderator" }), [...BASE, REFERRALS, MODERATOR, PUBLIC]],
  ["admin", makeProfile({ role: "admin" }), [...BASE, REFERRALS, ...ADMIN_VIEW, ADMIN, PUBLIC]],
  ["admin-influencer (admin role)", makeProfile({ role: "admin", isAdminInfluencer: true }), [...BASE, REFERRALS, ...ADMIN_VIEW, PUBLIC]],
  ["admin-influencer (influencer role)", makeProfile({ isAdminInfluencer: true }), [...BASE, REFERRALS, ...ADMIN_VIEW, PUBLIC]],
  ["admin + business", makeProfile({ role: "admin", isBusinessUser: true }), [...BASE, REFERRALS, BUSINESS, ...ADMIN_VIEW, ADMIN, PUBLIC]],
  ["moderator + business", makeProfile({ role: "moderator", isBusinessUser: true }), [...BASE, REFERRALS, BUSINESS, MODERATOR, PUBLIC]],
];

beforeEach(resetFakes);

describe("header", () => {
  it("shows visitors the logo, Tag Asset and Sign In, Verify, Public Assets and News, and no member links", () => {
    signedOut();
    renderHeader("/");
    expect(screen.getByRole("link", { name: "TagMyThing" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Tag Asset" })).toHaveAttribute("href", "/tag");
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(linksOf(screen.getByRole("navigation", { name: "Main" }))).toEqual(["Verify /verify", "Public Assets /public-assets", "News /news"]);
    expect(screen.queryByRole("button", { name: "Account menu" })).not.toBeInTheDocument();
  });

  it("gives visitors a phone menu with the same links", async () => {
    const user = userEvent.setup();
    signedOut();
    renderHeader("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    expect(linksOf(mobile)).toEqual(["Verify /verify", "Public Assets /public-assets", "News /news"]);
    await user.click(within(mobile).getByRole("link", { name: "Verify" }));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
  });

  it.each(cases)("lists the links of a %s in the header's fixed order", async (_name, profile, expected) => {
    signedIn(profile);
    renderHeader();
    await memberHeader();
    expect(linksOf(screen.getByRole("navigation", { name: "Main" }))).toEqual(expected);
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
  });

  it("shows no balance until the wallet exists (no made-up number)", async () => {
    signedIn(makeProfile());
    renderHeader();
    await memberHeader();
    expect(screen.queryByText(/TMT/)).not.toBeInTheDocument();
  });

  it("shows the live balance as '{n} TMT', linking to /wallet", async () => {
    signedIn(makeProfile());
    fake.queries["wallet:balance"] = 1250;
    const view = renderHeader();
    expect(await screen.findByRole("link", { name: "1,250 TMT" })).toHaveAttribute("href", "/wallet");
    // A new value from the live query replaces it on the next render.
    fake.queries["wallet:balance"] = 1275;
    view.rerender(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <ConvexLayer>
          <Header />
        </ConvexLayer>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "1,275 TMT" })).toBeInTheDocument();
  });

  it("shows no balance to visitors, or while the wallet query answers null", async () => {
    fake.queries["wallet:balance"] = 50;
    signedOut();
    const view = renderHeader("/");
    expect(screen.queryByText(/TMT/)).not.toBeInTheDocument();
    view.unmount();
    signedIn(makeProfile());
    fake.queries["wallet:balance"] = null;
    renderHeader();
    await memberHeader();
    expect(screen.queryByText(/TMT/)).not.toBeInTheDocument();
  });

  it("opens and closes the mobile menu, which repeats the list", async () => {
    const user = userEvent.setup();
    signedIn(makeProfile({ role: "admin" }));
    renderHeader();
    const toggle = await memberHeader();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Close menu");
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    expect(linksOf(mobile)).toEqual(linksOf(screen.getByRole("navigation", { name: "Main" })));

    await user.click(within(mobile).getByRole("link", { name: "Wallet" }));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it.each([
    ["member", makeProfile(), ["Profile", "Settings", "Sign Out"]],
    ["moderator", makeProfile({ role: "moderator" }), ["Profile", "Settings", "Moderator", "Sign Out"]],
    ["admin", makeProfile({ role: "admin" }), ["Profile", "Settings", "Admin", "Sign Out"]],
  ])("gives a %s the right profile menu", async (_name, profile, expected) => {
    const user = userEvent.setup();
    signedIn(profile);
    renderHeader();
    await user.click(await screen.findByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(expected);
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
  });

  it.each([
    ["succeeds", () => fake.signOut.mockResolvedValue(undefined)],
    ["fails", () => fake.signOut.mockRejectedValue(new Error("network down"))],
  ])("clears local and session storage and goes home when sign-out %s", async (_name, arrange) => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    arrange();
    signedIn(makeProfile());
    localStorage.setItem("tmt_referral_code", "ABC");
    sessionStorage.setItem("draft", "x");
    renderHeader("/wallet");
    expect(screen.getByText("Some page")).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign Out" }));

    await waitFor(() => expect(screen.getByText("Home page")).toBeInTheDocument());
    expect(fake.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    warn.mockRestore();
  });

  it("offline: does not wait for the sign-out call; clears storage, drops the token in memory and goes home", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    // Offline, Convex Auth's sign-out call waits for a connection that does not come.
    fake.signOut.mockReturnValue(new Promise<undefined>(() => {}));
    const heard: (string | null)[] = [];
    const listen = (event: StorageEvent) => heard.push(event.key);
    window.addEventListener("storage", listen);
    signedIn(makeProfile());
    localStorage.setItem("__convexAuthJWT_httplocalhost3210", "jwt");
    renderHeader("/wallet");

    await user.click(await screen.findByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign Out" }));

    await waitFor(() => expect(screen.getByText("Home page")).toBeInTheDocument());
    expect(localStorage.length).toBe(0);
    // The auth client drops its in-memory token on this event, as on another tab's sign-out.
    expect(heard).toContain("__convexAuthJWT_httplocalhost3210");
    window.removeEventListener("storage", listen);
    onLine.mockRestore();
    warn.mockRestore();
  });
});
