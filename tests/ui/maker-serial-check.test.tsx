// /verify's maker's serial check as a buyer uses it: a frame number typed into the serial box
// lands here, prefilled; the answer says whether it is registered and stolen, never who owns it.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import VerifyPage from "../../src/features/verify/VerifyPage";
import { VERIFY_TEXT } from "../../src/features/verify/verifyText";
import { VERIFY_MESSAGES } from "../../convex/lib/verify/rules";
import { fake, resetFakes } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify/:serialNumber" element={<VerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
});

describe("checking a maker's serial", () => {
  it("a frame number typed as a serial is offered to the check, and a stolen match is shown with its warning", async () => {
    const user = userEvent.setup();
    fake.mutation.mockResolvedValue({
      result: "found",
      matches: [{ serial: "TMT-7K2Q-94XD", name: "Road bike", kind: "general", status: "stolen", facts: [{ label: "Maker's serial number", value: "••••••4567" }] }],
    } as never);
    renderAt("/verify/WTU1234567");
    const form = screen.getByRole("form", { name: VERIFY_TEXT.makerSerialTitle });
    expect(within(form).getByLabelText("Maker's serial number")).toHaveValue("WTU1234567");
    await user.click(within(form).getByRole("button", { name: "Check" }));
    expect(fake.mutation).toHaveBeenCalledWith({ makerSerial: "WTU1234567", visitorId: expect.any(String) });
    expect(await screen.findByText(VERIFY_TEXT.makerSerialFound)).toBeInTheDocument();
    expect(screen.getByTestId("status-warning")).toHaveTextContent(VERIFY_TEXT.stolen);
    expect(screen.getByText("••••••4567")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: VERIFY_TEXT.makerSerialOpen })).toHaveAttribute("href", "/verify/TMT-7K2Q-94XD");
  });

  it("an unknown (or private) number gets one answer; too short is refused before asking", async () => {
    const user = userEvent.setup();
    fake.mutation.mockResolvedValue({ result: "notFound" } as never);
    renderAt("/verify/ab");
    const form = screen.getByRole("form", { name: VERIFY_TEXT.makerSerialTitle });
    await user.click(within(form).getByRole("button", { name: "Check" }));
    expect(await within(form).findByText(VERIFY_MESSAGES.invalidMakerSerial)).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText("Maker's serial number"), "c-12345");
    await user.click(within(form).getByRole("button", { name: "Check" }));
    expect(await screen.findByText(VERIFY_TEXT.makerSerialNotFound)).toBeInTheDocument();
  });

  it("says when the visitor has checked too many", async () => {
    const user = userEvent.setup();
    fake.mutation.mockResolvedValue({ result: "rateLimited", message: "You have checked many serial numbers. Please try again in 12 minutes." } as never);
    renderAt("/verify/WTU1234567");
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("You have checked many serial numbers. Please try again in 12 minutes.")).toBeInTheDocument();
  });
});
