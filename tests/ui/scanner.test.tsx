// The scan station's decisions (issue 27 item 5), with a fake camera and a decoder fed codes:
// check-in returns an item, a member's scan opens their item, a stranger's verifies, a sticker
// goes to the claim form, a location label opens the location, a code held in view counts once.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ScanStation } from "../../src/lib/scan/ScanStation";
import type { ScanMode } from "../../src/lib/scan/scanSteps";
import type { FrameSource } from "../../src/ui/camera";
import { fake, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const label = (serial: string) => `https://tagmything.example/verify/${serial}`;
const DRILL = { kind: "asset", assetId: "a_drill", workspaceId: "ws_personal", serial: "TMT-DRLL-2345", name: "Drill", status: "active", out: true, canEdit: true };
const LADDER = { ...DRILL, assetId: "a_ladder", serial: "TMT-LDDR-2345", name: "Ladder", out: false };
const STICKER = "TMT-AAAAAA-BBBBBB-CCCCCC";
const answers: Record<string, unknown> = {
  [label(DRILL.serial)]: DRILL,
  [label(LADDER.serial)]: LADDER,
  [label("TMT-STRN-2345")]: { kind: "verify", serial: "TMT-STRN-2345" },
  [label(STICKER)]: { kind: "sticker", code: STICKER },
  // Typed by hand (the server reads it as the printed serial: scan.test.ts).
  "tmt drll 2345": DRILL,
  "https://tagmything.example/locations/l1?w=ws_personal": { kind: "location", locationId: "l1", workspaceId: "ws_personal", path: "Garage / Shelf 2" },
};

/** A camera whose frames are nothing, and a decoder that reads the next queued code from each. */
function fakeCamera(open: FrameSource["open"] = async () => {}) {
  const queue: string[][] = [];
  const source: FrameSource = { open, grab: () => ({}) as ImageData, close: () => {} };
  const loadDecoder = async () => ({ detect: async () => queue.shift() ?? [] });
  return { source, loadDecoder, show: (...codes: string[]) => queue.push(...codes.map((c) => [c])) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function station(mode: ScanMode, camera = fakeCamera()) {
  render(
    <MemoryRouter initialEntries={["/scan"]}>
      <Routes>
        <Route path="/scan" element={<ScanStation mode={mode} source={camera.source} loadDecoder={camera.loadDecoder} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
  await screen.findByRole("button", { name: "Stop camera" });
  return camera;
}

const lookups = () => fake.clientQuery.mock.calls.map((call) => (call[1] as { code: string }).code);

beforeEach(() => {
  resetFakes();
  signedIn();
  fake.clientQuery.mockImplementation(async (_ref: unknown, args: unknown) => answers[(args as { code: string }).code] ?? { kind: "unknown" });
});

describe("scanning", () => {
  it("in check-in mode an item out on loan comes back and is announced; one that is in is a miss", async () => {
    const camera = await station("checkIn");
    camera.show(label(DRILL.serial));
    await waitFor(() => expect(screen.getByTestId("scan-result")).toHaveTextContent("Checked in: Drill"));
    expect(screen.getByTestId("scan-result")).toHaveAttribute("aria-live", "polite");
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_personal", assetIds: ["a_drill"] });
    camera.show(label(LADDER.serial));
    await waitFor(() => expect(screen.getByTestId("scan-result")).toHaveTextContent("Ladder is not checked out"));
    expect(fake.mutation).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["a member's own item opens in its workspace", label(LADDER.serial), "/assets/a_ladder?w=ws_personal"],
    ["a stranger's serial opens /verify", label("TMT-STRN-2345"), "/verify/TMT-STRN-2345"],
    ["a location label opens the location", "https://tagmything.example/locations/l1?w=ws_personal", "/locations/l1?w=ws_personal"],
    ["a claimable sticker opens the tag form to claim it", label(STICKER), `/tag?claim=${STICKER}`],
  ])("looking up: %s", async (_name, code, path) => {
    fake.mutation.mockResolvedValue("unclaimed" as never);
    const camera = await station("open");
    camera.show(code);
    expect((await screen.findByTestId("where")).textContent).toBe(path);
  });

  it("a code held in view counts once; after another code it counts again", async () => {
    const camera = await station("checkIn");
    const a = label(LADDER.serial);
    const b = "not a tag";
    camera.show(a, a, a, b, a);
    await waitFor(() => expect(lookups()).toEqual([a, b, a]));
    expect(screen.getByTestId("scan-result")).toHaveTextContent("Ladder is not checked out");
    expect(screen.getByRole("list")).toHaveTextContent("Not a TagMyThing code");
  });

  it("a refused camera says so, and a typed code does what a scan would", async () => {
    const refused = fakeCamera(async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    });
    render(
      <MemoryRouter initialEntries={["/scan"]}>
        <Routes>
          <Route path="/scan" element={<ScanStation mode="checkIn" source={refused.source} loadDecoder={refused.loadDecoder} />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Camera access was refused");
    await userEvent.type(screen.getByLabelText("Or type a code"), "tmt drll 2345");
    await userEvent.click(screen.getByRole("button", { name: "Look up" }));
    await waitFor(() => expect(screen.getByTestId("scan-result")).toHaveTextContent("Checked in: Drill"));
  });
});
