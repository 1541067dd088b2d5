import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button, Card, Form, Input, Modal, Spinner, Textarea, focusFirstInvalid } from "../../src/ui";

function ModalHarness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
        title="Delete article"
        description="This cannot be undone."
        size="sm"
        footer={<Button variant="danger">Delete</Button>}
      >
        <Input label="Reason" />
      </Modal>
    </>
  );
}

describe("Modal", () => {
  it("is labelled by its title and described by its description", async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole("button", { name: "Open dialog" }));
    const dialog = screen.getByRole("dialog", { name: "Delete article" });
    expect(dialog).toHaveAccessibleDescription("This cannot be undone.");
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
  });

  it("closes on Escape and hands focus back to the opener", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<ModalHarness onOpenChange={onOpenChange} />);
    const opener = screen.getByRole("button", { name: "Open dialog" });
    await user.click(opener);
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("closes with its Close button", async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole("button", { name: "Open dialog" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("Button", () => {
  it("shows the loading text and is disabled while loading", () => {
    const onClick = vi.fn();
    render(
      <Button loading loadingText="Sending..." onClick={onClick}>
        Send Reset Link
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(screen.queryByText("Send Reset Link")).not.toBeInTheDocument();
  });

  it("shows its label and submits when not loading", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Send Reset Link</Button>);
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button")).toHaveAttribute("type", "button");
  });
});

describe("Input", () => {
  it("shows an error inline, marks the field invalid and describes it", () => {
    render(<Input label="Email" error="Please enter a valid email" hint="We never share it" />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Please enter a valid email");
    expect(screen.queryByText("We never share it")).not.toBeInTheDocument();
  });

  it("shows the hint when there is no error and forwards the ref", () => {
    let node: HTMLInputElement | null = null;
    render(<Input label="Email" hint="We never share it" ref={(el) => void (node = el)} />);
    const input = screen.getByLabelText("Email");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("We never share it");
    expect(node).toBe(input);
  });
});

describe("Card and Spinner", () => {
  it("renders a card's title, body and footer", () => {
    render(<Card title="Wallet" footer={<Button>Top up</Button>}>Balance</Card>);
    expect(screen.getByRole("heading", { name: "Wallet" })).toBeInTheDocument();
    expect(screen.getByText("Balance")).toBeInTheDocument();
  });

  it("titles with an h2, or an h1 where the card is the whole page", () => {
    render(<><Card title="Wallet" /><Card title="Next of kin" titleAs="h1" /></>);
    expect(screen.getByRole("heading", { name: "Wallet", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Next of kin", level: 1 })).toBeInTheDocument();
  });

  it("announces its label as a status", () => {
    render(<Spinner label="Loading profile..." />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
  });
});

describe("Form", () => {
  it("after a submit that leaves errors, focuses the first invalid field; with none it leaves the focus alone", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    function Example() {
      const [errors, setErrors] = useState<Record<string, string>>({});
      return (
        <Form aria-label="Example" onSubmit={() => setErrors({ b: "B is wrong", c: "C is wrong" })}>
          <Input label="A" required />
          <Input label="B" error={errors.b} />
          <Textarea label="C" error={errors.c} />
          <Button type="submit">Send</Button>
        </Form>
      );
    }
    render(<Example />);
    expect(screen.getByRole("form", { name: "Example" })).toHaveAttribute("novalidate");
    expect(screen.getByLabelText("A")).toHaveAttribute("aria-required", "true");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByLabelText("B")).toHaveFocus());
    expect(focusFirstInvalid(document.createElement("form"))).toBe(false);
  });
});
