import { act, fireEvent, render, screen } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ProfilePage from "../../src/features/account/ProfilePage";
import SettingsPage from "../../src/features/account/SettingsPage";
import type { Profile } from "../../src/lib/profile";

const mocks = vi.hoisted(() => ({
  me: undefined as unknown,
  updateProfile: vi.fn(),
  changePassword: vi.fn(),
  signOut: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: vi.fn(), signOut: mocks.signOut }) }));
vi.mock("convex/react", () => ({
  // The delete-account card's queries: nothing scheduled.
  useQuery: (ref: unknown) => (getFunctionName(ref as never).startsWith("accountDeletion:") ? null : mocks.me),
  useMutation: () => mocks.updateProfile,
  useAction: () => mocks.changePassword,
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: true }),
  // 'My bug reports' on /profile (bug-report issue): an empty list.
  usePaginatedQuery: () => ({ results: [], status: "Exhausted", loadMore: vi.fn() }),
}));
vi.mock("sonner", () => ({ toast: mocks.toast }));

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: "users_1",
    email: "member@example.com",
    phone: null,
    fullName: "Mia Member",
    avatarUrl: null,
    role: "influencer",
    isBusinessUser: false,
    isAdminInfluencer: false,
    referralCode: "MIA12345",
    emailVerified: true,
    lastActiveAt: null,
    createdAt: Date.UTC(2025, 0, 15),
    ...overrides,
  } as Profile;
}

function renderAt(path: "/profile" | "/settings") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/" element={<p>Landing page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.me = profile();
  mocks.updateProfile.mockResolvedValue(null);
  mocks.changePassword.mockResolvedValue(null);
  mocks.signOut.mockResolvedValue(undefined);
});

describe("profile page", () => {
  it("waits for the profile with 'Loading profile...'", () => {
    mocks.me = undefined;
    renderAt("/profile");
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
  });

  it("shows the email and role read-only and the name for editing", () => {
    mocks.me = profile({ role: "moderator", isBusinessUser: true });
    renderAt("/profile");
    expect(screen.getByText("member@example.com")).toBeInTheDocument();
    expect(screen.getByText("Moderator")).toBeInTheDocument();
    expect(screen.getByText("Business")).toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toHaveValue("Mia Member");
  });

  it("shows the phone number for a phone account", () => {
    mocks.me = profile({ email: null, phone: "+447911123456" });
    renderAt("/profile");
    expect(screen.getByText("Phone")).toBeInTheDocument();
    expect(screen.getByText("+447911123456")).toBeInTheDocument();
  });

  it("refuses an avatar URL that is not http(s)", async () => {
    renderAt("/profile");
    fireEvent.change(screen.getByLabelText("Avatar URL"), { target: { value: "javascript:alert(1)" } });
    await click("Save changes");
    expect(screen.getByText("Avatar URL must start with http:// or https://")).toBeInTheDocument();
    expect(mocks.updateProfile).not.toHaveBeenCalled();
    expect(screen.queryByRole("img", { name: "Avatar preview" })).not.toBeInTheDocument();
  });

  it("previews the avatar and falls back to initials when it fails to load", () => {
    renderAt("/profile");
    fireEvent.change(screen.getByLabelText("Avatar URL"), { target: { value: "https://example.com/me.png" } });
    const img = screen.getByRole("img", { name: "Avatar preview" });
    expect(img).toHaveAttribute("src", "https://example.com/me.png");
    fireEvent.error(img);
    expect(screen.queryByRole("img", { name: "Avatar preview" })).not.toBeInTheDocument();
    expect(screen.getByText("MM")).toBeInTheDocument();
  });

  it("saves trimmed values and confirms with a toast", async () => {
    renderAt("/profile");
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "  Mia Maker " } });
    fireEvent.change(screen.getByLabelText("Avatar URL"), { target: { value: " https://example.com/me.png " } });
    await click("Save changes");
    expect(mocks.updateProfile).toHaveBeenCalledWith({ fullName: "Mia Maker", avatarUrl: "https://example.com/me.png" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Profile updated successfully");
  });

  it("shows the server's message when saving fails", async () => {
    mocks.updateProfile.mockRejectedValue(
      new ConvexError({ code: "INVALID", message: "Full name must be at most 100 characters" }),
    );
    renderAt("/profile");
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Mia M" } });
    await click("Save changes");
    expect(mocks.toast.error).toHaveBeenCalledWith("Full name must be at most 100 characters");
  });
});

async function changePassword(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirm } });
  await click("Update password");
}

describe("settings page", () => {
  it("checks the new password before calling the server", async () => {
    renderAt("/settings");
    await changePassword("", "abc", "abd");
    expect(screen.getByText("Please enter your current password")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveFocus();
    expect(mocks.changePassword).not.toHaveBeenCalled();
  });

  it("changes the password and clears the form", async () => {
    renderAt("/settings");
    await changePassword("password123", "newSecret1", "newSecret1");
    expect(mocks.changePassword).toHaveBeenCalledWith({ currentPassword: "password123", newPassword: "newSecret1" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Password changed successfully");
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("marks a wrong current password", async () => {
    mocks.changePassword.mockRejectedValue(new ConvexError({ code: "INVALID", message: "Current password is incorrect" }));
    renderAt("/settings");
    await changePassword("wrong-one", "newSecret1", "newSecret1");
    expect(screen.getByText("Current password is incorrect")).toBeInTheDocument();
    expect(mocks.toast.error).toHaveBeenCalledWith("Current password is incorrect");
  });

  it("has no password form for a phone account", () => {
    mocks.me = profile({ email: null, phone: "+447911123456" });
    renderAt("/settings");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(screen.getByText(/no password to change/)).toBeInTheDocument();
  });

  it("signs out, clears local and session storage even when sign-out fails, and goes to /", async () => {
    mocks.signOut.mockRejectedValue(new Error("offline"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem("something", "1");
    sessionStorage.setItem("else", "2");
    renderAt("/settings");
    await click("Sign Out");
    expect(mocks.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByText("Landing page")).toBeInTheDocument();
  });
});
