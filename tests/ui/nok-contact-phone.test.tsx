// Next-of-kin phones are typed as on sign-in: any country (searchable, +44 first), national
// format accepted, checked by the same normaliser the server runs.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "../../src/features/nok/ContactForm";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile());
});

async function fill(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(screen.getByLabelText(/^Name/), "Ann Kin");
  await user.type(screen.getByLabelText(/^Relationship/), "Sister");
  await user.type(screen.getByLabelText(/^Email/), "ann@kin.example");
  await user.type(screen.getByLabelText(/^Phone/), phone);
}

describe("next-of-kin phone", () => {
  it("takes a UK number as dialled at home (+44 by default)", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    const select = screen.getByLabelText("Country code") as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe("+44 UK");
    await fill(user, "07911 123456");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ phone: "07911 123456", phoneCountry: "GB" })));
    expect(screen.queryByText("Please enter a valid phone number")).not.toBeInTheDocument();
  });

  it("finds another country and checks the number by its rules before sending", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText("Search countries"), "jap");
    expect(within(screen.getByLabelText("Country code")).getAllByRole("option").map((o) => o.textContent)).toEqual(["+81 Japan"]);
    await fill(user, "12345");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    expect(await screen.findByText("Please enter a valid phone number")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), "090-1234-5678");
    await user.click(screen.getByRole("button", { name: "Add contact" }));
    await waitFor(() => expect(fake.mutation).toHaveBeenCalledWith(expect.objectContaining({ phone: "090-1234-5678", phoneCountry: "JP" })));
  });
});
