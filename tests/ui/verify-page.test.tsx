import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { VerifyResult } from "../../convex/lib/verify/tables";
import VerifyPage from "../../src/features/verify/VerifyPage";
import { VERIFY_TEXT } from "../../src/features/verify/verifyText";
import { fake, resetFakes } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);

const SERIAL = "TMT-7K2Q-94XD";
const publicAsset: VerifyResult = {
  result: "public",
  serial: SERIAL,
  name: "Road bike",
  kind: "general",
  status: "active",
  facts: [],
  photoUrl: "https://files.example/bike.jpg",
  taggedAt: Date.UTC(2024, 0, 15),
  owner: "M** M*****",
  provenance: { owners: 1, periods: [{ from: Date.UTC(2024, 0, 15), to: null }] },
  isOwner: false,
};

function renderAt(serial: string, result?: VerifyResult) {
  fake.queries["verify:bySerial"] = result;
  return render(
    <MemoryRouter initialEntries={[`/verify/${serial}`]}>
      <Routes>
        <Route path="/verify/:serialNumber" element={<VerifyPage />} />
        <Route path="/verify" element={<VerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  fake.mutation.mockImplementation((async (args: { message?: string }) => (args?.message === undefined ? "alert1" : null)) as never);
});

describe("verify page", () => {
  it("says a malformed serial is not a serial, and asks nothing of the server", () => {
    renderAt("hello-world");
    expect(screen.getByRole("heading", { level: 1, name: VERIFY_TEXT.invalidTitle })).toBeInTheDocument();
    expect(screen.getByText("hello-world")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("reads a serial typed with spaces and in lower case as the printed one", () => {
    renderAt("tmt%20jfrf%2079yv", { result: "notFound", serial: "TMT-JFRF-79YV" });
    expect(screen.getByRole("heading", { level: 1, name: VERIFY_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText("TMT-JFRF-79YV")).toBeInTheDocument();
  });

  it("/verify alone asks for a serial, and sends one typed loosely to its printed form", async () => {
    const user = userEvent.setup();
    renderAt("", { result: "notFound", serial: "TMT-JFRF-79YV" });
    expect(screen.getByRole("heading", { level: 1, name: VERIFY_TEXT.lookupTitle })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Serial number/), "tmt jfrf 79yv");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { level: 1, name: VERIFY_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText("TMT-JFRF-79YV")).toBeInTheDocument();
  });

  it("shows a spinner while checking", () => {
    renderAt(SERIAL, undefined);
    expect(screen.getByText(VERIFY_TEXT.loading)).toBeInTheDocument();
  });

  it("shows a clear not-found page for an unknown serial", () => {
    renderAt(SERIAL, { result: "notFound", serial: SERIAL });
    expect(screen.getByRole("heading", { level: 1, name: VERIFY_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(SERIAL)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Report found" })).not.toBeInTheDocument();
  });

  it("shows a public asset: name, kind, photo, status, date, masked owner, provenance", async () => {
    renderAt(SERIAL.toLowerCase(), publicAsset);
    expect(screen.getByRole("heading", { level: 1, name: "Road bike" })).toBeInTheDocument();
    expect(screen.getByText("General")).toBeInTheDocument();
    expect(screen.getByTestId("asset-status")).toHaveTextContent("Active");
    expect(screen.getByRole("img", { name: "Road bike" })).toHaveAttribute("src", publicAsset.photoUrl);
    expect(screen.getByText("M** M*****")).toBeInTheDocument();
    expect(screen.getByText("1 owner since tagging")).toBeInTheDocument();
    expect(screen.queryByTestId("status-warning")).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Report found" })).toBeInTheDocument();
    // The visit is recorded once, with the normalised serial.
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ serial: SERIAL, visitorId: expect.any(String) }));
    expect(await screen.findByRole("button", { name: "Share my approximate area" })).toBeInTheDocument();
  });

  it("shows a fact that is an amount in the reader's locale", () => {
    Object.defineProperty(window.navigator, "languages", { value: ["de-DE"], configurable: true });
    try {
      renderAt(SERIAL, { ...publicAsset, facts: [{ label: "Brand", value: "Trek" }, { label: "Insured value", value: "€1,200.00", money: { amount: 120000, currency: "EUR" } }] });
      expect(screen.getByText("Insured value").nextSibling).toHaveTextContent("1.200,00 €");
      expect(screen.getByText("Trek")).toBeInTheDocument();
      expect(screen.queryByText(/EUR/)).toBeNull();
    } finally {
      Object.defineProperty(window.navigator, "languages", { value: ["en-GB"], configurable: true });
    }
  });

  it.each([
    ["stolen", VERIFY_TEXT.stolen],
    ["lost", VERIFY_TEXT.lost],
  ] as const)("warns clearly when the item is %s", (status, text) => {
    renderAt(SERIAL, { ...publicAsset, status });
    expect(screen.getByRole("alert")).toHaveTextContent(text);
  });

  it("shows only existence and status for a private asset, with its warning", () => {
    renderAt(SERIAL, { result: "private", serial: SERIAL, status: "stolen" });
    expect(screen.getByRole("heading", { level: 1, name: VERIFY_TEXT.privateTitle })).toBeInTheDocument();
    expect(screen.getByText(VERIFY_TEXT.privateBody)).toBeInTheDocument();
    expect(screen.getByTestId("asset-status")).toHaveTextContent("Stolen");
    expect(screen.getByRole("alert")).toHaveTextContent(VERIFY_TEXT.stolen);
    expect(screen.queryByText("Owner")).not.toBeInTheDocument();
  });

  it("tells the owner it is theirs and offers no report form", () => {
    renderAt(SERIAL, { ...publicAsset, isOwner: true });
    expect(screen.getByText(VERIFY_TEXT.ownAsset)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Report found" })).not.toBeInTheDocument();
  });

  it("lists provenance dates when the asset changed hands", () => {
    const periods = [
      { from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) },
      { from: Date.UTC(2024, 0, 1), to: null },
    ];
    renderAt(SERIAL, { ...publicAsset, provenance: { owners: 2, periods } });
    expect(screen.getByText("2 owners since tagging")).toBeInTheDocument();
    expect(screen.getByText(/Owner 2: .* – now/)).toBeInTheDocument();
  });
});

describe("report found form", () => {
  it("asks for a message before sending", async () => {
    renderAt(SERIAL, publicAsset);
    await userEvent.click(screen.getByRole("button", { name: "Send to owner" }));
    expect(screen.getByText("Please write a message for the owner")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalledWith(expect.objectContaining({ message: expect.anything() }));
  });

  it("sends the message and optional contact, then thanks the finder", async () => {
    renderAt(SERIAL, publicAsset);
    await userEvent.type(screen.getByLabelText("Message for the owner"), "Found it at the station");
    await userEvent.type(screen.getByLabelText("Your email or phone (optional)"), "finder@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send to owner" }));
    expect(await screen.findByText("Thank you! Your message has been sent to the owner.")).toBeInTheDocument();
    expect(fake.mutation).toHaveBeenCalledWith({
      serial: SERIAL,
      message: "Found it at the station",
      contact: "finder@example.com",
      visitorId: expect.any(String),
    });
  });

  it("shows the server's message when it refuses", async () => {
    renderAt(SERIAL, publicAsset);
    fake.mutation.mockImplementation((async (args: { message?: string }) => {
      if (args?.message === undefined) return null;
      throw Object.assign(new Error("limited"), {
        data: { code: "RATE_LIMITED", message: "Too many requests. Please try again in 1 minute." },
      });
    }) as never);
    await userEvent.type(screen.getByLabelText("Message for the owner"), "hello");
    await userEvent.click(screen.getByRole("button", { name: "Send to owner" }));
    expect(await screen.findByText("Too many requests. Please try again in 1 minute.")).toBeInTheDocument();
  });

  it("caps the message at 2000 characters", () => {
    renderAt(SERIAL, publicAsset);
    expect(screen.getByLabelText("Message for the owner")).toHaveAttribute("maxLength", "2000");
  });
});

describe("visit notice", () => {
  it("shares a coarse place only after the visitor asks, rounded to one decimal", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 51.50735, longitude: -0.12776 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    fake.mutation.mockImplementation((async (args: { alertId?: string; message?: string }) =>
      args?.alertId ? true : args?.message === undefined ? "alert1" : null) as never);
    renderAt(SERIAL, publicAsset);
    const share = await screen.findByRole("button", { name: "Share my approximate area" });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(share);
    expect(fake.mutation).toHaveBeenCalledWith({ alertId: "alert1", place: { lat: 51.5, lng: -0.1 } });
    expect(await screen.findByText("Thank you: your approximate area was shared with the owner.")).toBeInTheDocument();
  });

  it("appears below the report form, so its late arrival moves nothing on the page", async () => {
    renderAt(SERIAL, publicAsset);
    const form = screen.getByRole("region", { name: "Report found" });
    const notice = await screen.findByRole("complementary", { name: "Visit notice" });
    expect(form.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shares nothing when the browser refuses", async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1 } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    renderAt(SERIAL, publicAsset);
    await userEvent.click(await screen.findByRole("button", { name: "Share my approximate area" }));
    expect(await screen.findByText("Your location is not available, so nothing was shared.")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalledWith(expect.objectContaining({ place: expect.anything() }));
  });
});

describe("verify page: stickers", () => {
  const CODE = "TMT-ABCDEF-GHJKMN-PQRSTU";
  const answer = (state: string) =>
    fake.mutation.mockImplementation((async (args: { code?: string }) => (args?.code === undefined ? null : state)) as never);

  it("offers an unclaimed sticker to be claimed through the tag form; visitors are told they sign in first", async () => {
    answer("unclaimed");
    renderAt(CODE, { result: "notFound", serial: CODE });
    expect(await screen.findByRole("heading", { level: 1, name: VERIFY_TEXT.unclaimedTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: VERIFY_TEXT.claim })).toHaveAttribute("href", `/tag?claim=${CODE}`);
    expect(screen.getByText(VERIFY_TEXT.claimSignIn)).toBeInTheDocument();
    expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ code: CODE }));
    // Kept for a visitor who signs up on the way and comes back through the emailed link.
    await userEvent.click(screen.getByRole("link", { name: VERIFY_TEXT.claim }));
    expect(JSON.parse(localStorage.getItem("tmt.pendingClaim")!)).toMatchObject({ code: CODE });
    localStorage.clear();
  });

  it("a code nobody printed reads as any unknown serial", async () => {
    answer("unknown");
    renderAt(CODE, { result: "notFound", serial: CODE });
    expect(await screen.findByRole("heading", { level: 1, name: VERIFY_TEXT.notFoundTitle })).toBeInTheDocument();
  });

  it("says so when this browser has checked too many codes", async () => {
    answer("rateLimited");
    renderAt(CODE, { result: "notFound", serial: CODE });
    expect(await screen.findByText(VERIFY_TEXT.tooManyVisitorChecks)).toBeInTheDocument();
  });

  it("a claimed sticker verifies as any serial, and no check is spent", () => {
    renderAt(CODE, { ...publicAsset, serial: CODE });
    expect(screen.getByText("Road bike")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalledWith(expect.objectContaining({ code: CODE }));
  });
});
