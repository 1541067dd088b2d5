import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import DevOutboxPage from "../../src/features/dev/DevOutboxPage";
import { fake, resetFakes } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);

beforeEach(resetFakes);

describe("dev outbox page", () => {
  it("says it is not available when the deployment has no outbox", () => {
    fake.queries["outbox:list"] = null;
    render(<DevOutboxPage />);
    expect(screen.getByText(/The dev outbox is not available here/)).toBeInTheDocument();
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("takes the key out of the address bar and keeps it for the tab", () => {
    sessionStorage.clear();
    window.history.replaceState(null, "", "/dev/outbox#key=the-printed-key");
    fake.queries["outbox:list"] = [];
    render(<DevOutboxPage />);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/dev/outbox");
    expect(sessionStorage.getItem("tmt.devOutboxKey")).toBe("the-printed-key");
  });

  it("lists messages newest first with their links clickable", () => {
    fake.queries["outbox:list"] = [
      { _id: "a", _creationTime: 1000, channel: "sms", to: "+447911123456", subject: "", body: "Your code is 123456", link: null },
      {
        _id: "b",
        _creationTime: 2000,
        channel: "email",
        to: "member@example.com",
        subject: "Verify your email",
        body: "Click the link",
        link: "http://localhost:5173/auth/callback?code=abc&email=member%40example.com",
      },
    ];
    render(<DevOutboxPage />);
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("member@example.com");
    expect(items[1]).toHaveTextContent("Your code is 123456");
    expect(screen.getByRole("link", { name: "Open link" })).toHaveAttribute(
      "href",
      "http://localhost:5173/auth/callback?code=abc&email=member%40example.com",
    );
  });
});
