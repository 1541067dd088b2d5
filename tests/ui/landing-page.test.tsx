import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LandingPage from "../../src/features/landing/LandingPage";
import LaunchPage from "../../src/features/launch/LaunchPage";
import { REFERRAL_REWARD, SIGNUP_BONUS, TAGGING_COST } from "../../convex/lib/constants";
import { fake, resetFakes, signedOut } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

beforeEach(() => {
  resetFakes();
  signedOut();
});

describe("landing page", () => {
  it("links the four kinds of tagging and offers Tag Asset, Sign In and Verify a serial", () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    for (const [name, href] of [
      ["General Tagging", "/general-tagging"],
      ["NFT Tagging", "/nft-tagging"],
      ["MyWill Tagging", "/mywill-tagging"],
      ["Business Tagging", "/business-tagging"],
    ]) {
      expect(screen.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
    }
    expect(screen.getAllByRole("link", { name: "Tag Asset" })[0]).toHaveAttribute("href", "/tag");
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(screen.getByRole("heading", { name: "Verify a serial" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Verify a serial" })).toBeInTheDocument();
  });

  it("shows live counts of tagged assets and serial checks (loaded after the page, with the Convex client)", async () => {
    fake.queries["landingStats:get"] = { assets: 12345, verifications: 12 };
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.getByText("Assets tagged").nextSibling).toHaveTextContent("…");
    await waitFor(() => expect(screen.getByText("Assets tagged").nextSibling).toHaveTextContent("12,345"), { timeout: 10_000 });
    expect(screen.getByText("Serial checks").nextSibling).toHaveTextContent("12");
  });

  it("states the token amounts from the shared constants", () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    for (const n of [SIGNUP_BONUS, REFERRAL_REWARD, TAGGING_COST]) {
      expect(screen.getByText(`${n} TMT`)).toBeInTheDocument();
    }
  });
});

describe("launch page", () => {
  it("explains earning and spending with the shared amounts, and the phases", () => {
    render(
      <MemoryRouter>
        <LaunchPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(`+${SIGNUP_BONUS} TMT`)).toBeInTheDocument();
    expect(screen.getByText(`+${REFERRAL_REWARD} TMT`)).toBeInTheDocument();
    expect(screen.getByText(`−${TAGGING_COST} TMT`)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Programme phases" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").some((li) => li.textContent?.includes("Phase 4"))).toBe(true);
  });
});
