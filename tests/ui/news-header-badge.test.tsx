import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexLayer } from "../../src/app/ConvexLayer";
import { Header } from "../../src/app/Header";
import { makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { news, resetNews } from "./news-fakes";

vi.mock("convex/react", async () => (await import("./news-fakes")).newsConvexModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

async function newsLink() {
  render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <ConvexLayer>
        <Header />
      </ConvexLayer>
    </MemoryRouter>,
  );
  // The signed-in header is a lazily loaded chunk.
  return within(await screen.findByRole("navigation", { name: "Main" })).getByRole("link", { name: /^News/ });
}

beforeEach(() => {
  resetFakes();
  resetNews();
  signedIn(makeProfile());
});

describe("header News link", () => {
  it.each([
    [3, "3"],
    [99, "99"],
    [100, "99+"],
  ])("shows %i unread as %s", async (count, shown) => {
    news.queries["news:unreadCount"] = count;
    const link = await newsLink();
    expect(within(link).getByTestId("news-unread-badge")).toHaveTextContent(shown);
    expect(link).toHaveAccessibleName(`News, ${shown} unread`);
  });

  it("shows no badge with nothing unread", async () => {
    news.queries["news:unreadCount"] = 0;
    const link = await newsLink();
    expect(link).toHaveTextContent(/^News$/);
  });
});
