// The asset lists' bulk actions: one server call per batch of BULK_BATCH ids, a toast that
// says what happened, a confirmation before deleting, and "Print labels" handing the
// selection to /labels through sessionStorage.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BULK_BATCH } from "../../convex/lib/assets/bulk";
import { AssetBulkActions } from "../../src/lib/AssetBulkActions";
import { BulkBar, useBulkRun } from "../../src/lib/BulkBar";
import { readLabelSelection } from "../../src/lib/labelSelection";
import { useSelection } from "../../src/lib/useSelection";

const mocks = vi.hoisted(() => ({
  mutation: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("convex/react", () => ({
  useMutation: () => mocks.mutation,
  useConvex: () => ({ query: vi.fn() }),
  // Signed in, in a personal workspace (the bulk calls carry it).
  useConvexAuth: () => ({ isAuthenticated: true, isLoading: false }),
  useQuery: () => WORKSPACES,
}));
const WORKSPACES = [{ _id: "ws_personal", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
vi.mock("sonner", () => ({ toast: mocks.toast }));

const IDS = Array.from({ length: 250 }, (_, i) => `asset_${i}`);

/** The first page's rows as shown when selected: active. */
const shownStatus = (id: string) => (IDS.indexOf(id) < 50 ? "active" : undefined);
/** What "select all matching" reads each row with: asset_120 was lost when the ids were read. */
const READ = new Map(IDS.map((id) => [id, id === "asset_120" ? "lost" : "active"]));

function Harness() {
  const selection = useSelection("all", shownStatus);
  const bulk = useBulkRun();
  const { setPage } = selection;
  // Once, on mount: the page shown is selected; the tests select every matching item from there.
  useEffect(() => setPage(IDS.slice(0, 50), true), []);
  return (
    <BulkBar selection={selection} total={IDS.length} pageIds={IDS.slice(0, 50)} bulk={bulk} matchingIds={async () => ({ ids: IDS, stamps: READ })}>
      <AssetBulkActions selection={selection} bulk={bulk} />
    </BulkBar>
  );
}

async function renderBar() {
  render(
    <MemoryRouter initialEntries={["/assets"]}>
      <Routes>
        <Route path="/assets" element={<Harness />} />
        <Route path="/labels" element={<p>Labels page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole("button", { name: "Select all 250 matching" }));
  await screen.findByText("250 items selected");
}

beforeEach(() => {
  mocks.mutation.mockReset().mockImplementation(async ({ ids }: { ids: string[] }) => ({ changed: ids.length - 1, skipped: 1, stale: [] }));
  mocks.toast.success.mockReset();
  mocks.toast.error.mockReset();
  sessionStorage.clear();
});

describe("asset bulk actions", () => {
  it("marks the selection lost in batches and says how many changed", async () => {
    await renderBar();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "New status" }), "lost");
    await userEvent.click(screen.getByRole("button", { name: "Set status" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalled());
    const calls = mocks.mutation.mock.calls.map(([args]) => args as { ids: string[]; status: string; workspaceId: string });
    expect(calls.map((c) => c.ids.length)).toEqual([BULK_BATCH, BULK_BATCH, 250 - 2 * BULK_BATCH]);
    expect(calls.flatMap((c) => c.ids)).toEqual(IDS);
    expect(calls.every((c) => c.status === "lost" && c.workspaceId === "ws_personal")).toBe(true);
    expect(mocks.toast.success).toHaveBeenCalledWith("Marked 247 items lost (3 items skipped: unchanged or not yours)");
  });

  it("sends the status each row showed when selected (or was read with by select all matching), and names the rows someone else changed since", async () => {
    mocks.mutation.mockImplementation(async ({ ids }: { ids: string[] }) =>
      ids.includes("asset_7")
        ? { changed: ids.length - 1, skipped: 1, stale: [{ _id: "asset_7", name: "Road bike", serial: "TMT-AAAA-BBBB", status: "stolen" }] }
        : { changed: ids.length, skipped: 0, stale: [] },
    );
    await renderBar();
    await userEvent.click(screen.getByRole("button", { name: "Set status" }));
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalled());
    const seen = mocks.mutation.mock.calls.map(([args]) => (args as { seen: Record<string, string> }).seen);
    // Every row carries a status, the ones off the page shown too: none can be overwritten unseen.
    expect(Object.assign({}, ...seen)).toEqual(Object.fromEntries(IDS.map((id) => [id, id === "asset_120" ? "lost" : "active"])));
    expect(mocks.toast.success).toHaveBeenCalledWith("Marked 249 items lost");
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "1 item not changed: someone else set their status since you selected them: Road bike (TMT-AAAA-BBBB, now Stolen). Check them and try again.",
    );
  });

  it("deletes only after the confirmation", async () => {
    await renderBar();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(mocks.mutation).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole("button", { name: "Delete 250 items" }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalledWith("Deleted 247 items (3 items skipped: unchanged or not yours)"));
    expect(screen.queryByRole("region", { name: "Selection" })).not.toBeInTheDocument();
  });

  it("hands the selection to /labels", async () => {
    await renderBar();
    await userEvent.click(screen.getByRole("button", { name: "Print labels" }));
    expect(await screen.findByText("Labels page")).toBeInTheDocument();
    expect(readLabelSelection()).toEqual(IDS);
  });
});
