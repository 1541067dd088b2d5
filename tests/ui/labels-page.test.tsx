// /labels: the selection a list hands over (sessionStorage) or ?ids=, the server's answer
// per batch, and how many labels and pages the chosen stock needs.
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName, type FunctionReference } from "convex/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LabelsPage from "../../src/features/labels/LabelsPage";
import { saveLabelSelection } from "../../src/lib/labelSelection";
import { LabelPrintPanel } from "../../src/lib/labels/LabelPrintPanel";
import { MIN_NAME_PT } from "../../src/lib/labels/wrap";
import { resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
vi.mock("convex/react", async () => {
  const { convexReactModule } = await import("./app-support/fake-convex");
  return { ...convexReactModule, useQueries: (requests: Record<string, { query: FunctionReference<"query">; args: { ids: string[] } }>) => fakeQueries(requests) };
});

// The server's assets: the caller owns a1..a50; "theirs" is someone else's.
const owned = (id: string) => /^a\d+$/.test(id);
const askedBatches: string[][] = [];
function fakeQueries(requests: Record<string, { query: FunctionReference<"query">; args: { ids: string[] } }>) {
  return Object.fromEntries(
    Object.entries(requests).map(([key, { query, args }]) => {
      expect(getFunctionName(query)).toBe("labels:forAssets");
      askedBatches.push(args.ids);
      return [key, args.ids.filter(owned).map((id) => ({ _id: id, serial: `TMT-AAAA-${id.slice(1).padStart(4, "2")}`, name: `Item ${id}` }))];
    }),
  );
}

globalThis.ResizeObserver = class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/labels" element={<LabelsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn();
  sessionStorage.clear();
  localStorage.clear();
  askedBatches.length = 0;
});

describe("/labels", () => {
  it("prints the selection a list handed over, and says which items have no label", async () => {
    saveLabelSelection(["a1", "a2", "theirs", "a3"]);
    renderAt("/labels");
    expect(await screen.findByTestId("label-summary")).toHaveTextContent("3 labels · 1 page");
    expect(screen.getByRole("status")).toHaveTextContent("1 selected item is not in your assets any more");
    const preview = within(screen.getByTestId("label-preview"));
    expect(preview.getAllByTestId("label-serial").map((e) => e.textContent)).toEqual(["TMT-AAAA-2221", "TMT-AAAA-2222", "TMT-AAAA-2223"]);
  });

  it("asks the server in batches of 200 ids", async () => {
    saveLabelSelection(Array.from({ length: 450 }, (_, i) => `a${i}`));
    renderAt("/labels");
    await screen.findByTestId("label-summary");
    expect(askedBatches.map((b) => b.length).slice(0, 3)).toEqual([200, 200, 50]);
  });

  it("takes a few ids from the URL before any stored selection, and counts pages per stock", async () => {
    saveLabelSelection(["a9"]);
    renderAt("/labels?ids=a1,a2,a3,a4,a5");
    expect(await screen.findByTestId("label-summary")).toHaveTextContent("5 labels · 1 page");
    await userEvent.selectOptions(screen.getByLabelText("Label stock"), "roll-62mm");
    expect(screen.getByTestId("label-summary")).toHaveTextContent("5 labels · 5 pages");
    // Every page prints: 5 label-sized pages in the print container.
    expect(screen.getByTestId("label-print").querySelectorAll("[data-testid=label]")).toHaveLength(5);
  });

  it("starts at a chosen position on a partly used sheet: the positions before it stay blank", async () => {
    saveLabelSelection(Array.from({ length: 18 }, (_, i) => `a${i + 1}`));
    renderAt("/labels");
    expect(await screen.findByTestId("label-summary")).toHaveTextContent("18 labels · 1 page");
    // A4 3 × 7 (Avery L7160): position 5 is row 2, column 2.
    await userEvent.selectOptions(screen.getByLabelText("Start at label"), "5");
    expect(screen.getByTestId("label-summary")).toHaveTextContent("18 labels · 2 pages");
    const first = within(screen.getByTestId("label-preview")).getAllByTestId("label");
    expect(first).toHaveLength(17);
    expect(first[0].style.left).toBe(`${7.2 + 66}mm`);
    expect(first[0].style.top).toBe(`${15.15 + 38.1}mm`);
    expect(within(first[0]).getByTestId("label-serial")).toHaveTextContent("TMT-AAAA-2221");
    // Every label still prints, the 18th on the second sheet's first position.
    expect(screen.getByTestId("label-print").querySelectorAll("[data-testid=label]")).toHaveLength(18);
    // A roll has no sheet to start into.
    await userEvent.selectOptions(screen.getByLabelText("Label stock"), "roll-62mm");
    expect(screen.queryByLabelText("Start at label")).toBeNull();
  });

  it("opens on the stock this browser printed on last", async () => {
    renderAt("/labels?ids=a1,a2");
    await userEvent.selectOptions(await screen.findByLabelText("Label stock"), "label-4x6in");
    cleanup();
    renderAt("/labels?ids=a1,a2,a3");
    expect(await screen.findByTestId("label-summary")).toHaveTextContent("3 labels · 3 pages");
    expect(screen.getByLabelText("Label stock")).toHaveValue("label-4x6in");
  });

  it("says when nothing is selected", () => {
    renderAt("/labels");
    expect(screen.getByText("No items are selected for labels.")).toBeInTheDocument();
  });
});

describe("/labels with a large job", () => {
  beforeEach(() => {
    resetFakes();
    signedIn();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("builds the printable pages only when printing starts, then every label is there", async () => {
    saveLabelSelection(Array.from({ length: 400 }, (_, i) => `a${i + 1}`));
    renderAt("/labels");
    expect(await screen.findByTestId("label-summary")).toHaveTextContent("400 labels · 20 pages");
    expect(screen.queryByTestId("label-print")).toBeNull();
    window.dispatchEvent(new Event("beforeprint"));
    expect(screen.getByTestId("label-print").querySelectorAll("[data-testid=label]")).toHaveLength(400);
  });
});

describe("label names in the preview", () => {
  const label = (name: string, i: number) => ({ serial: `TMT-AAAA-222${i}`, name, caption: "Scan to verify", url: `https://x.example/verify/${i}` });
  const names = (count: number) => Array.from({ length: count }, (_, i) => `Word${i}`).join(" ");
  const nameOf = (element: HTMLElement) => Array.from(element.children).map((line) => line.textContent).join(" ");

  it("shrinks and wraps a long name, and ends one in … only past the smallest type, saying so", () => {
    render(<LabelPrintPanel labels={[label("Mug", 1), label(names(8), 2), label(names(60), 3)]} formatId="a4-3x7" onFormatChange={() => {}} fileName="labels" />);
    const [short, long, tooLong] = within(screen.getByTestId("label-preview")).getAllByTestId("label-name");
    const size = (element: HTMLElement) => parseFloat(element!.style.fontSize);
    expect(nameOf(short!)).toBe("Mug");
    // Smaller and wrapped, but whole.
    expect(size(long!)).toBeLessThan(size(short!));
    expect(long!.children.length).toBeGreaterThan(1);
    expect(nameOf(long!)).toBe(names(8));
    // Past the smallest type: shortened, and the preview says which.
    expect(size(tooLong!)).toBe(MIN_NAME_PT);
    expect(nameOf(tooLong!).endsWith("…")).toBe(true);
    expect(screen.getByTestId("label-shortened")).toHaveTextContent(`“${names(60)}” is too long for this stock even in the smallest type: it ends with “…”.`);
  });

  it("says nothing when every name fits and prints, whatever its script", () => {
    render(<LabelPrintPanel labels={[label("Mug", 1), label(names(8), 2), label("山田太郎の自転車 🚲", 3), label("Ковальский", 4), label("김민수", 5)]} formatId="a4-3x7" onFormatChange={() => {}} fileName="labels" />);
    expect(screen.queryByTestId("label-shortened")).toBeNull();
    expect(screen.queryByTestId("label-missing")).toBeNull();
  });

  it("names a character no font of the PDF has", () => {
    render(<LabelPrintPanel labels={[label("Mug 🚲", 1), label("Statue 𓀀", 2)]} formatId="a4-3x7" onFormatChange={() => {}} fileName="labels" />);
    expect(screen.getByTestId("label-missing")).toHaveTextContent("No font the PDF has prints “𓀀” (U+13000): it prints as “?”.");
  });
});
