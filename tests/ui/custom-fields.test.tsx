// Custom fields in the browser: the tag form shows the typed category's fields and checks them
// as the server does (nothing sent while one is wrong); the workspace page's editor checks a
// definition before sending it.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import TagPage from "../../src/features/tag/TagPage";
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
    await userEvent.click(screen.getByRole("button", { name: "Add field" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalled());
    expect(lastCall()).toEqual({
      workspaceId: "w1", category: "Bicycles", label: "Colour", type: "select", options: ["Red", "Blue"], currency: undefined, required: false, showOnVerify: true,
    });
  });
});
