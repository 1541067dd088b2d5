// /settings account security panels (issue 10): sessions with logout scopes, TOTP enrolment.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SessionGate } from "../../src/features/account/security/SessionGate";
import { SessionGuard } from "../../src/features/account/security/SessionGuard";
import { SessionsPanel } from "../../src/features/account/security/SessionsPanel";
import { TwoFactorPanel } from "../../src/features/account/security/TwoFactorPanel";
import { describeDevice } from "../../src/features/account/security/securityFormat";
import { IGNORE_ATTRIBUTE } from "../../src/lib/notInScreenshots";

const mocks = vi.hoisted(() => ({
  queries: {} as Record<string, unknown>,
  calls: {} as Record<string, (...args: unknown[]) => Promise<unknown>>,
  signOut: vi.fn(),
  auth: { isLoading: false, isAuthenticated: true },
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
// useMutation / useAction: a caller that looks up mocks.calls[name] when called.
const fn = vi.hoisted(() => (ref: unknown) => async (...args: unknown[]) => {
  const name = (ref as { [key: symbol]: string })[Symbol.for("functionName")];
  mocks.calls[name] ??= vi.fn(async () => null);
  return await mocks.calls[name](...args);
});
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: vi.fn(), signOut: mocks.signOut }) }));
vi.mock("convex/react", () => ({
  useConvexAuth: () => mocks.auth,
  useQuery: (ref: unknown, args: unknown) => (args === "skip" ? undefined : mocks.queries[getFunctionName(ref as never)]),
  useMutation: fn,
  useAction: fn,
}));
vi.mock("sonner", () => ({ toast: mocks.toast }));
vi.mock("qrcode.react", () => ({ QRCodeSVG: ({ value }: { value: string }) => <svg data-testid="qr" data-value={value} /> }));

function renderAt(element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={["/settings"]}>
      <Routes>
        <Route path="/settings" element={element} />
        <Route path="/" element={<p>Landing page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
}

/** Typing that may submit the form by itself (the sixth digit of a code). */
async function typeCode(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

beforeEach(() => {
  vi.clearAllMocks();
  mocks.queries = {};
  mocks.calls = {};
  mocks.auth = { isLoading: false, isAuthenticated: true };
  mocks.signOut.mockResolvedValue(undefined);
});

describe("sessions panel", () => {
  beforeEach(() => {
    mocks.queries["sessions:list"] = [
      { _id: "s1", createdAt: 1, expiresAt: 2, current: true, userAgent: FIREFOX, timeZone: "Europe/London", lastSeenAt: 5 },
      { _id: "s2", createdAt: 1, expiresAt: 2, current: false, userAgent: null, timeZone: null, lastSeenAt: null },
    ];
  });

  it("shows each session's device and place, and ends another one by itself", async () => {
    renderAt(<SessionsPanel />);
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Firefox on Linux");
    expect(items[0]).toHaveTextContent("Around London");
    // This device is signed out with 'Sign out' below; the others one by one.
    expect(within(items[0]).queryByRole("button")).toBeNull();
    await act(async () => {
      fireEvent.click(within(items[1]).getByRole("button", { name: /^Sign out Unknown device/ }));
    });
    expect(mocks.calls["sessions:end"]).toHaveBeenCalledWith({ sessionId: "s2" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Signed out of Unknown device");
    expect(mocks.signOut).not.toHaveBeenCalled();
  });

  it("lists the sessions and marks this device", () => {
    renderAt(<SessionsPanel />);
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Firefox on Linux");
    expect(items[0]).toHaveTextContent("This device");
    expect(items[1]).toHaveTextContent("Unknown device");
  });

  it("signs out the other devices and stays", async () => {
    renderAt(<SessionsPanel />);
    await press("Sign out other devices");
    expect(mocks.calls["sessions:signOut"]).toHaveBeenCalledWith({ scope: "others" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Signed out of your other devices");
    expect(mocks.signOut).not.toHaveBeenCalled();
  });

  it("signs out everywhere: ends every session, clears storage and goes to /", async () => {
    localStorage.setItem("x", "1");
    renderAt(<SessionsPanel />);
    await press("Sign out of all devices");
    expect(mocks.calls["sessions:signOut"]).toHaveBeenCalledWith({ scope: "global" });
    expect(mocks.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(screen.getByText("Landing page")).toBeInTheDocument();
  });

  it("with no other session, 'Sign out other devices' is disabled", () => {
    mocks.queries["sessions:list"] = [
      { _id: "s1", createdAt: 1, expiresAt: 2, current: true, userAgent: null, lastSeenAt: null },
    ];
    renderAt(<SessionsPanel />);
    expect(screen.getByRole("button", { name: "Sign out other devices" })).toBeDisabled();
  });

  it("describes common browsers", () => {
    expect(describeDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")).toBe("Safari on iOS");
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36 Edg/120.0")).toBe("Edge on Windows");
  });
});

describe("session guard", () => {
  it("reports the browser once, and signs this device out live when its session ends elsewhere", async () => {
    vi.useFakeTimers();
    try {
      mocks.queries["sessions:current"] = true;
      const view = renderAt(<SessionGuard />);
      expect(mocks.calls["sessions:touch"]).toHaveBeenCalledWith({ userAgent: navigator.userAgent, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      mocks.queries["sessions:current"] = false;
      view.rerender(
        <MemoryRouter initialEntries={["/settings"]}>
          <Routes>
            <Route path="/settings" element={<SessionGuard />} />
            <Route path="/" element={<p>Landing page</p>} />
          </Routes>
        </MemoryRouter>,
      );
      expect(mocks.signOut).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(mocks.signOut).toHaveBeenCalledTimes(1);
      expect(mocks.toast.info).toHaveBeenCalledWith("You were signed out of this device.");
      expect(mocks.calls["sessions:touch"]).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("session gate", () => {
  it("shows the page while the session is live or loading, and never renders it once the session has ended", () => {
    const Page = vi.fn(() => <p>Settings page</p>);
    const view = render(<SessionGate><Page /></SessionGate>);
    expect(screen.getByText("Settings page")).toBeInTheDocument();
    mocks.queries["sessions:current"] = true;
    view.rerender(<SessionGate><Page /></SessionGate>);
    expect(screen.getByText("Settings page")).toBeInTheDocument();
    Page.mockClear();
    // Its guarded queries would fail now: the page is not rendered at all.
    mocks.queries["sessions:current"] = false;
    view.rerender(<SessionGate><Page /></SessionGate>);
    expect(screen.queryByText("Settings page")).toBeNull();
    expect(screen.getByText("Signing out...")).toBeInTheDocument();
    expect(Page).not.toHaveBeenCalled();
    // Signed out (the token cleared): the routes take over again.
    mocks.auth = { isLoading: false, isAuthenticated: false };
    view.rerender(<SessionGate><Page /></SessionGate>);
    expect(screen.getByText("Settings page")).toBeInTheDocument();
  });
});

describe("two-factor panel", () => {
  const off = { available: true, enabled: false, enabledAt: null, recoveryCodesLeft: 0 };

  it("enrols: QR code and key, a first code, then the recovery codes once", async () => {
    mocks.queries["twoFactor:status"] = off;
    renderAt(<TwoFactorPanel />);
    mocks.calls["twoFactor:start"] = vi.fn(async () => ({
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      uri: "otpauth://totp/TagMyThing%3Amia?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    }));
    mocks.calls["twoFactor:confirm"] = vi.fn(async () => ({ recoveryCodes: ["AAAAA-BBBBB", "CCCCC-DDDDD"] }));
    await press("Set up two-factor authentication");
    expect(screen.getByTestId("qr").getAttribute("data-value")).toContain("otpauth://totp/");
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP");
    await press("Verify and turn on");
    expect(screen.getByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    // The sixth digit submits, as the SMS code boxes do.
    await typeCode("Authentication code", "12345");
    expect(mocks.calls["twoFactor:confirm"]).not.toHaveBeenCalled();
    await typeCode("Authentication code", "123456");
    expect(mocks.calls["twoFactor:confirm"]).toHaveBeenCalledTimes(1);
    expect(mocks.calls["twoFactor:confirm"]).toHaveBeenCalledWith({ code: "123456" });
    expect(screen.getByRole("list", { name: "Recovery codes" })).toHaveTextContent("AAAAA-BBBBB");
    // They can be downloaded as a text file.
    const blobs: Blob[] = [];
    const names: string[] = [];
    const createUrl = vi.fn((blob: Blob) => (blobs.push(blob), "blob:codes"));
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await press("Download codes");
    expect(names).toEqual(["tagmything-recovery-codes.txt"]);
    expect(await blobs[0].text()).toMatch(/AAAAA-BBBBB\nCCCCC-DDDDD\n$/);
    click.mockRestore();
    mocks.queries["twoFactor:status"] = { ...off, enabled: true, enabledAt: 0, recoveryCodesLeft: 10 };
    await press("I have saved my codes");
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  });

  it("a bug report's screenshot leaves out the authenticator key, its QR code and the recovery codes", async () => {
    mocks.queries["twoFactor:status"] = off;
    renderAt(<TwoFactorPanel />);
    mocks.calls["twoFactor:start"] = vi.fn(async () => ({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: "otpauth://totp/TagMyThing%3Amia?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }));
    mocks.calls["twoFactor:confirm"] = vi.fn(async () => ({ recoveryCodes: ["AAAAA-BBBBB", "CCCCC-DDDDD"] }));
    await press("Set up two-factor authentication");
    const leftOut = (el: Element) => el.closest(`[${IGNORE_ATTRIBUTE}]`) !== null;
    expect(leftOut(screen.getByTestId("qr"))).toBe(true);
    expect(leftOut(screen.getByTestId("totp-secret"))).toBe(true);
    expect(leftOut(screen.getByText("Enter the 6-digit code the app shows."))).toBe(false);
    await typeCode("Authentication code", "123456");
    expect(leftOut(screen.getByRole("list", { name: "Recovery codes" }))).toBe(true);
  });

  it("turns off with a code and shows a wrong code's message", async () => {
    mocks.queries["twoFactor:status"] = { available: true, enabled: true, enabledAt: 0, recoveryCodesLeft: 7 };
    mocks.calls["twoFactor:disable"] = vi.fn(async () => {
      throw new ConvexError({ code: "INVALID", message: "Invalid authentication code" });
    });
    renderAt(<TwoFactorPanel />);
    expect(screen.getByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
    await typeCode("Authentication code", "000000");
    expect(screen.getByText("Invalid authentication code")).toBeInTheDocument();
  });

  it("makes new recovery codes with an authenticator code and shows them once", async () => {
    mocks.queries["twoFactor:status"] = { available: true, enabled: true, enabledAt: 0, recoveryCodesLeft: 2 };
    mocks.calls["twoFactor:regenerateRecoveryCodes"] = vi.fn(async (...args: unknown[]) => {
      const { code } = args[0] as { code: string };
      if (code !== "654321") throw new ConvexError({ code: "INVALID", message: "Invalid authentication code" });
      return { recoveryCodes: ["EEEEE-FFFFF", "GGGGG-HHHHH"] };
    });
    renderAt(<TwoFactorPanel />);
    // One code field at a time: the renewal form opens on request.
    expect(screen.queryByLabelText("Authenticator code")).not.toBeInTheDocument();
    await press("Get new recovery codes");
    await typeCode("Authenticator code", "111111");
    expect(screen.getByText("Invalid authentication code")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
    await typeCode("Authenticator code", "654321");
    expect(mocks.calls["twoFactor:regenerateRecoveryCodes"]).toHaveBeenLastCalledWith({ code: "654321" });
    expect(screen.getByRole("list", { name: "Recovery codes" })).toHaveTextContent("GGGGG-HHHHH");
    await press("I have saved my codes");
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  });

  it("phone accounts are told there is no password to protect", () => {
    mocks.queries["twoFactor:status"] = { ...off, available: false };
    renderAt(<TwoFactorPanel />);
    expect(screen.getByText(/sign in with a code sent to your phone/)).toBeInTheDocument();
  });
});
