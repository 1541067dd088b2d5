import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NEWS_MESSAGES } from "../../convex/lib/news/rules";
import NewsManagementPage from "../../src/features/news/NewsManagementPage";
import { makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";
import { mutationMock, news, resetNews } from "./news-fakes";

vi.mock("convex/react", async () => (await import("./news-fakes")).newsConvexModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LONG = "Abcdefghij ".repeat(30).trim();

function row(overrides: Record<string, unknown> = {}) {
  return {
    _id: "a1",
    title: "Launch day",
    content: "Body",
    category: "Company News",
    imageUrl: null,
    isPublished: true,
    publishAt: null,
    authorName: "Ada Admin",
    authorEmail: "admin@example.com",
    createdAt: Date.UTC(2025, 0, 15, 12),
    ...overrides,
  };
}

function renderPage() {
  return render(
    <MemoryRouter>
      <NewsManagementPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  resetNews();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  signedIn(makeProfile({ role: "admin" }));
  news.queries["news:stats"] = { published: 1, drafts: 1 };
  news.queries["news:listCategories"] = ["Company News", "General"];
});

describe("/news-management", () => {
  it("shows the stat cards and every column of each row", () => {
    news.paginated["news:listAll"] = [
      row({ content: LONG }),
      row({ _id: "a2", title: "Plan", isPublished: false, authorName: null, authorEmail: null, category: "General" }),
    ];
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "News Management" })).toBeInTheDocument();
    for (const [label, value] of [["Published", "1"], ["Drafts", "1"], ["Total Articles", "2"]]) {
      expect(screen.getByText(label, { selector: "p" }).nextSibling).toHaveTextContent(value);
    }
    expect(screen.getByRole("heading", { name: "All Articles" })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first).getByText("Published")).toBeInTheDocument();
    expect(within(first).getByText("Company News")).toBeInTheDocument();
    expect(within(first).getByText(`${LONG.slice(0, 200).trimEnd()}...`)).toBeInTheDocument();
    expect(within(first).getByText("Ada Admin")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Unpublish" })).toBeInTheDocument();
    expect(within(second).getByText("Draft")).toBeInTheDocument();
    expect(within(second).getByText("Unknown Author")).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Publish" })).toBeInTheDocument();
  });

  it("offers 'Create First Article' when there are none, which opens the create modal", async () => {
    const user = userEvent.setup();
    news.queries["news:stats"] = { published: 0, drafts: 0 };
    renderPage();
    await user.click(screen.getByRole("button", { name: "Create First Article" }));
    expect(screen.getByRole("dialog", { name: "Create New Article" })).toBeInTheDocument();
  });

  it("a refused article toasts the message and takes the focus to the field at fault", async () => {
    const user = userEvent.setup();
    news.queries["news:stats"] = { published: 0, drafts: 0, capped: false };
    renderPage();
    await user.click(screen.getByRole("button", { name: "Create First Article" }));
    const dialog = screen.getByRole("dialog", { name: "Create New Article" });
    await user.type(within(dialog).getByLabelText("Title"), "A title");
    await user.click(within(dialog).getByRole("button", { name: "Create Article" }));
    expect(toast.error).toHaveBeenCalledWith(NEWS_MESSAGES.required);
    const content = within(dialog).getByLabelText("Content");
    expect(content).toHaveAttribute("aria-invalid", "true");
    expect(content).toHaveAttribute("aria-required", "true");
    await waitFor(() => expect(content).toHaveFocus());
    expect(within(dialog).getByLabelText("Title")).not.toHaveAttribute("aria-invalid");
    expect(mutationMock("news:create")).not.toHaveBeenCalled();
  });

  it("publishes and unpublishes from the row with their toasts", async () => {
    const user = userEvent.setup();
    news.paginated["news:listAll"] = [row(), row({ _id: "a2", title: "Plan", isPublished: false })];
    renderPage();
    const [live, draft] = screen.getAllByRole("listitem");
    await user.click(within(draft).getByRole("button", { name: "Publish" }));
    expect(mutationMock("news:setPublished")).toHaveBeenCalledWith({ id: "a2", isPublished: true });
    expect(toast.success).toHaveBeenCalledWith("Article published successfully");
    await user.click(within(live).getByRole("button", { name: "Unpublish" }));
    expect(mutationMock("news:setPublished")).toHaveBeenLastCalledWith({ id: "a1", isPublished: false });
    expect(toast.success).toHaveBeenLastCalledWith("Article unpublished successfully");

    mutationMock("news:setPublished").mockRejectedValueOnce(new Error("network"));
    await user.click(within(live).getByRole("button", { name: "Unpublish" }));
    expect(toast.error).toHaveBeenCalledWith("Failed to update article status");
  });

  it("deletes only after the confirmation", async () => {
    const user = userEvent.setup();
    news.paginated["news:listAll"] = [row()];
    renderPage();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    let dialog = screen.getByRole("dialog", { name: "Delete Article" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this article? This action cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(mutationMock("news:remove")).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Delete" }));
    dialog = screen.getByRole("dialog", { name: "Delete Article" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(mutationMock("news:remove")).toHaveBeenCalledWith({ id: "a1" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    mutationMock("news:remove").mockRejectedValueOnce(new Error("x"));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(toast.error).toHaveBeenCalledWith("Failed to delete article");
    expect(screen.getByRole("dialog", { name: "Delete Article" })).toBeInTheDocument();
  });

  it("opens the edit modal with the row's values", async () => {
    const user = userEvent.setup();
    news.paginated["news:listAll"] = [row()];
    renderPage();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Article" });
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Launch day");
  });

  it("shows 'Error: {message}' with Retry when the list fails", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    news.paginated["news:listAll"] = new ConvexError({ code: "FORBIDDEN", message: "You do not have permission to do that." });
    renderPage();
    expect(screen.getByRole("alert")).toHaveTextContent("Error: You do not have permission to do that.");
    // 'Failed to fetch articles' is a toast (the list is emptied).
    expect(toast.error).toHaveBeenCalledWith("Failed to fetch articles", expect.anything());
    news.paginated["news:listAll"] = [row()];
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.getByRole("heading", { name: "Launch day" })).toBeInTheDocument();
    error.mockRestore();
  });
});
