// Custom fields in the browser: the tag form shows the typed category's fields and checks them
// as the server does (nothing sent while one is wrong); the workspace page's editor checks a
// definition before sending it; a list shows a field as a column picked in its Columns dialog,
// and its header sorts (and the dialog filters) through customFields.itemsByValue.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import TagPage from "../../src/features/tag/TagPage";
import AssetsPage from "../../src/features/assets/AssetsPage";
import { CustomFieldsEditor } from "../../src/features/workspaces/CustomFieldsEditor";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const field = (id: string, label: string, type: string, extra: Record<string, unknown> = {}) => ({
  _id: id, category: "Bicycles", label, type, options: [], currency: null, required: false, showOnVerify: false, position: 1, removed: false, ...extra,
});
const DEFS = [
  field("f_frame", "Frame size", "select", { options: ["S", "M", "L"], required: true }),
  field("f_wheel", "Wheel size", "number"),
  field("f_price", "Insured value", "money", { currency: "EUR" }),
  field("f_ebike", "Electric", "checkbox"),
  { ...field("f_tools", "Voltage", "number"), category: "Tools" },
  { ...field("f_gone", "Old field", "text"), removed: true },
];

function renderTag() {
  const router = createMemoryRouter([{ path: "/tag", element: <TagPage /> }, { path: "/assets/:assetId", element: <p>Asset page</p> }], { initialEntries: ["/tag"] });
  return render(<RouterProvider router={router} />);
}

const lastCall = () => (fake.mutation.mock.calls.at(-1) as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined;

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
  fake.queries["workspaces:listMine"] = [{ _id: "w1", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
  fake.queries["wallet:payer"] = { holder: "you", balance: 45 };
  fake.queries["customFields:list"] = DEFS;
  fake.mutation.mockResolvedValue({ assetId: "a1", serial: "TMT-ABCD-EFGH" } as never);
});

describe("the tag form's custom fields", () => {
  it("appear for the typed category only, are checked as the server checks them, and are sent by field id", async () => {
    renderTag();
    expect(screen.queryByLabelText("Wheel size")).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name"), "Road bike");
    await userEvent.type(screen.getByLabelText("Category"), "bicycles");
    expect(screen.getByRole("group", { name: "bicycles fields" })).toBeInTheDocument();
    expect(screen.getByLabelText("Frame size")).toHaveAttribute("aria-required", "true");
    expect(screen.queryByLabelText("Voltage")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Old field")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Insured value")).toHaveAccessibleDescription("EUR");

    await userEvent.type(screen.getByLabelText("Wheel size"), "twenty");
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    expect(await screen.findByText("Wheel size must be a number")).toBeInTheDocument();
    expect(screen.getByText("Frame size is required")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText("Frame size"), "M");
    await userEvent.clear(screen.getByLabelText("Wheel size"));
    await userEvent.type(screen.getByLabelText("Wheel size"), "28.5");
    await userEvent.type(screen.getByLabelText("Insured value"), "1,200.50");
    await userEvent.click(screen.getByLabelText("Electric"));
    await userEvent.click(screen.getByRole("button", { name: "Tag Asset" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalled());
    expect(lastCall()).toMatchObject({
      category: "bicycles",
      custom: { f_frame: "M", f_wheel: 28.5, f_price: { amount: 120050, currency: "EUR" }, f_ebike: true },
    });
  });
});

describe("the custom fields editor", () => {
  const ws = { _id: "w1", name: "Home", kind: "household", role: "owner", verifiedName: null } as never;

  it("lists fields by category with their switches, and refuses a list without choices before sending", async () => {
    render(<CustomFieldsEditor ws={ws} />);
    const bikes = screen.getByRole("region", { name: "Bicycles" });
    expect(bikes).toHaveTextContent("Frame size");
    expect(bikes).toHaveTextContent("Required");
    expect(screen.getByRole("button", { name: "Restore Old field" })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Category"), "Bicycles");
    await userEvent.type(screen.getByLabelText("Field name"), "Colour");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "select");
    await userEvent.click(screen.getByRole("button", { name: "Add field" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A list needs at least one choice");
    expect(fake.mutation).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Choices"), "Red{enter}Blue");
    await userEvent.click(screen.getByLabelText("Show on the public verify page"));
    await userEvent.click(screen.getByLabelText("Print on item labels"));
    await userEvent.click(screen.getByRole("button", { name: "Add field" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalled());
    expect(lastCall()).toEqual({
      workspaceId: "w1", category: "Bicycles", label: "Colour", type: "select", options: ["Red", "Blue"], currency: undefined, required: false, showOnVerify: true, showOnLabel: true,
    });
  });
});

describe("custom fields as list columns", () => {
  const row = (id: string, name: string, custom: Record<string, unknown>) => ({
    _id: id, serial: `TMT-AAAA-000${id}`, kind: "general", name, category: "Bicycles", visibility: "private", status: "active",
    taggedAt: 0, updatedAt: 0, coverUrl: null, fileCount: 0, custom,
  });
  const names = () => within(screen.getByRole("table", { name: "My assets" })).getAllByRole("link").map((a) => a.textContent);

  beforeEach(() => {
    localStorage.clear();
    fake.queries["assets:listMine"] = [row("1", "Gravel", { f_wheel: 28.5, f_frame: "M" }), row("2", "Roadster", { f_wheel: 26 })];
    fake.queries["assets:countMine"] = 2;
  });

  it("a picked field shows as a column; its header orders the list on the server, highest first", async () => {
    const router = createMemoryRouter([{ path: "/assets", element: <AssetsPage /> }], { initialEntries: ["/assets"] });
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole("columnheader", { name: /Wheel size/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Columns" }));
    const dialog = screen.getByRole("dialog", { name: "Columns" });
    // Grouped by category; removed fields are not offered.
    expect(within(dialog).getByRole("checkbox", { name: "Voltage" })).not.toBeChecked();
    expect(within(dialog).queryByLabelText("Old field")).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Wheel size" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.getByRole("button", { name: "Columns (1)" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "My assets" });
    expect(within(table).getByRole("columnheader", { name: /Wheel size/ })).toHaveAttribute("aria-sort", "none");
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("28.5");

    fake.queries["customFields:itemsByValue"] = [row("1", "Gravel", { f_wheel: 28.5 }), row("2", "Roadster", { f_wheel: 26 })];
    fake.queries["assets:listMine"] = [row("2", "Roadster", { f_wheel: 26 }), row("1", "Gravel", { f_wheel: 28.5 })];
    await userEvent.click(within(table).getByRole("button", { name: /Wheel size/ }));
    expect(fake.queryArgs["customFields:itemsByValue"]).toMatchObject({ fieldId: "f_wheel", order: "desc" });
    expect(screen.getByRole("columnheader", { name: /Wheel size/ })).toHaveAttribute("aria-sort", "descending");
    expect(names()).toEqual(["Gravel", "Roadster"]);
    expect(screen.getByRole("status")).toHaveTextContent("Ordered by Wheel size: items in Bicycles with a value in it.");
    // The picked column is remembered for this list and workspace.
    expect(localStorage.getItem("tmt.columns.assets.w1")).toBe("f_wheel");

    // The dialog filters by a field: a choice asks the server for the items holding it.
    await userEvent.click(screen.getByRole("button", { name: "Columns (1)" }));
    await userEvent.selectOptions(screen.getByLabelText("Field"), "f_frame");
    await userEvent.selectOptions(screen.getByLabelText("Frame size is"), "M");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(fake.queryArgs["customFields:itemsByValue"]).toMatchObject({ fieldId: "f_frame", order: "asc", value: "M" });
    expect(screen.getByRole("status")).toHaveTextContent("Filtered and ordered by Frame size");
    await userEvent.click(screen.getByRole("button", { name: "Show all items" }));
    expect(names()).toEqual(["Roadster", "Gravel"]);
    // Unticked, the column goes (and the button counts none).
    await userEvent.click(screen.getByRole("button", { name: "Columns (1)" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Wheel size" }));
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.getByRole("button", { name: "Columns" })).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: /Wheel size/ })).not.toBeInTheDocument();
  });
});
