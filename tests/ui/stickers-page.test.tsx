// /stickers: making a batch (count checked before the server is asked), the batch audit list
// (admins see who made each), a batch's sheet once all its codes exist.
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import StickersPage from "../../src/features/stickers/StickersPage";
import { BUSINESS_WORKSPACE, fake, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

globalThis.ResizeObserver = class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

const AT = Date.UTC(2025, 4, 14, 9, 30);
const codes = (n: number, claimed = 0) =>
  Array.from({ length: n }, (_, i) => ({ code: `TMT-AAAAAA-BBBBBB-${String(i).padStart(6, "2")}`, claimed: i < claimed }));

function renderAt(path = "/stickers") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/stickers" element={<StickersPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn();
  // Sticker sheets are a business workspace's.
  fake.queries["workspaces:listMine"] = [BUSINESS_WORKSPACE];
  fake.queries["stickers:batches"] = [];
});

describe("/stickers", () => {
  it("refuses a count outside 1..1,000 without asking the server, and sends a good one", async () => {
    fake.mutation.mockResolvedValue("batch1" as never);
    renderAt();
    const count = screen.getByLabelText("Number of stickers");
    await userEvent.clear(count);
    await userEvent.type(count, "1001");
    await userEvent.click(screen.getByRole("button", { name: "Create batch" }));
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.clear(count);
    await userEvent.type(count, "45");
    await userEvent.click(screen.getByRole("button", { name: "Create batch" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_business", count: 45 });
  });

  it("lists batches with how many are claimed; an admin sees who made someone else's", () => {
    fake.queries["stickers:batches"] = [
      { _id: "b1", createdAt: AT, count: 45, claimed: 3, creator: null },
      { _id: "b2", createdAt: AT, count: 10, claimed: 0, creator: "business@example.com" },
    ];
    renderAt();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("45");
    expect(rows[1]).toHaveTextContent("You");
    expect(rows[2]).toHaveTextContent("business@example.com");
    expect(screen.getAllByTestId("batch-claimed").map((c) => c.textContent)).toEqual(["3", "0"]);
  });

  it("waits for every code of a batch, then prints the unclaimed ones (or all)", async () => {
    fake.queries["stickers:batchCodes"] = { count: 30, codes: codes(10) };
    renderAt("/stickers?batch=b1");
    expect(screen.getByRole("status")).toHaveTextContent("Making codes: 10 of 30...");
    cleanup();
    fake.queries["stickers:batchCodes"] = { count: 30, codes: codes(30, 9) };
    renderAt("/stickers?batch=b1&format=letter-3x10");
    expect(screen.getByTestId("label-summary")).toHaveTextContent("21 labels · 1 page");
    await userEvent.click(screen.getByLabelText(/Only codes not claimed yet/));
    expect(screen.getByTestId("label-summary")).toHaveTextContent("30 labels · 1 page");
  });
});
