// Account security on the sign-in screens (issue 10): the TOTP code step and the
// 'weak_password' reasons at sign-up and reset.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AuthPage from "../../src/features/auth/AuthPage";
import ResetPasswordPage from "../../src/features/auth/ResetPasswordPage";

const mocks = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: mocks.signIn, signOut: mocks.signOut }) }));
vi.mock("convex/react", () => ({
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: false }),
  useQuery: () => ({ valid: true }),
}));
vi.mock("sonner", () => ({ toast: mocks.toast }));

const MFA = new ConvexError({ code: "MFA_REQUIRED", message: "Enter the 6-digit code from your authenticator app" });
const weak = (reasons: string[]) => new ConvexError({ code: "WEAK_PASSWORD", message: reasons.join(". "), reasons });

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/signup" element={<AuthPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/check-email" element={<p>Check email page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Typing that may submit the form by itself (the sixth digit of a code). */
async function typeCode(label: string, value: string) {
  await act(async () => type(label, value));
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.signIn.mockResolvedValue({ signingIn: true });
  mocks.signOut.mockResolvedValue(undefined);
});

describe("two-factor code step at sign-in", () => {
  async function reachCodeStep() {
    mocks.signIn.mockRejectedValueOnce(MFA);
    renderAt("/auth");
    type("Email", "Mia@Example.com");
    type("Password", "secret123");
    await press("Sign in");
    expect(screen.getByRole("heading", { name: "Two-factor authentication" })).toBeInTheDocument();
  }

  it("asks for the code after the password and signs in with email, password and code: the sixth digit submits", async () => {
    await reachCodeStep();
    expect(screen.getByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    await typeCode("Authentication code", "123 45");
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    await typeCode("Authentication code", "123 456");
    expect(mocks.signIn).toHaveBeenCalledTimes(2);
    expect(mocks.signIn).toHaveBeenLastCalledWith("password", {
      flow: "signIn",
      email: "mia@example.com",
      password: "secret123",
      totp: "123456",
    });
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
  });

  it("shows a wrong code's message and stays; a recovery code can be used instead", async () => {
    await reachCodeStep();
    mocks.signIn.mockRejectedValueOnce(new ConvexError({ code: "INVALID", message: "Invalid authentication code" }));
    await typeCode("Authentication code", "000000");
    expect(screen.getByText("Invalid authentication code")).toBeInTheDocument();
    await press("Use a recovery code");
    type("Recovery code", "ABCDE-FGHJK");
    await press("Verify");
    expect(mocks.signIn).toHaveBeenLastCalledWith("password", expect.objectContaining({ recoveryCode: "ABCDE-FGHJK" }));
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
  });

  it("goes back to the password form", async () => {
    await reachCodeStep();
    await press("Back to sign in");
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
  });
});

describe("weak_password reasons", () => {
  it("sign-up lists every reason the server gave", async () => {
    mocks.signIn.mockRejectedValueOnce(weak(["This password is too common", "Password must not contain your email address"]));
    renderAt("/signup");
    type("Email", "mia@example.com");
    type("Password", "password123");
    await press("Create account");
    const list = screen.getByRole("list", { name: "Password problems" });
    expect(list).toHaveTextContent("This password is too common");
    expect(list).toHaveTextContent("Password must not contain your email address");
    expect(screen.getByText("Please choose a stronger password:")).toBeInTheDocument();
  });

  it("reset lists them too and does not sign out", async () => {
    mocks.signIn.mockRejectedValueOnce(weak(["This password is too common"]));
    renderAt("/reset-password?token=tok123&type=recovery&email=member%40example.com");
    type("New Password", "qwerty123");
    type("Confirm Password", "qwerty123");
    await press("Update Password");
    expect(screen.getByRole("list", { name: "Password problems" })).toHaveTextContent("This password is too common");
    expect(mocks.toast.error).toHaveBeenLastCalledWith("This password is too common");
    expect(mocks.signOut).not.toHaveBeenCalled();
  });
});
