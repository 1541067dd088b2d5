// Marking stolen asks to confirm and takes when, where and the police report; found again is one
// click with Undo; /verify says "reported stolen on {date}".
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AssetDetail } from "../../convex/lib/assets/read";
import { StatusPanel } from "../../src/features/assets/StatusPanel";
import { StatusWarning } from "../../src/features/verify/StatusWarning";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const AT = Date.UTC(2025, 4, 14, 9, 30);
const base = {
  _id: "a1",
  serial: "TMT-ABCD-EFGH",
  kind: "general",
  name: "Road bike",
  visibility: "public",
  taggedAt: AT,
  updatedAt: AT,
} as unknown as AssetDetail;

function renderPanel(status: AssetDetail["status"]) {
  return render(
    <MemoryRouter>
      <StatusPanel asset={{ ...base, status }} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
  vi.mocked(toast.success).mockReset();
});

describe("marking stolen", () => {
  it("asks to confirm first, with when (today), where and an optional police report number", async () => {
    const user = userEvent.setup();
    renderPanel("active");
    await user.click(screen.getByRole("button", { name: "Mark as stolen" }));
    expect(fake.mutation).not.toHaveBeenCalled();
    const dialog = await screen.findByRole("dialog", { name: "Mark as stolen?" });
    expect(screen.getByLabelText(/When was it stolen/)).toHaveValue(new Date().toLocaleDateString("en-CA"));
    // Where is asked for; nothing is sent without it.
    await user.click(screen.getAllByRole("button", { name: "Mark as stolen" }).find((b) => dialog.contains(b))!);
    expect(await screen.findByText("Enter where it was stolen")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/When was it stolen/));
    await user.type(screen.getByLabelText(/When was it stolen/), "2026-01-05");
    await user.type(screen.getByLabelText(/Where was it stolen/), "  Mill Road, Cambridge ");
    await user.type(screen.getByLabelText(/Police report number/), "CB-2026-0042");
    await user.click(screen.getAllByRole("button", { name: "Mark as stolen" }).find((b) => dialog.contains(b))!);
    await waitFor(() =>
      expect(fake.mutation).toHaveBeenCalledWith(
        expect.objectContaining({
          assetId: "a1",
          status: "stolen",
          stolen: { stolenAt: new Date("2026-01-05T00:00").getTime(), place: "Mill Road, Cambridge", policeReport: "CB-2026-0042" },
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the owner when, where and the police report of the current report", () => {
    fake.queries["assets:stolenReport"] = { reportedAt: Date.UTC(2026, 0, 6, 12), stolenAt: Date.UTC(2026, 0, 5, 12), place: "Mill Road, Cambridge", policeReport: "CB-2026-0042" };
    renderPanel("stolen");
    const report = screen.getByTestId("stolen-report");
    expect(report).toHaveTextContent("Mill Road, Cambridge");
    expect(report).toHaveTextContent("CB-2026-0042");
    expect(report).toHaveTextContent(/5 January 2026|January 5, 2026/);
  });

  it("marks found again in one click, with an Undo that restores the stolen report", async () => {
    const user = userEvent.setup();
    const report = { reportedAt: Date.UTC(2026, 0, 6, 12), stolenAt: Date.UTC(2026, 0, 5, 12), place: "Mill Road, Cambridge", policeReport: null };
    fake.queries["assets:stolenReport"] = report;
    renderPanel("stolen");
    await user.click(screen.getByRole("button", { name: "Recovered: mark active" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ assetId: "a1", status: "active" })));
    const [, options] = vi.mocked(toast.success).mock.calls[0] as [string, { action: { label: string; onClick: () => void } }];
    expect(options.action.label).toBe("Undo");
    options.action.onClick();
    await waitFor(() =>
      expect(fake.mutation).toHaveBeenLastCalledWith(
        expect.objectContaining({ assetId: "a1", status: "stolen", stolen: { stolenAt: report.stolenAt, place: report.place } }),
      ),
    );
  });
});

describe("/verify of a stolen item", () => {
  it('says "reported stolen on {date}"', () => {
    render(<StatusWarning status="stolen" reportedStolenAt={Date.UTC(2026, 0, 6, 12)} />);
    expect(screen.getByTestId("reported-stolen")).toHaveTextContent(/^This item was reported stolen on (6 January 2026|January 6, 2026)\.$/);
  });
});
