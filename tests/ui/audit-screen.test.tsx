// The live audit screen (/audits/:id): a hardware scanner's typed code ticks its item and the
// result is read out, the field ready for the next; counts and filters; a viewer only follows;
// a finished audit's report (CSV rows, PDF) and its follow-ups behind a confirmation.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { PDFDocument } from "pdf-lib";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditItemView, AuditView } from "../../convex/lib/audits/tables";
import AuditPage from "../../src/features/audits/AuditPage";
import AuditsPage from "../../src/features/audits/AuditsPage";
import { renderAuditReportPdf } from "../../src/features/audits/reportPdf";
import { labelFonts } from "../support/fonts";
import { fake, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
const saved = vi.hoisted(() => ({ files: [] as { text: string; name: string }[] }));
vi.mock("../../src/lib/downloadFile", async (original) => ({
  ...(await original<typeof import("../../src/lib/downloadFile")>()),
  downloadText: (text: string, name: string) => saved.files.push({ text, name }),
}));

// The phone's camera: frames are nothing, the decoder reads the next queued code from each.
const camera = vi.hoisted(() => ({ codes: [] as string[][] }));
vi.mock("../../src/ui/camera", async (original) => ({
  ...(await original<typeof import("../../src/ui/camera")>()),
  cameraUnavailable: () => null,
  cameraSource: () => ({ open: async () => {}, grab: () => ({}) as ImageData, close: () => {} }),
}));
vi.mock("../../src/ui/scanDecoder", () => ({ loadScanDecoder: async () => ({ detect: async () => camera.codes.shift() ?? [] }) }));

const AT = Date.UTC(2026, 10, 26, 9, 30);
const household = (role: string) => [{ _id: "ws_home", name: "The Smiths", kind: "household", role, verifiedName: null }];

function audit(overrides: Partial<AuditView> = {}): AuditView {
  return {
    _id: "a1" as AuditView["_id"],
    name: "Shop / Back room",
    scope: { kind: "location", locationId: "l1" as never, path: "Shop / Back room" },
    status: "open",
    startedAt: AT,
    startedBy: "Edie Editor",
    endedAt: null,
    expected: 3,
    found: 1,
    moved: 0,
    unexpected: 1,
    onLoan: 0,
    markLost: null,
    moveIn: null,
    ...overrides,
  };
}

const row = (name: string, state: AuditItemView["state"], extra: Partial<AuditItemView> = {}): AuditItemView => ({
  _id: `r-${name}` as AuditItemView["_id"],
  assetId: `asset-${name}` as AuditItemView["assetId"],
  serial: `TMT-${name.slice(0, 4).toUpperCase().padEnd(4, "X")}-0000`,
  name,
  state,
  registeredAt: "Shop / Back room",
  foundAt: null,
  foundBy: null,
  resolved: null,
  ...extra,
});

function renderAudit(path = "/audits/a1") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/audits" element={<AuditsPage />} />
        <Route path="/audits/:auditId" element={<AuditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn();
  saved.files = [];
  fake.queries["workspaces:listMine"] = household("editor");
  fake.queries["audits:get"] = { audit: audit(), recent: [] };
  fake.queries["audits:items"] = [row("Drill", "pending"), row("Saw", "pending")];
});

describe("the audit screen", () => {
  it("ticks what a keyboard-wedge scanner types, reads the result out, and keeps the field ready for the next scan", async () => {
    renderAudit();
    const field = screen.getByLabelText("Scan or type a code");
    expect(field).toHaveFocus();
    fake.mutation.mockResolvedValueOnce({ outcome: "found", state: "found", name: "Drill", serial: "TMT-DRIL-0000", registeredAt: "Shop / Back room", by: null } as never);
    await userEvent.type(field, "tmt-dril-0000{Enter}");
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", auditId: "a1", code: "tmt-dril-0000" });
    // Said in a live region, so a screen reader reads each scan's result out.
    expect(await screen.findByText("Found: Drill")).toHaveAttribute("aria-live", "polite");
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();

    fake.mutation.mockResolvedValueOnce({ outcome: "already", state: "found", name: "Drill", serial: "TMT-DRIL-0000", registeredAt: null, by: "Olive Owner" } as never);
    await userEvent.type(field, "TMT-DRIL-0000{Enter}");
    expect(await screen.findByText("Already counted by Olive Owner: Drill")).toBeDefined();

    fake.mutation.mockRejectedValueOnce(new ConvexError({ code: "NOT_FOUND", message: "No item with this code in this workspace" }) as never);
    await userEvent.type(field, "TMT-NOPE-0000{Enter}");
    expect(await screen.findByText("No item with this code in this workspace")).toBeDefined();
  });

  it("ticks what the phone's camera reads, as a typed code does, each label once while it stays in view", async () => {
    renderAudit();
    await userEvent.click(screen.getByText("Scan with the camera"));
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    await screen.findByRole("button", { name: "Stop camera" });
    fake.mutation.mockResolvedValue({ outcome: "found", state: "found", name: "Saw", serial: "TMT-SAWX-0000", registeredAt: "Shop / Back room", by: null } as never);
    const label = "https://tagmything.example/verify/TMT-SAWX-0000";
    camera.codes.push([label], [label], [label]);
    expect(await screen.findByText("Found: Saw")).toHaveAttribute("aria-live", "polite");
    await vi.waitFor(() => expect(camera.codes).toHaveLength(0));
    expect(fake.mutation).toHaveBeenCalledTimes(1);
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", auditId: "a1", code: label });
    // The screen's own field stays the one place to type (no second code field).
    expect(screen.getAllByRole("textbox")).toHaveLength(1);
  });

  it("shows the counts live and filters the lists; a missing item can be ticked by hand", async () => {
    renderAudit();
    const progress = screen.getByLabelText("Progress");
    expect(within(progress).getByText("Missing").nextSibling).toHaveTextContent("2");
    expect(within(progress).getByText("Unexpected").nextSibling).toHaveTextContent("1");
    expect(screen.getByRole("button", { name: "Missing (2)" })).toHaveAttribute("aria-pressed", "true");
    const missing = screen.getByRole("list", { name: "Missing items" });
    expect(within(missing).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Drill"),
      expect.stringContaining("Saw"),
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Tick Saw as found" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", auditId: "a1", assetId: "asset-Saw" });
    fake.queries["audits:items"] = [row("Bike", "unexpected", { registeredAt: null, foundBy: "Edie Editor", foundAt: AT })];
    await userEvent.click(screen.getByRole("button", { name: "Unexpected (1)" }));
    expect(screen.getByRole("list", { name: "Unexpected items" })).toHaveTextContent("Scanned by Edie Editor");
  });

  it("lets a viewer follow the audit without scanning, finishing or cancelling", () => {
    fake.queries["workspaces:listMine"] = household("viewer");
    renderAudit();
    expect(screen.getByRole("heading", { level: 1, name: "Shop / Back room" })).toBeDefined();
    expect(screen.queryByLabelText("Scan or type a code")).toBeNull();
    expect(screen.queryByRole("button", { name: "Finish audit" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Tick/ })).toBeNull();
  });

  it("says so when the audit is not there (or not the caller's)", () => {
    fake.queries["audits:get"] = null;
    renderAudit();
    expect(screen.getByRole("heading", { name: "Audit not found" })).toBeDefined();
  });

  it("finishes only after a confirmation that says how many are missing", async () => {
    renderAudit();
    await userEvent.click(screen.getByRole("button", { name: "Finish audit" }));
    const dialog = screen.getByRole("dialog", { name: "Finish the audit?" });
    expect(dialog).toHaveTextContent("2 expected items have not been found");
    await userEvent.click(within(dialog).getByRole("button", { name: "Finish audit" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", auditId: "a1" });
  });

  it("a finished audit's CSV holds every row by result; marking the missing lost asks first", async () => {
    fake.queries["audits:get"] = { audit: audit({ status: "finished", endedAt: AT, moved: 1 }), recent: [] };
    const pages: Record<string, AuditItemView[]> = {
      pending: [row("Saw", "pending")],
      found: [row("Drill", "found", { foundBy: "Edie Editor", foundAt: AT })],
      moved: [row("Mower", "moved", { registeredAt: "Garage", foundBy: "Olive Owner", foundAt: AT })],
      unexpected: [],
    };
    fake.clientQuery.mockImplementation(async (_ref, args) => ({ page: pages[(args as { state: string }).state], isDone: true, continueCursor: "" }));
    renderAudit();
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await vi.waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0].name).toMatch(/^audit-shop-back-room-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved.files[0].text.split("\r\n")).toEqual([
      "Result,Name,Serial,Registered location,Scanned by,Scanned at (UTC),Follow-up",
      "Missing,Saw,TMT-SAWX-0000,Shop / Back room,,,",
      "Found,Drill,TMT-DRIL-0000,Shop / Back room,Edie Editor,2026-11-26 09:30,",
      "Moved,Mower,TMT-MOWE-0000,Garage,Olive Owner,2026-11-26 09:30,",
      "",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Mark 2 items lost" }));
    const dialog = screen.getByRole("dialog", { name: "Mark the missing items lost?" });
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark lost" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", auditId: "a1", action: "markLost" });
    expect(screen.getByRole("button", { name: "Move 2 items into Shop / Back room" })).toBeDefined();
  });
});

describe("the audits list", () => {
  it("shows each audit's progress; the start dialog checks the category before asking the server", async () => {
    fake.queries["audits:list"] = [audit(), audit({ _id: "a2" as AuditView["_id"], name: "Whole workspace", status: "finished", found: 3 })];
    renderAudit("/audits");
    const list = screen.getByRole("list", { name: "Audits" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringMatching(/Shop \/ Back room.*In progress.*1 of 3 found, 1 not on the list/),
      expect.stringMatching(/Whole workspace.*Finished.*3 of 3 found/),
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Start audit" }));
    const dialog = screen.getByRole("dialog", { name: "Start an audit" });
    await userEvent.click(within(dialog).getByRole("radio", { name: /A category/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Start audit" }));
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Category/), "Tools");
    fake.mutation.mockResolvedValueOnce("a3" as never);
    await userEvent.click(within(dialog).getByRole("button", { name: "Start audit" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_home", scope: { kind: "category", category: "Tools" } });
  });

  it("a viewer sees the audits but cannot start one", () => {
    fake.queries["workspaces:listMine"] = household("viewer");
    renderAudit("/audits");
    expect(screen.getByText(/No audits yet/)).toBeDefined();
    expect(screen.queryByRole("button", { name: "Start audit" })).toBeNull();
  });
});

it("the report's PDF names the audit and lists every result", async () => {
  const fonts = labelFonts();
  const rows = Array.from({ length: 120 }, (_, i) => row(`Item ${i} with a rather long name that will not fit its column`, i % 2 === 0 ? "found" : "pending"));
  const doc = await PDFDocument.load(await renderAuditReportPdf(audit({ status: "finished", expected: 120, found: 60 }), rows, fonts));
  expect(doc.getTitle()).toBe("Audit report: Shop / Back room");
  // 120 rows and four headings do not fit one A4 page.
  expect(doc.getPageCount()).toBeGreaterThan(1);
});
