// The CSV import panel: a preview listing each bad row, nothing imported while any
// row is bad, one confirmation of the total charge, and a 50 MB file refused at once.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { checkCsv } from "../../convex/lib/csv/import";
import { CsvPreview } from "../../src/features/business/CsvPreview";
import { fake, resetFakes } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { ImportPanel } = await import("../../src/features/business/ImportPanel");

const HEADER = "name,sku,quantity,unit_cost,location,category,description";

function csvFile(text: string, name = "stock.csv") {
  return new File([text], name, { type: "text/csv" });
}

async function choose(file: File) {
  fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
}

beforeEach(() => {
  resetFakes();
  fake.queries["business:currentImport"] = null;
});

describe("CSV preview", () => {
  test("lists every bad row by line with its problems", () => {
    const check = checkCsv(`${HEADER}\nMug,M1,3,2.50,Shop,Kitchen,\n,M2,x,,,,\nJug,J1,2,abc,,,`);
    render(<CsvPreview check={check} />);
    expect(screen.getByTestId("csv-summary")).toHaveTextContent("1 valid row · 2 rows with errors");
    const errors = screen.getByRole("list", { name: "Row errors" });
    expect(errors).toHaveTextContent("Line 3: Quantity must be a whole number, 0 or more; Name is required");
    expect(errors).toHaveTextContent("Line 4: Unit cost must be an amount like 12.50");
    expect(screen.getByText("Nothing will be imported until every row is valid.")).toBeInTheDocument();
  });

  test("a wrong header says which columns are missing and unknown", () => {
    render(<CsvPreview check={checkCsv("title,price\nMug,3")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Missing columns: name, sku, quantity. Unknown columns: title, price");
  });
});

describe("import panel", () => {
  test("a 50 MB file is refused before it is read", async () => {
    render(<ImportPanel />);
    const big = csvFile("name,sku,quantity\n");
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 });
    const text = vi.spyOn(big, "text");
    await choose(big);
    expect(await screen.findByRole("alert")).toHaveTextContent("This file is too large (50.0 MB). The limit is 5 MB.");
    expect(text).not.toHaveBeenCalled();
  });

  test("a file with a bad row offers no import", async () => {
    render(<ImportPanel />);
    await choose(csvFile(`${HEADER}\nMug,M1,3,,,,\nJug,J1,-1,,,,`));
    expect(await screen.findByText(/Line 3: Quantity must be a whole number/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  test("a valid file is imported after one confirmation of the total charge", async () => {
    const user = userEvent.setup();
    fake.mutation.mockResolvedValue({ imported: 2, charged: 10 } as never);
    render(<ImportPanel />);
    const csv = `${HEADER}\nMug,M1,3,2.50,Shop,Kitchen,\nJug,J1,2,,Shop,Kitchen,`;
    await choose(csvFile(csv));
    await user.click(await screen.findByRole("button", { name: "Import 2 items" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("Tagging 2 items costs 10 TMT (5 TMT each)");
    await user.click(screen.getByRole("button", { name: "Import and pay 10 TMT" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith({ csv, expectedCost: 10 }));
  });

  test("a short balance is toasted as 'Insufficient tokens' (spec section 8) and nothing is imported", async () => {
    const user = userEvent.setup();
    fake.mutation.mockRejectedValue(new ConvexError({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" }));
    render(<ImportPanel />);
    await choose(csvFile(`${HEADER}\nMug,M1,3,2.50,Shop,Kitchen,`));
    await user.click(await screen.findByRole("button", { name: "Import 1 items" }));
    await user.click(screen.getByRole("button", { name: /Import and pay/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Insufficient tokens"));
    expect(screen.getByRole("alert")).toHaveTextContent("Insufficient tokens");
  });
});
