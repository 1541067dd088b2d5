import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import PhoneSignInPage from "../../src/features/auth/PhoneSignInPage";

const mocks = vi.hoisted(() => ({
  signIn: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  applyOnSignup: vi.fn(async () => ({ success: true, defaultReferrerUsed: false })),
}));
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: mocks.signIn, signOut: vi.fn() }) }));
// Signed in as far as the referral step is concerned (the page itself ignores auth state).
vi.mock("convex/react", () => ({
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: true }),
  useMutation: () => mocks.applyOnSignup,
}));
vi.mock("sonner", () => ({ toast: mocks.toast }));

const PHONE = "+447911123456";

function renderPhone() {
  return render(
    <MemoryRouter initialEntries={["/auth/phone"]}>
      <Routes>
        <Route path="/auth/phone" element={<PhoneSignInPage />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/auth" element={<p>Email sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Sends the code for 791 112 3456 and lands on the code step. */
async function reachCodeStep() {
  fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "7911123456" } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  });
  expect(screen.getByRole("heading", { name: "Enter your code" })).toBeInTheDocument();
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value);

beforeEach(() => {
  vi.clearAllMocks();
  // Sending a code answers signingIn: false; a right code signs in.
  mocks.signIn.mockImplementation(async (_provider: string, params: { code?: string }) => ({
    signingIn: params.code !== undefined,
  }));
});
afterEach(() => vi.useRealTimers());

describe("phone sign-in: phone step", () => {
  it("offers every country, the spec's six first, with +44 selected", () => {
    renderPhone();
    const select = screen.getByLabelText("Country code") as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe("+44 UK");
    const options = within(select).getAllByRole("option").map((o) => o.textContent);
    expect(options.slice(0, 6)).toEqual(["+44 UK", "+1 US", "+237 CM", "+234 NG", "+33 FR", "+49 DE"]);
    expect(options.length).toBeGreaterThan(200);
    expect(options).toContain("+81 Japan");
    expect(options).toContain("+1 Canada");
  });

  it("finds a country by name or code and sends a number typed nationally there", async () => {
    const user = userEvent.setup();
    renderPhone();
    await user.type(screen.getByLabelText("Search countries"), "japan");
    const select = screen.getByLabelText("Country code") as HTMLSelectElement;
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["+81 Japan"]);
    expect(select.selectedOptions[0]!.textContent).toBe("+81 Japan");
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "090 1234 5678" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(mocks.signIn).toHaveBeenCalledWith("phone", { phone: "+819012345678" });
  });

  it("shows the number grouped with spaces as it is typed", async () => {
    const user = userEvent.setup();
    renderPhone();
    await user.type(screen.getByLabelText("Phone number"), "7911123456");
    expect(screen.getByLabelText("Phone number")).toHaveValue("791 112 3456");
  });

  it("refuses a number shorter than 10 digits without sending anything", async () => {
    renderPhone();
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "791 112 345" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(screen.getByText("Please enter a valid phone number")).toBeInTheDocument();
    expect(mocks.toast.error).toHaveBeenCalledWith("Please enter a valid phone number");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("sends the country code followed by the digits, then asks for the code", async () => {
    renderPhone();
    fireEvent.change(screen.getByLabelText("Country code"), { target: { value: "US" } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "(415) 555-0100" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(mocks.signIn).toHaveBeenCalledWith("phone", { phone: "+14155550100" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Verification code sent!");
    expect(screen.getByText("+1 415 555 0100")).toBeInTheDocument();
    expect(box(1)).toHaveFocus();
  });

  it.each([
    ["GB", "07911 123456", "+447911123456", "+44 7911 123456"],
    ["FR", "06 12 34 56 78", "+33612345678", "+33 6 12 34 56 78"],
    ["FR", "6 12 34 56 78", "+33612345678", "+33 6 12 34 56 78"],
    ["CM", "6 71 23 45 67", "+237671234567", "+237 6 71 23 45 67"],
  ])("parses a %s number typed as %s: sends %s", async (country, typed, sent, shown) => {
    renderPhone();
    fireEvent.change(screen.getByLabelText("Country code"), { target: { value: country } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: typed } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(mocks.signIn).toHaveBeenCalledWith("phone", { phone: sent });
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it("refuses a number that cannot exist in the chosen country", async () => {
    renderPhone();
    fireEvent.change(screen.getByLabelText("Country code"), { target: { value: "FR" } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "1234 5678 9012" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(mocks.toast.error).toHaveBeenCalledWith("Please enter a valid phone number");
    expect(mocks.signIn).not.toHaveBeenCalled();
  });

  it("reports a failed send with the fallback or the server's message", async () => {
    renderPhone();
    mocks.signIn.mockRejectedValueOnce(new Error("boom"));
    await reachCodeStepExpectingFailure();
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Failed to send verification code");

    mocks.signIn.mockRejectedValueOnce(
      new ConvexError({ code: "RATE_LIMITED", message: "Too many requests. Please try again in 1 minute." }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    });
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Too many requests. Please try again in 1 minute.");
    expect(screen.getByText("Too many requests. Please try again in 1 minute.")).toBeInTheDocument();
  });

  it("goes back to email login", async () => {
    const user = userEvent.setup();
    renderPhone();
    await user.click(screen.getByRole("link", { name: "Back to email login" }));
    expect(screen.getByText("Email sign-in page")).toBeInTheDocument();
  });
});

async function reachCodeStepExpectingFailure() {
  fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "7911123456" } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  });
  expect(screen.queryByLabelText("Digit 1 of 6")).not.toBeInTheDocument();
}

describe("phone sign-in: code step", () => {
  it("renders six numeric single-digit boxes", async () => {
    renderPhone();
    await reachCodeStep();
    for (let n = 1; n <= 6; n++) expect(box(n)).toHaveAttribute("inputmode", "numeric");
  });

  it("advances as digits are typed and submits by itself once all six are in", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    await user.keyboard("12345");
    expect(boxValues()).toEqual(["1", "2", "3", "4", "5", ""]);
    expect(box(6)).toHaveFocus();
    expect(mocks.signIn).toHaveBeenCalledTimes(1);
    await user.keyboard("6");
    expect(mocks.signIn).toHaveBeenLastCalledWith("phone", { phone: PHONE, code: "123456" });
    expect(mocks.toast.success).toHaveBeenLastCalledWith("Phone verified successfully!");
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
  });

  it("fills every box from a pasted code and submits it", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    await user.paste("654321");
    expect(mocks.signIn).toHaveBeenLastCalledWith("phone", { phone: PHONE, code: "654321" });
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
  });

  it("attributes a phone sign-up to the captured referral code, then goes on", async () => {
    const user = userEvent.setup();
    localStorage.setItem("tmt_referral_code", "FRIEND42");
    renderPhone();
    await reachCodeStep();
    await user.paste("654321");
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(mocks.applyOnSignup).toHaveBeenCalledWith({ referralCode: "FRIEND42", source: "phone_verification" });
    expect(localStorage.getItem("tmt_referral_code")).toBeNull();
  });

  it("still reaches the dashboard when the referral call fails", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mocks.applyOnSignup.mockRejectedValueOnce(new Error("offline"));
    localStorage.removeItem("tmt_referral_code");
    renderPhone();
    await reachCodeStep();
    await user.paste("654321");
    expect(await screen.findByText("Dashboard page")).toBeInTheDocument();
    expect(mocks.applyOnSignup).toHaveBeenCalledWith({ referralCode: "", source: "phone_verification" });
    warn.mockRestore();
  });

  it("moves back to the previous box on Backspace in an empty box", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    await user.keyboard("12");
    expect(box(3)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
    expect(boxValues()).toEqual(["1", "", "", "", "", ""]);
  });

  it("clears the boxes and refocuses the first after a wrong code", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    mocks.signIn.mockRejectedValueOnce(new Error("Could not verify code"));
    await user.paste("111111");
    expect(mocks.toast.error).toHaveBeenCalledWith("Invalid verification code");
    expect(boxValues()).toEqual(["", "", "", "", "", ""]);
    await waitFor(() => expect(box(1)).toHaveFocus());
    expect(screen.queryByText("Dashboard page")).not.toBeInTheDocument();
  });

  it("says 'No user returned after verification' when the code is taken but no session comes back", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    mocks.signIn.mockResolvedValueOnce({ signingIn: false });
    await user.paste("111111");
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("No user returned after verification"));
    expect(boxValues()).toEqual(["", "", "", "", "", ""]);
    expect(screen.queryByText("Dashboard page")).not.toBeInTheDocument();
  });

  it("after too many wrong codes shows the server's lock-out message, which says when to retry", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    const locked = "Too many failed attempts. Please try again in 12 minutes.";
    mocks.signIn.mockRejectedValueOnce(new ConvexError({ code: "RATE_LIMITED", message: locked }));
    await user.paste("123456");
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith(locked));
    expect(mocks.toast.error).not.toHaveBeenCalledWith("Invalid verification code");
  });

  it("returns to the phone step with the number kept", async () => {
    const user = userEvent.setup();
    renderPhone();
    await reachCodeStep();
    await user.click(screen.getByRole("button", { name: "Change phone number" }));
    expect(screen.getByLabelText("Phone number")).toHaveValue("791 112 3456");
  });
});

describe("phone sign-in: resend countdown", () => {
  it("enables resend after 60 seconds, and resending starts over", async () => {
    vi.useFakeTimers();
    renderPhone();
    await reachCodeStep();
    expect(screen.getByRole("button", { name: "Resend code in 60s" })).toBeDisabled();

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole("button", { name: "Resend code in 1s" })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1_000));
    const resend = screen.getByRole("button", { name: "Resend code" });
    expect(resend).toBeEnabled();

    fireEvent.change(box(1), { target: { value: "4" } });
    expect(box(1)).toHaveValue("4");
    await act(async () => {
      fireEvent.click(resend);
    });
    expect(mocks.signIn).toHaveBeenLastCalledWith("phone", { phone: PHONE });
    expect(mocks.signIn).toHaveBeenCalledTimes(2);
    expect(mocks.toast.success).toHaveBeenLastCalledWith("Verification code resent!");
    expect(screen.getByRole("button", { name: "Resend code in 60s" })).toBeDisabled();
    expect(boxValues()).toEqual(["", "", "", "", "", ""]);
    expect(box(1)).toHaveFocus();

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole("button", { name: "Resend code in 30s" })).toBeDisabled();
  });

  it("says so when the resend fails and keeps the button available", async () => {
    vi.useFakeTimers();
    renderPhone();
    await reachCodeStep();
    act(() => vi.advanceTimersByTime(60_000));
    mocks.signIn.mockRejectedValueOnce(new Error("boom"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    });
    expect(mocks.toast.error).toHaveBeenLastCalledWith("Failed to resend code");
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
  });
});
