// The CSV import panel: column mapping, every bad row listed, duplicates found before
// paying with skip or update, the price and the balance before the pay button (refused
// while short, with a top-up), live progress and cancel.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { checkCsv } from "../../convex/lib/csv/import";
import { CsvPreview } from "../../src/features/business/CsvPreview";
import { BUSINESS_WORKSPACE, fake, resetFakes, signedIn } from "./app-support/fake-convex";
import { MemoryRouter } from "react-router";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { ImportPanel } = await import("../../src/features/business/ImportPanel");

const HEADER = "name,sku,quantity,unit_cost,location,category,description";
const OFFER = { available: true, test: true, currency: "GBP", packs: [{ id: "tmt_1000", tmt: 1000, priceMinor: 1000 }, { id: "tmt_12000", tmt: 12000, priceMinor: 10000 }, { id: "tmt_60000", tmt: 60000, priceMinor: 45000 }] };

function csvFile(text: string, name = "stock.csv") {
  return new File([text], name, { type: "text/csv" });
}

async function choose(file: File) {
  fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
}

beforeEach(() => {
  resetFakes();
  signedIn();
  // Imports run in a business workspace (its owner here), paid from its wallet.
  fake.queries["workspaces:listMine"] = [BUSINESS_WORKSPACE];
  fake.queries["wallet:payer"] = { holder: "workspace", name: BUSINESS_WORKSPACE.name, balance: 100 };
  fake.queries["imports:current"] = null;
  // The duplicate check's one-shot reads (client.query) answer "none held" unless a test says otherwise.
  fake.clientQuery.mockResolvedValue([]);
  fake.queries["topUps:offer"] = OFFER;
});

describe("CSV preview", () => {
  test("lists every bad row by number with its problems, and offers them as a CSV of errors", async () => {
    const text = `${HEADER}\nMug,M1,3,2.50,Shop,Kitchen,\n,M2,x,,,,\nJug,J1,2,abc,,,`;
    const check = checkCsv(text);
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blobs.push(b as Blob);
      return "blob:errors";
    });
    render(<CsvPreview check={check} records={text.split("\n").map((l) => l.split(","))} fileName="stock.csv" />);
    expect(screen.getByTestId("csv-summary")).toHaveTextContent("1 valid row · 2 rows with errors · comma-separated");
    const errors = screen.getByRole("list", { name: "Row errors" });
    expect(errors).toHaveTextContent("Row 3: Quantity must be a whole number, 0 or more; Name is required");
    expect(errors).toHaveTextContent("Row 4: Unit cost must be an amount like 1234.50, £1,234.50 or 1234.50 GBP");
    expect(screen.getByText("The 2 rows with errors will be left out: the valid rows import. Download them, fix and import again.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Download rows with errors (CSV)" }));
    const csv = await blobs[0].text();
    expect(csv.split("\r\n")).toEqual([
      `row,errors,${HEADER}`,
      '3,"Quantity must be a whole number, 0 or more; Name is required",,M2,x,,,,',
      '4,"Unit cost must be an amount like 1234.50, £1,234.50 or 1234.50 GBP",Jug,J1,2,abc,,,',
      "",
    ]);
  });
});

describe("import panel", () => {
  test("a 50 MB file is refused before it is read", async () => {
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    const big = csvFile("name,sku,quantity\n");
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 });
    const text = vi.spyOn(big, "text");
    await choose(big);
    expect(await screen.findByRole("alert")).toHaveTextContent("This file is too large (50.0 MB). The limit is 5 MB.");
    expect(text).not.toHaveBeenCalled();
  });

  test("a file with its own headers is mapped by the user; a semicolon file is read", async () => {
    const user = userEvent.setup();
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    await choose(csvFile("Bezeichnung;Artikel;Menge\nTasse;T-1;4\n"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a column for Name, SKU, Quantity");
    await user.selectOptions(screen.getByLabelText("Name *"), "Bezeichnung");
    await user.selectOptions(screen.getByLabelText("SKU *"), "Artikel");
    await user.selectOptions(screen.getByLabelText("Quantity *"), "Menge");
    expect(await screen.findByTestId("csv-summary")).toHaveTextContent("1 valid row · semicolon-separated");
    expect(await screen.findByRole("button", { name: "Import and pay 5 TMT" })).toBeEnabled();
  });

  test("a file with a bad row imports the valid rows: the price is theirs, the bad one is left out", async () => {
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    await choose(csvFile(`${HEADER}\nMug,M1,3,,,,\nJug,J1,-1,,,,`));
    expect(await screen.findByText(/Row 3: Quantity must be a whole number/)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Import and pay 5 TMT" })).toBeEnabled();
  });

  test("a file with no valid row offers no import", async () => {
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    await choose(csvFile(`${HEADER}\nJug,J1,-1,,,,`));
    expect(await screen.findByText("No row is valid yet: fix the rows with errors and choose the file again.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Import and pay/ })).not.toBeInTheDocument();
  });

  test("duplicates are found before paying: skip prices only new items, update is free", async () => {
    const user = userEvent.setup();
    fake.clientQuery.mockResolvedValue(["M1"]);
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    const csv = `${HEADER}\nMug,M1,3,2.50,Shop,Kitchen,\nJug,J1,2,,Shop,Kitchen,\nJug again,J1,9,,,,`;
    await choose(csvFile(csv));
    const duplicates = await screen.findByTestId("duplicates");
    expect(duplicates).toHaveTextContent("1 SKU is already in your inventory (M1)");
    expect(duplicates).toHaveTextContent("1 SKU appears more than once in the file (J1 on rows 3, 4)");
    expect(screen.getByTestId("import-cost")).toHaveTextContent("5 TMT");
    await user.click(within(duplicates).getByLabelText(/Update existing/));
    expect(screen.getByLabelText("Cost")).toHaveTextContent("1 existing item updated (free)");
    expect(screen.getByTestId("import-cost")).toHaveTextContent("5 TMT");
    await user.click(screen.getByRole("button", { name: "Import and pay 5 TMT" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_business", fileName: "stock.csv", csv, mapping: { name: 0, sku: 1, quantity: 2, unit_cost: 3, location: 4, category: 5, description: 6 }, onDuplicate: "update", expectedCost: 5 }));
  });

  test("the import screen says the business's wallet pays, before anything is charged", async () => {
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    await choose(csvFile([HEADER, "Mug,M1,2,3.50,,,"].join("\n")));
    await screen.findByRole("button", { name: /Import and pay/ });
    expect(screen.getByTestId("paid-from")).toHaveTextContent("Paid from Mia's Shop's wallet (100 TMT)");
    expect(screen.getByLabelText("Cost")).toHaveTextContent("Wallet balance");
  });

  test("short of tokens, an editor is told only owners and admins top up the workspace's wallet", async () => {
    fake.queries["workspaces:listMine"] = [{ ...BUSINESS_WORKSPACE, role: "editor" }];
    fake.queries["wallet:payer"] = { holder: "workspace", name: BUSINESS_WORKSPACE.name, balance: 50 };
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    await choose(csvFile([HEADER, ...Array.from({ length: 300 }, (_, i) => `Item ${i},S-${i},1,,,,`)].join("\n")));
    expect(await screen.findByRole("button", { name: "Import and pay 900 TMT" })).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Only the workspace's owners and admins can top up its wallet.");
    expect(screen.queryByRole("button", { name: /^Buy / })).toBeNull();
  });

  test("the pay button is refused while the balance is short, with a top-up that covers it", async () => {
    const user = userEvent.setup();
    // The owner tops up the business's own wallet, which pays for the import.
    fake.queries["wallet:payer"] = { holder: "workspace", name: BUSINESS_WORKSPACE.name, balance: 50 };
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    const rows = Array.from({ length: 300 }, (_, i) => `Item ${i},S-${i},1,,,,`);
    await choose(csvFile([HEADER, ...rows].join("\n")));
    const pay = await screen.findByRole("button", { name: "Import and pay 900 TMT" });
    expect(pay).toBeDisabled();
    expect(screen.getByTestId("import-balance")).toHaveTextContent("50 TMT");
    expect(screen.getByRole("alert")).toHaveTextContent("Insufficient tokens: you need 850 TMT more.");
    fake.mutation.mockResolvedValueOnce({ kind: "paid", tmt: 1000 } as never);
    await user.click(screen.getByRole("button", { name: "Buy 1,000 TMT for £10.00" }));
    await user.click(screen.getByRole("button", { name: "Pay £10.00" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ packId: "tmt_1000", workspaceId: "ws_business" }));
  });

  test("a running import shows its live progress and can be cancelled", async () => {
    const user = userEvent.setup();
    fake.queries["imports:current"] = {
      _id: "importJobs_1", status: "running", fileName: "big.csv", total: 2000, done: 750, creates: 2000, updates: 0, skipped: 0,
      cost: 3300, kept: null, refunded: null, error: null, createdAt: 0, finishedAt: null,
    };
    render(<MemoryRouter><ImportPanel /></MemoryRouter>);
    const bar = screen.getByRole("progressbar", { name: "Importing" });
    expect(bar).toHaveAttribute("aria-valuenow", "38");
    expect(screen.getByText("750 of 2,000 rows")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel import" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: "ws_business", jobId: "importJobs_1" });
  });
});
