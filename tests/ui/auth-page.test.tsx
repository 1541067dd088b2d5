import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AuthPage from "../../src/features/auth/AuthPage";
import CheckEmailPage from "../../src/features/auth/CheckEmailPage";
import { REFERRAL_STORAGE_KEY } from "../../src/lib/referral";

const mocks = vi.hoisted(() => ({
  signIn: vi.fn(),
  auth: { isLoading: false, isAuthenticated: false },
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: mocks.signIn, signOut: vi.fn() }) }));
vi.mock("convex/react", () => ({ useConvexAuth: () => mocks.auth }));
vi.mock("sonner", () => ({ toast: mocks.toast }));

function StateProbe({ name }: { name: string }) {
  const { state } = useLocation();
  return (
    <p>
      {name} {JSON.stringify(state)}
    </p>
  );
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

function renderAuth(entry: Entry, withCheckEmail = false) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        {["/auth", "/login", "/signup", "/business-auth"].map((path) => (
          <Route key={path} path={path} element={<AuthPage />} />
        ))}
        <Route path="/check-email" element={withCheckEmail ? <CheckEmailPage /> : <StateProbe name="Check email" />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/assets" element={<p>Assets page</p>} />
        <Route path="/auth/phone" element={<p>Phone page</p>} />
        <Route path="/forgot-password" element={<p>Forgot page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit(email: string, password: string, button: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: button }));
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.auth = { isLoading: false, isAuthenticated: false };
  mocks.signIn.mockResolvedValue({ signingIn: false });
});

describe("sign-in / sign-up screen", () => {
  it("opens in sign-in mode on /auth and /login, with links to phone sign-in and password reset", () => {
    renderAuth("/login");
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in with phone" })).toHaveAttribute("href", "/auth/phone");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  });

  it("opens in sign-up mode on /signup and switches modes", async () => {
    const user = userEvent.setup();
    renderAuth("/signup");
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
  });

  it("explains business accounts on /business-auth", () => {
    renderAuth("/business-auth");
    expect(screen.getByText("Business accounts.")).toBeInTheDocument();
  });

  it("validates sign-up input before calling the server", async () => {
    renderAuth("/signup");
    await submit("", "", "Create account");
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await submit("someone@", "abcde", "Create account");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("signs up with the captured referral and the from parameter, then shows /check-email", async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, "FRIEND42");
    renderAuth("/signup?from=tagging");
    await submit("New@Example.com", "secret123", "Create account");
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "signUp",
      email: "new@example.com",
      password: "secret123",
      from: "tagging",
      ref: "FRIEND42",
    });
    expect(screen.getByText(/^Check email/)).toHaveTextContent(
      'Check email {"email":"new@example.com","password":"secret123","from":"tagging","ref":"FRIEND42"}',
    );
  });

  it("signs up with from=email_verification and no ref by default", async () => {
    renderAuth("/signup");
    await submit("new@example.com", "secret123", "Create account");
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "signUp",
      email: "new@example.com",
      password: "secret123",
      from: "email_verification",
    });
  });

  it("signs up with from=tagging when sent here from /tag", async () => {
    renderAuth({ pathname: "/signup", state: { from: { pathname: "/tag", search: "", hash: "" } } });
    await submit("new@example.com", "secret123", "Create account");
    expect(mocks.signIn).toHaveBeenCalledWith("password", expect.objectContaining({ from: "tagging" }));
  });

  it("says when the email already has an account", async () => {
    mocks.signIn.mockRejectedValue(
      new ConvexError({ code: "INVALID", message: "An account with this email already exists. Please sign in." }),
    );
    renderAuth("/signup");
    await submit("member@example.com", "secret123", "Create account");
    expect(screen.getByRole("alert")).toHaveTextContent("An account with this email already exists. Please sign in.");
  });

  it("signs in and returns to the page that asked for it", async () => {
    mocks.signIn.mockResolvedValue({ signingIn: true });
    renderAuth({ pathname: "/auth", state: { from: { pathname: "/assets", search: "", hash: "" } } });
    await submit("member@example.com", "password123", "Sign in");
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "signIn",
      email: "member@example.com",
      password: "password123",
      from: "email_verification",
    });
    expect(screen.getByText("Assets page")).toBeInTheDocument();
  });

  it("signs in to the dashboard by default", async () => {
    mocks.signIn.mockResolvedValue({ signingIn: true });
    renderAuth("/auth");
    await submit("member@example.com", "password123", "Sign in");
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
  });

  it("sends an unverified account to /check-email", async () => {
    mocks.signIn.mockResolvedValue({ signingIn: false });
    renderAuth("/auth");
    await submit("new@example.com", "secret123", "Sign in");
    expect(screen.getByText(/^Check email/)).toBeInTheDocument();
  });

  it.each([
    ["InvalidSecret", new Error("[CONVEX A(auth:signIn)] Uncaught Error: InvalidSecret"), "Invalid email or password"],
    ["InvalidAccountId", new Error("Uncaught Error: InvalidAccountId"), "Invalid email or password"],
    ["a redacted server error", new Error("Server Error"), "Invalid email or password"],
    [
      "the rate limit",
      new ConvexError({ code: "RATE_LIMITED", message: "Too many requests. Please try again in 1 minute." }),
      "Too many requests. Please try again in 1 minute.",
    ],
    ["too many failed attempts", new Error("TooManyFailedAttempts"), "Too many failed attempts. Please try again later."],
  ])("maps %s to a clear message", async (_, error, message) => {
    mocks.signIn.mockRejectedValue(error);
    renderAuth("/auth");
    await submit("member@example.com", "wrong-password", "Sign in");
    expect(screen.getByRole("alert")).toHaveTextContent(message);
  });

  it("sends a signed-in visitor straight on", () => {
    mocks.auth = { isLoading: false, isAuthenticated: true };
    renderAuth("/auth");
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
  });
});

describe("check-email notice", () => {
  it("tells the new user what to do and resends with the password kept in memory", async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, "FRIEND42");
    renderAuth("/signup?from=tagging", true);
    await submit("new@example.com", "secret123", "Create account");
    expect(screen.getByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByText("new@example.com")).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();

    mocks.signIn.mockClear();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend email" }));
    });
    // The fresh link keeps where sign-up started and the referral.
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "signIn",
      email: "new@example.com",
      password: "secret123",
      from: "tagging",
      ref: "FRIEND42",
    });
    expect(mocks.toast.success).toHaveBeenCalledWith("Verification email sent again to new@example.com.");
  });

  it("without the sign-up details, points back to sign in for a new link", () => {
    render(
      <MemoryRouter initialEntries={["/check-email"]}>
        <CheckEmailPage />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("button", { name: "Resend email" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/auth");
  });
});
