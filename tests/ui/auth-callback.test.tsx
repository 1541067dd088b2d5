import { act, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AuthCallbackPage from "../../src/features/auth/AuthCallbackPage";

const mocks = vi.hoisted(() => ({ signIn: vi.fn(), applyOnSignup: vi.fn(), auth: { isLoading: false, isAuthenticated: true } }));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: mocks.signIn, signOut: vi.fn() }) }));
vi.mock("convex/react", () => ({ useConvexAuth: () => mocks.auth, useMutation: () => mocks.applyOnSignup }));

// Each test gets its own code: the page remembers the one attempt made per link.
let LINK = "";
let CODE = "";

function renderCallback(url: string, strict = false) {
  const tree = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/auth" element={<p>Sign-in page</p>} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/tag" element={<p>Tag page</p>} />
        <Route path="/invite/:token" element={<p>Invitation page</p>} />
      </Routes>
    </MemoryRouter>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/** Lets the verification promise settle. */
async function settle() {
  await act(async () => {});
}

/** The page stays for exactly `ms`, then shows `destination`. */
function expectRedirectAfter(ms: number, destination: string) {
  act(() => vi.advanceTimersByTime(ms - 1));
  expect(screen.getByRole("heading", { name: "Email Verification" })).toBeInTheDocument();
  expect(screen.queryByText(destination)).not.toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByText(destination)).toBeInTheDocument();
}

let linkCount = 0;
beforeEach(() => {
  linkCount += 1;
  CODE = `code${linkCount}`;
  LINK = `/auth/callback?code=${CODE}&email=new%40example.com&from=email_verification`;
  vi.clearAllMocks();
  vi.useFakeTimers();
  mocks.signIn.mockResolvedValue({ signingIn: true });
  mocks.applyOnSignup.mockResolvedValue({ success: true, defaultReferrerUsed: false });
  mocks.auth = { isLoading: false, isAuthenticated: true };
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("email verification callback", () => {
  it("verifies the code from the link, then goes to the dashboard after 2 s", async () => {
    renderCallback(LINK);
    expect(screen.getByRole("heading", { name: "Email Verification" })).toBeInTheDocument();
    expect(screen.getByText("Verifying your email...")).toBeInTheDocument();
    await settle();
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "email-verification",
      email: "new@example.com",
      code: CODE,
    });
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
    expectRedirectAfter(2000, "Dashboard page");
  });

  it("goes back to the workspace invitation the sign-up started from", async () => {
    localStorage.setItem("tmt.pendingInvitation", JSON.stringify({ path: "/invite/abc.def", at: Date.now() }));
    renderCallback(LINK);
    await settle();
    expectRedirectAfter(2000, "Invitation page");
  });

  it("goes to /tag after 2 s when the sign-up started from tagging", async () => {
    renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com&from=tagging&ref=FRIEND1`);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting you to tag your asset...");
    expectRedirectAfter(2000, "Tag page");
  });

  it("treats any 'from' containing tagging as tagging", async () => {
    renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com&from=nft_tagging`);
    await settle();
    expectRedirectAfter(2000, "Tag page");
  });

  it("reports a failed verification and returns to /auth after 3 s", async () => {
    mocks.signIn.mockRejectedValue(new Error("Could not verify code"));
    renderCallback(LINK);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Email verification failed. Please try again.");
    expectRedirectAfter(3000, "Sign-in page");
  });

  it("says no session was found when the link lacks its code, and returns to /auth after 2 s", () => {
    renderCallback("/auth/callback?email=new%40example.com");
    expect(screen.getByRole("status")).toHaveTextContent("No user session found. Redirecting...");
    expect(mocks.signIn).not.toHaveBeenCalled();
    expectRedirectAfter(2000, "Sign-in page");
  });

  it("says no session was found when the link lacks the email", () => {
    renderCallback("/auth/callback?code=abc123");
    expect(screen.getByRole("status")).toHaveTextContent("No user session found. Redirecting...");
    expectRedirectAfter(2000, "Sign-in page");
  });

  it("says no session was found when verification signs nobody in", async () => {
    mocks.signIn.mockResolvedValue({ signingIn: false });
    renderCallback(LINK);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("No user session found. Redirecting...");
    expectRedirectAfter(2000, "Sign-in page");
  });

  it("falls back to 'Something went wrong' for anything unexpected, then /auth after 3 s", async () => {
    mocks.signIn.mockResolvedValue(undefined);
    renderCallback(LINK);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Something went wrong. Redirecting...");
    expectRedirectAfter(3000, "Sign-in page");
  });

  it("spends the single-use code once under StrictMode and still redirects", async () => {
    renderCallback(LINK, true);
    await settle();
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
    expectRedirectAfter(2000, "Dashboard page");
  });

  it("does not spend the code again when the page is mounted a second time", async () => {
    const first = renderCallback(LINK);
    first.unmount();
    renderCallback(LINK);
    await settle();
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
  });

  it("applies the referral from the link with the 'from' source, once, before the verified message", async () => {
    renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com&from=nft_tagging&ref=FRIEND1`, true);
    await settle();
    expect(mocks.applyOnSignup).toHaveBeenCalledTimes(1);
    expect(mocks.applyOnSignup).toHaveBeenCalledWith({ referralCode: "FRIEND1", source: "nft_tagging" });
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting you to tag your asset...");
    expectRedirectAfter(2000, "Tag page");
  });

  it("falls back to the code captured on the first visit, else an empty code, and source email_verification", async () => {
    localStorage.setItem("tmt_referral_code", "SAVED42");
    renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com`);
    await settle();
    expect(mocks.applyOnSignup).toHaveBeenLastCalledWith({ referralCode: "SAVED42", source: "email_verification" });
    expect(localStorage.getItem("tmt_referral_code")).toBeNull();
  });

  it("sends an empty code when there is none at all", async () => {
    renderCallback(LINK);
    await settle();
    expect(mocks.applyOnSignup).toHaveBeenLastCalledWith({ referralCode: "", source: "email_verification" });
  });

  it("still says verified and goes to the dashboard when the referral call fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mocks.applyOnSignup.mockRejectedValue(new Error("Invalid referral code"));
    renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com&from=tagging&ref=BAD`);
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
    expectRedirectAfter(2000, "Dashboard page");
    warn.mockRestore();
  });

  it("waits for the new session before applying the referral", async () => {
    mocks.auth = { isLoading: false, isAuthenticated: false };
    const view = renderCallback(`/auth/callback?code=${CODE}&email=new%40example.com&ref=FRIEND1`);
    await settle();
    expect(mocks.applyOnSignup).not.toHaveBeenCalled();
    expect(screen.getByText("Verifying your email...")).toBeInTheDocument();
    mocks.auth = { isLoading: false, isAuthenticated: true };
    view.rerender(
      <MemoryRouter initialEntries={[`/auth/callback?code=${CODE}&email=new%40example.com&ref=FRIEND1`]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await settle();
    expect(mocks.applyOnSignup).toHaveBeenCalledWith({ referralCode: "FRIEND1", source: "email_verification" });
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
  });

  it("gives up on the referral if no session appears within 5 s, and still goes to the dashboard", async () => {
    mocks.auth = { isLoading: false, isAuthenticated: false };
    renderCallback(LINK);
    await settle();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(mocks.applyOnSignup).not.toHaveBeenCalled();
    expect(screen.getByRole("status")).toHaveTextContent("Email verified! Redirecting to your dashboard...");
    expectRedirectAfter(2000, "Dashboard page");
  });
});
