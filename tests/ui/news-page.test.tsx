import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import NewsPage from "../../src/features/news/NewsPage";
// NewsPage loads these lazily: loaded with the test, so a loaded machine's first transform of the
// Markdown renderer does not outlast findBy's wait.
import "../../src/features/news/ArticlePage";
import "../../src/features/news/ArticleReader";
import { makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { mutationMock, news, resetNews } from "./news-fakes";
import { formatLongDate } from "../../src/lib/format";
import { replaceGlobal, restoreReplaced } from "../support/replace-globals";

vi.mock("convex/react", async () => (await import("./news-fakes")).newsConvexModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const DEFAULTS = ["Announcements", "Company News", "General", "Industry News", "Product Updates", "Technical Updates"];
const LONG = "Lorem ipsum dolor sit amet. ".repeat(10).trim();

function article(overrides: Record<string, unknown> = {}) {
  return {
    _id: "a1",
    title: "Launch day",
    content: "First line\nSecond line",
    category: "Company News",
    imageUrl: null,
    authorName: "Ada Admin",
    createdAt: Date.UTC(2025, 0, 15, 12),
    ...overrides,
  };
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function tree(path = "/news") {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/news" element={<NewsPage />} />
        <Route path="/news/:articleId" element={<NewsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>
  );
}

function renderPage(path = "/news") {
  return render(tree(path));
}

const where = () => screen.getByTestId("location").textContent;

beforeEach(() => {
  resetFakes();
  resetNews();
  vi.mocked(toast.error).mockClear();
  news.queries["news:listCategories"] = DEFAULTS;
  news.queries["news:unreadCount"] = 0;
});
afterEach(() => restoreReplaced());

describe("/news", () => {
  it("shows 'No articles yet' and no filter when nothing is published", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Latest News" })).toBeInTheDocument();
    expect(screen.getByText("No articles yet")).toBeInTheDocument();
    expect(screen.getByText("Check back soon for the latest news and updates!")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Filter by category" })).not.toBeInTheDocument();
  });

  it("renders a card: placeholder, badge, title, 150-character preview, author or team, date, Read More", () => {
    news.paginated["news:listPublished"] = [
      article({ content: LONG }),
      article({ _id: "a2", title: "No author", authorName: null, imageUrl: "https://img.example.com/x.png" }),
    ];
    renderPage();
    const [first, second] = screen.getAllByRole("article");
    expect(within(first).getByRole("heading", { name: "Launch day" })).toBeInTheDocument();
    expect(within(first).getByText("Company News")).toBeInTheDocument();
    expect(within(first).getByText(`${LONG.slice(0, 150).trimEnd()}...`)).toBeInTheDocument();
    expect(within(first).getByText("Ada Admin")).toBeInTheDocument();
    expect(within(first).getByText(formatLongDate(Date.UTC(2025, 0, 15, 12)))).toBeInTheDocument();
    expect(within(first).getByTestId("image-placeholder")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: /Read More/ })).toBeInTheDocument();

    expect(within(second).getByText("TagMyThing Team")).toBeInTheDocument();
    const image = second.querySelector("img")!;
    expect(image).toHaveAttribute("src", "https://img.example.com/x.png");
    fireEvent.error(image);
    expect(second.querySelector("img")).toBeNull();
    expect(within(second).getByTestId("image-placeholder")).toBeInTheDocument();
  });

  it("filters by category, with the category's empty state", async () => {
    const user = userEvent.setup();
    news.paginated["news:listPublished"] = (args: Record<string, unknown>) =>
      args.category === undefined ? [article()] : args.category === "Company News" ? [article()] : [];
    renderPage();
    const filter = screen.getByRole("group", { name: "Filter by category" });
    expect(within(filter).getAllByRole("button").map((b) => b.textContent)).toEqual(["All", ...DEFAULTS]);
    expect(within(filter).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    await user.click(within(filter).getByRole("button", { name: "Industry News" }));
    expect(screen.getByText('No articles found in "Industry News" category.')).toBeInTheDocument();
    expect(within(filter).getByRole("button", { name: "Industry News" })).toHaveAttribute("aria-pressed", "true");

    await user.click(within(filter).getByRole("button", { name: "Company News" }));
    expect(screen.getByRole("heading", { name: "Launch day" })).toBeInTheDocument();
  });

  it("shows the filter and the first page together, and keeps the filter up while another category loads", async () => {
    const user = userEvent.setup();
    // The categories arrive first: no filter above the spinner yet (its arrival pushed the spinner down).
    news.status = "LoadingFirstPage";
    const { rerender } = renderPage();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Filter by category" })).toBeNull();
    // Then the first page, but the categories are still on their way: the cards wait for the filter.
    news.queries["news:listCategories"] = undefined;
    news.status = "Exhausted";
    news.paginated["news:listPublished"] = [article()];
    rerender(tree());
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByRole("article")).toBeNull();
    news.queries["news:listCategories"] = DEFAULTS;
    rerender(tree());
    expect(screen.getByRole("group", { name: "Filter by category" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Launch day" })).toBeInTheDocument();

    news.status = "LoadingFirstPage";
    news.paginated["news:listPublished"] = [];
    await user.click(screen.getByRole("button", { name: "General" }));
    expect(screen.getByRole("group", { name: "Filter by category" })).toBeInTheDocument();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
  });

  it("shows no filter with a single category", () => {
    news.queries["news:listCategories"] = ["General"];
    news.paginated["news:listPublished"] = [article()];
    renderPage();
    expect(screen.queryByRole("group", { name: "Filter by category" })).not.toBeInTheDocument();
  });

  it("opens the full article as safe Markdown: one paragraph per line, HTML shown as text", async () => {
    const user = userEvent.setup();
    const content = [
      "Intro line",
      "## Details",
      "Now **faster** with [our guide](https://example.com/guide) and [a trap](javascript:alert(1)).",
      "- one",
      "- two",
      "![Team photo](https://img.example/team.png)",
      "![Tracker](data:image/png;base64,AAAA)",
      "<script>window.__pwned = true</script>",
      "<b>bold?</b>",
    ].join("\n");
    news.paginated["news:listPublished"] = [article({ content })];
    news.queries["news:getPublished"] = (args: Record<string, unknown>) => (args.id === "a1" ? article({ content }) : null);
    renderPage();
    await user.click(screen.getByRole("button", { name: /Read More/ }));
    const dialog = await screen.findByRole("dialog", { name: "Launch day" });
    expect(within(dialog).getByText("Intro line").tagName).toBe("P");
    expect(within(dialog).getByRole("heading", { name: "Details" })).toBeInTheDocument();
    expect(within(dialog).getByText("faster").tagName).toBe("STRONG");
    expect(within(dialog).getByRole("link", { name: "our guide" })).toHaveAttribute("href", "https://example.com/guide");
    expect(within(dialog).queryByRole("link", { name: "a trap" })).toBeNull();
    expect(within(dialog).getByText("a trap")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem").map((li) => li.textContent?.trim())).toEqual(["one", "two"]);
    expect(within(dialog).getByRole("img", { name: "Team photo" })).toHaveAttribute("src", "https://img.example/team.png");
    expect(within(dialog).queryByRole("img", { name: "Tracker" })).toBeNull();
    expect(dialog).toHaveTextContent("<script>window.__pwned = true</script>");
    expect(dialog).toHaveTextContent("<b>bold?</b>");
    expect(dialog.querySelector("script, b")).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();

    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[0]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Read More gives the article its own address, /news/{id}; closing returns to /news", async () => {
    const user = userEvent.setup();
    news.paginated["news:listPublished"] = [article()];
    news.queries["news:getPublished"] = article();
    renderPage();
    await user.click(screen.getByRole("button", { name: /Read More/ }));
    expect(await screen.findByRole("dialog", { name: "Launch day" })).toBeInTheDocument();
    expect(where()).toBe("/news/a1");
    await user.click(within(screen.getByRole("dialog")).getAllByRole("button", { name: "Close" })[0]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(where()).toBe("/news");
  });

  it("an article's address opened directly is its own page, titled and described for link previews", async () => {
    const user = userEvent.setup();
    news.paginated["news:listPublished"] = [article()];
    news.queries["news:getPublished"] = (args: Record<string, unknown>) =>
      args.id === "a1" ? article({ content: "## We are live\nEverything **you** tagged is [safe](https://example.com)." }) : null;
    const before = document.title;
    const { unmount } = renderPage("/news/a1");
    expect(await screen.findByRole("heading", { level: 1, name: "Launch day" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "We are live" })).toBeInTheDocument();
    expect(document.title).toBe("Launch day · TagMyThing");
    const description = "We are live Everything you tagged is safe.";
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute("content", description);
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute("content", description);
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute("content", "Launch day · TagMyThing");
    await user.click(screen.getAllByRole("link", { name: /All news/ })[0]!);
    expect(where()).toBe("/news");
    unmount();
    expect(document.title).toBe(before);
  });

  it("an address naming no published article says so", async () => {
    news.queries["news:getPublished"] = null;
    renderPage("/news/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Article unavailable" })).toBeInTheDocument();
    expect(screen.getByText("This article is no longer available.")).toBeInTheDocument();
  });

  it("copies the article's link for sharing", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    news.queries["news:getPublished"] = article();
    renderPage("/news/a1");
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/news/a1`);
    expect(toast.success).toHaveBeenCalledWith("Link copied");
  });

  it("an open article that is unpublished turns into a notice", async () => {
    const user = userEvent.setup();
    news.paginated["news:listPublished"] = [article()];
    news.queries["news:getPublished"] = article();
    const { rerender } = renderPage();
    await user.click(screen.getByRole("button", { name: /Read More/ }));
    expect(await screen.findByRole("dialog", { name: "Launch day" })).toBeInTheDocument();
    news.queries["news:getPublished"] = null;
    rerender(tree());
    expect(screen.getByRole("dialog", { name: "Article unavailable" })).toHaveTextContent("This article is no longer available.");
  });

  it("says 'Failed to load news articles' when the list fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    news.paginated["news:listPublished"] = new Error("boom");
    renderPage();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load news articles");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to load news articles", expect.anything()));
    error.mockRestore();
  });

  it("loads more on scroll, and by the button", async () => {
    const user = userEvent.setup();
    let observed: IntersectionObserverCallback | null = null;
    replaceGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    news.paginated["news:listPublished"] = [article()];
    news.status = "CanLoadMore";
    renderPage();
    act(() => observed!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(news.loadMore).toHaveBeenCalledWith(9);
    await user.click(screen.getByRole("button", { name: "Load more articles" }));
    expect(news.loadMore).toHaveBeenCalledTimes(2);
  });

  it("marks news read for a signed-in reader with unread articles, never for visitors", () => {
    renderPage();
    expect(mutationMock("news:markSeen")).not.toHaveBeenCalled();
    signedIn(makeProfile());
    news.queries["news:unreadCount"] = 3;
    renderPage();
    expect(mutationMock("news:markSeen")).toHaveBeenCalledTimes(1);
  });
});
