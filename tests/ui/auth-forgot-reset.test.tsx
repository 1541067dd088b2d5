import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ForgotPasswordPage from "../../src/features/auth/ForgotPasswordPage";
import ResetPasswordPage from "../../src/features/auth/ResetPasswordPage";

const mocks = vi.hoisted(() => ({
  // The client's signed-in state, which arrives after signIn resolves (the token reaches the server).
  auth: { authenticated: false, listeners: new Set<() => void>() },
  signIn: vi.fn(),
  signOut: vi.fn(),
  useQuery: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock("@convex-dev/auth/react", () => ({
  useAuthActions: () => ({ signIn: mocks.signIn, signOut: mocks.signOut }),
}));
vi.mock("convex/react", async () => {
  const { useSyncExternalStore } = await import("react");
  const subscribe = (listener: () => void) => {
    mocks.auth.listeners.add(listener);
    return () => mocks.auth.listeners.delete(listener);
  };
  return {
    useQuery: (...args: unknown[]) => mocks.useQuery(...args),
    useConvexAuth: () => ({
      isLoading: false,
      isAuthenticated: useSyncExternalStore(subscribe, () => mocks.auth.authenticated),
    }),
  };
});

function setAuthenticated(value: boolean) {
  mocks.auth.authenticated = value;
  for (const listener of mocks.auth.listeners) listener();
}
vi.mock("sonner", () => ({ toast: mocks.toast }));

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth" element={<p>Sign-in page</p>} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  setAuthenticated(false);
  mocks.signIn.mockImplementation(async () => {
    setTimeout(() => act(() => setAuthenticated(true)), 20);
    return { signingIn: false };
  });
  mocks.signOut.mockResolvedValue(undefined);
  mocks.useQuery.mockReturnValue({ valid: true });
});

describe("forgot password", () => {
  it("shows the heading and a way back to /login", async () => {
    const user = userEvent.setup();
    renderAt("/forgot-password");
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Back to Login" }));
    expect(screen.getByText("Login page")).toBeInTheDocument();
  });

  it("requires an email", async () => {
    const user = userEvent.setup();
    renderAt("/forgot-password");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("requires a well-formed email", async () => {
    const user = userEvent.setup();
    renderAt("/forgot-password");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("shows 'Sending...' while the link is requested, then the success text", async () => {
    const user = userEvent.setup();
    let finish!: (value: { signingIn: boolean }) => void;
    mocks.signIn.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAt("/forgot-password");
    await user.type(screen.getByLabelText("Email"), " Member@Example.com ");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(mocks.signIn).toHaveBeenCalledWith("password", { flow: "reset", email: "member@example.com" });
    await act(async () => finish({ signingIn: false }));
    expect(screen.getByText("Check your email for the password reset link!")).toBeInTheDocument();
  });

  it("shows our own errors inline, such as the rate limit", async () => {
    const user = userEvent.setup();
    mocks.signIn.mockRejectedValue(
      new ConvexError({ code: "RATE_LIMITED", message: "Too many requests. Please try again in 1 minute." }),
    );
    renderAt("/forgot-password");
    await user.type(screen.getByLabelText("Email"), "member@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Too many requests. Please try again in 1 minute.");
    expect(screen.queryByText("Check your email for the password reset link!")).not.toBeInTheDocument();
  });

  it("does not reveal whether an address has an account", async () => {
    const user = userEvent.setup();
    mocks.signIn.mockRejectedValue(new Error("Uncaught Error: InvalidAccountId"));
    renderAt("/forgot-password");
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByText("Check your email for the password reset link!")).toBeInTheDocument();
  });
});

const RESET_URL = "/reset-password?token=tok123&type=recovery&email=member%40example.com";

async function fillAndSubmit(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("New Password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm Password"), { target: { value: confirm } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Update Password" }));
  });
}

describe("reset password", () => {
  it.each([
    ["without a token", "/reset-password?type=recovery&email=member%40example.com"],
    ["with a type other than recovery", "/reset-password?token=tok123&type=signup&email=member%40example.com"],
  ])("sends a link %s back to /forgot-password with a toast", (_, url) => {
    renderAt(url);
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "Invalid reset link. Please try requesting a new password reset.",
      expect.anything(),
    );
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
  });

  it("shows 'Verifying reset link...' while the link is checked", () => {
    mocks.useQuery.mockReturnValue(undefined);
    renderAt(RESET_URL);
    expect(screen.getByRole("status")).toHaveTextContent("Verifying reset link...");
    expect(mocks.useQuery).toHaveBeenCalledWith(expect.anything(), { email: "member@example.com", token: "tok123" });
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
  });

  it("confirms a good link with a toast and shows the form", () => {
    renderAt(RESET_URL);
    expect(mocks.toast.success).toHaveBeenCalledWith(
      "Reset link verified! Please enter your new password.",
      expect.anything(),
    );
    expect(screen.getByLabelText("New Password")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm Password")).toBeInTheDocument();
  });

  it("refuses passwords that do not match", async () => {
    renderAt(RESET_URL);
    await fillAndSubmit("secret123", "secret124");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(mocks.toast.error).toHaveBeenCalledWith("Passwords do not match");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("refuses a password shorter than 6 characters", async () => {
    renderAt(RESET_URL);
    await fillAndSubmit("abc", "abc");
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(mocks.toast.error).toHaveBeenCalledWith("Password must be at least 6 characters");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("says so when the link is invalid or expired, and refuses the form", async () => {
    mocks.useQuery.mockReturnValue({ valid: false });
    renderAt(RESET_URL);
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "Invalid or expired reset link. Please request a new one.",
      expect.anything(),
    );
    await fillAndSubmit("secret123", "secret123");
    expect(screen.getByText("Invalid reset session. Please request a new password reset.")).toBeInTheDocument();
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Invalid reset session. Please request a new password reset.");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("updates the password, signs out and returns to /auth", async () => {
    let authenticatedAtSignOut: boolean | null = null;
    mocks.signOut.mockImplementation(async () => {
      authenticatedAtSignOut = mocks.auth.authenticated;
    });
    renderAt(RESET_URL);
    expect(screen.getByRole("button", { name: "Update Password" })).toBeEnabled();
    await fillAndSubmit("newSecret1", "newSecret1");
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "reset-verification",
      email: "member@example.com",
      code: "tok123",
      newPassword: "newSecret1",
    });
    await vi.waitFor(() => expect(mocks.signOut).toHaveBeenCalledTimes(1));
    // Signed out with the new session in hand, or the server would have nothing to end.
    expect(authenticatedAtSignOut).toBe(true);
    expect(mocks.toast.success).toHaveBeenLastCalledWith(
      "Password updated successfully! Please sign in with your new password.",
    );
    expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
  });

  it("accepts a link with only token and type=recovery: the server names the account", async () => {
    renderAt("/reset-password?token=tok123&type=recovery");
    expect(mocks.useQuery).toHaveBeenCalledWith(expect.anything(), { token: "tok123" });
    expect(mocks.toast.error).not.toHaveBeenCalled();
    await fillAndSubmit("newSecret1", "newSecret1");
    expect(mocks.signIn).toHaveBeenCalledWith("password", {
      flow: "reset-verification",
      code: "tok123",
      newPassword: "newSecret1",
    });
    expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
  });

  it("shows 'Updating...' while the password is saved", async () => {
    mocks.signIn.mockReturnValue(new Promise(() => {}));
    renderAt(RESET_URL);
    await fillAndSubmit("newSecret1", "newSecret1");
    expect(screen.getByRole("button", { name: "Updating..." })).toBeDisabled();
  });

  it("falls back to 'Failed to update password' when the update fails", async () => {
    mocks.signIn.mockRejectedValue(new Error("Server Error"));
    renderAt(RESET_URL);
    await fillAndSubmit("newSecret1", "newSecret1");
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Failed to update password");
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to update password");
    expect(mocks.signOut).not.toHaveBeenCalled();
  });

  it("shows the server's own message when it gives one", async () => {
    mocks.signIn.mockRejectedValue(
      new ConvexError({ code: "INVALID", message: "Password must be at least 6 characters" }),
    );
    renderAt(RESET_URL);
    await fillAndSubmit("newSecret1", "newSecret1");
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Password must be at least 6 characters");
  });
});
