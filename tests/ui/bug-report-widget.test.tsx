// The 'Report a Bug' widget: capture, validation, submission and reset.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { BugReportWidget } from "../../src/features/bugReports/BugReportWidget";
import { clearConsoleBuffer, recordConsoleEntry } from "../../src/lib/consoleBuffer";
import { replaceEnv, replaceGlobal, restoreReplaced } from "../support/replace-globals";

const SCREENSHOT = "data:image/jpeg;base64,/9j/4AAQ";
const SITE = "http://127.0.0.1:3211";

const mocks = vi.hoisted(() => ({
  auth: { isLoading: false, isAuthenticated: true },
  me: null as unknown,
  token: "header.payload.sig" as string | null,
  capture: vi.fn(),
  toast: { loading: vi.fn(), success: vi.fn(), error: vi.fn() },
}));
vi.mock("convex/react", () => ({ useConvexAuth: () => mocks.auth, useQuery: () => mocks.me }));
vi.mock("@convex-dev/auth/react", () => ({ useAuthToken: () => mocks.token }));
vi.mock("sonner", () => ({ toast: mocks.toast }));
vi.mock("../../src/features/bugReports/captureScreenshot", () => ({
  captureScreenshot: mocks.capture,
}));

const fetchMock = vi.fn();

beforeEach(() => {
  mocks.auth = { isLoading: false, isAuthenticated: true };
  mocks.me = { _id: "users_1", role: "influencer", fullName: "Mia Member", email: "member@example.com", phone: null };
  mocks.token = "header.payload.sig";
  mocks.capture.mockReset().mockResolvedValue(SCREENSHOT);
  Object.values(mocks.toast).forEach((fn) => fn.mockReset());
  fetchMock.mockReset().mockResolvedValue(new Response(JSON.stringify({ success: true, id: "r1" }), { status: 200 }));
  replaceGlobal("fetch", fetchMock);
  replaceEnv("VITE_CONVEX_SITE_URL", SITE);
  clearConsoleBuffer();
  window.history.replaceState(null, "", "/wallet?token=abc&tab=1");
});
afterEach(() => {
  restoreReplaced();
});

function renderWidget() {
  return render(
    <MemoryRouter>
      <BugReportWidget />
    </MemoryRouter>,
  );
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Report a Bug" }));
  return await screen.findByRole("dialog");
}

describe("bug report widget", () => {
  test("is not shown to visitors", () => {
    mocks.auth = { isLoading: false, isAuthenticated: false };
    mocks.me = undefined;
    renderWidget();
    expect(screen.queryByRole("button", { name: "Report a Bug" })).toBeNull();
  });

  test("opening captures a screenshot and shows preview, console entries and context", async () => {
    for (let i = 1; i <= 15; i++) recordConsoleEntry("error", [`error ${i}`]);
    const user = userEvent.setup();
    renderWidget();
    expect(screen.getByRole("button", { name: "Report a Bug" })).toHaveAttribute("title", "Report a Bug");
    const dialog = await openModal(user);
    expect(mocks.toast.loading).toHaveBeenCalledWith("Capturing screenshot...", expect.anything());
    expect(mocks.toast.success).toHaveBeenCalledWith("Screenshot captured!", expect.anything());
    expect(within(dialog).getByAltText("Screenshot of the page")).toHaveAttribute("src", SCREENSHOT);
    const consoleList = within(within(dialog).getByRole("region", { name: "Console entries" })).getAllByRole("listitem");
    expect(consoleList).toHaveLength(10);
    expect(consoleList[0]).toHaveTextContent("error 6");
    expect(within(dialog).getByText("Showing 10 of 15 entries")).toBeInTheDocument();
    const context = within(dialog).getByRole("region", { name: "Context" });
    expect(context).toHaveTextContent("Mia Member");
    expect(context).toHaveTextContent("member@example.com");
    expect(context).toHaveTextContent("/wallet");
    expect(within(dialog).getByText(/Privacy:/)).toBeInTheDocument();
  });

  test("the modal opens before the screenshot is ready, focused on the description, and left out of the capture", async () => {
    let finish: (image: string) => void = () => {};
    mocks.capture.mockReturnValue(new Promise<string>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    expect(dialog).toHaveAttribute("data-bug-report-ignore");
    expect(within(dialog).getByText("Capturing screenshot...")).toBeInTheDocument();
    expect(mocks.toast.loading).toHaveBeenCalledWith("Capturing screenshot...", expect.anything());
    expect(mocks.toast.success).not.toHaveBeenCalled();
    const description = within(dialog).getByLabelText("What went wrong?");
    expect(description).toHaveFocus();
    await user.keyboard("Typed while capturing");
    expect(description).toHaveValue("Typed while capturing");
    await act(async () => finish(SCREENSHOT));
    expect(within(dialog).getByAltText("Screenshot of the page")).toHaveAttribute("src", SCREENSHOT);
    expect(mocks.toast.success).toHaveBeenCalledWith("Screenshot captured!", expect.anything());
    expect(description).toHaveValue("Typed while capturing");
  });

  test("after a failed capture, Try again captures again in the open modal", async () => {
    mocks.capture.mockRejectedValueOnce(new Error("tainted canvas"));
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    await user.click(await within(dialog).findByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByAltText("Screenshot of the page")).toHaveAttribute("src", SCREENSHOT);
    expect(mocks.capture).toHaveBeenCalledTimes(2);
  });

  test("submit stays disabled without a description, and says so", async () => {
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    const submit = within(dialog).getByRole("button", { name: "Submit Bug Report" });
    expect(submit).toBeDisabled();
    const description = within(dialog).getByLabelText("What went wrong?");
    await user.type(description, "   ");
    await user.tab();
    expect(within(dialog).getByText("Please describe the issue")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(description, "It broke");
    expect(submit).toBeEnabled();
  });

  test("a failed capture toasts, and the report cannot be sent without a screenshot", async () => {
    mocks.capture.mockRejectedValue(new Error("tainted canvas"));
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    expect(mocks.toast.error).toHaveBeenCalledWith("Failed to capture screenshot", expect.anything());
    expect(within(dialog).getByText("Screenshot is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("What went wrong?"), "It broke");
    expect(within(dialog).getByRole("button", { name: "Submit Bug Report" })).toBeDisabled();
  });

  test("without a session token it refuses with 'No valid session'", async () => {
    mocks.token = null;
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText("What went wrong?"), "It broke");
    await user.click(within(dialog).getByRole("button", { name: "Submit Bug Report" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("No valid session");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("sends the payload with the bearer token, toasts success, closes and resets", async () => {
    recordConsoleEntry("warn", ["slow"]);
    const user = userEvent.setup();
    renderWidget();
    let dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText("What went wrong?"), "  Balance shows 0  ");
    await user.click(within(dialog).getByRole("button", { name: "Submit Bug Report" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mocks.toast.success).toHaveBeenCalledWith(
      "Bug report submitted successfully! Thank you for helping us improve TagMyThing.",
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${SITE}/submit-bug-report`);
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer header.payload.sig");
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({
      errorMessage: "Balance shows 0",
      screenshotBase64: SCREENSHOT,
      consoleLogs: [expect.objectContaining({ level: "warn", message: "slow" })],
      pageUrl: "http://localhost:3000/wallet?token=[REDACTED]&tab=1",
      metadata: { userId: "users_1", userRole: "influencer", viewport: { width: expect.any(Number), height: expect.any(Number) } },
    });
    expect(typeof body.userAgent).toBe("string");
    expect(typeof body.metadata.timestamp).toBe("string");

    dialog = await openModal(user);
    expect(within(dialog).getByLabelText("What went wrong?")).toHaveValue("");
    expect(mocks.capture).toHaveBeenCalledTimes(2);
  });

  test("shows the server's error text, or the fixed fallback message when there is none", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: "Too many" }), { status: 429 }));
    fetchMock.mockRejectedValueOnce(new TypeError("network down"));
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText("What went wrong?"), "It broke");
    const submit = within(dialog).getByRole("button", { name: "Submit Bug Report" });
    await user.click(submit);
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Too many"));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Failed to submit bug report"));
    // A failure keeps what the user wrote.
    expect(within(dialog).getByLabelText("What went wrong?")).toHaveValue("It broke");
    await act(async () => {});
  });

  test("a report sent from a beneficiary's /legacy/<token> page carries the token nowhere: URL, context, console or description", async () => {
    const token = "Zq8vT3kLm0pW5xR2yB7nC4dF6gH1jK9s.aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gH3jK5mN7pQ9s";
    window.history.replaceState(null, "", `/legacy/${token}/k57asset`);
    recordConsoleEntry("error", [`Failed to load /legacy/${token}/k57asset`]);
    const user = userEvent.setup();
    renderWidget();
    const dialog = await openModal(user);
    const context = within(dialog).getByRole("region", { name: "Context" });
    expect(context).toHaveTextContent("/legacy/[REDACTED]/k57asset");
    expect(dialog).not.toHaveTextContent(token);
    await user.click(within(dialog).getByLabelText("What went wrong?"));
    await user.paste(`The link ${window.location.href} shows nothing`);
    await user.click(within(dialog).getByRole("button", { name: "Submit Bug Report" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const sent = init.body as string;
    expect(sent).not.toContain(token.slice(0, 12));
    expect(JSON.parse(sent)).toMatchObject({
      pageUrl: "http://localhost:3000/legacy/[REDACTED]/k57asset",
      errorMessage: "The link http://localhost:3000/legacy/[REDACTED]/k57asset shows nothing",
      consoleLogs: [expect.objectContaining({ message: "Failed to load /legacy/[REDACTED]/k57asset" })],
    });
  });
});
