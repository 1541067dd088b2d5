import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleFormModal } from "../../src/features/news/ArticleFormModal";
import type { ManagedArticle } from "../../src/features/news/ArticleRow";
import { resetFakes } from "./app-support/fake-convex";
import { mutationMock, news, resetNews } from "./news-fakes";

vi.mock("convex/react", async () => (await import("./news-fakes")).newsConvexModule);
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const onClose = vi.fn();
const existing = {
  _id: "a1",
  title: "Old title",
  content: "Old body",
  category: "Announcements",
  imageUrl: null,
  isPublished: true,
  publishAt: null,
  authorName: null,
  authorEmail: null,
  createdAt: 0,
} as unknown as ManagedArticle;

function open(article: ManagedArticle | null = null) {
  render(<ArticleFormModal article={article} onClose={onClose} />);
  return screen.getByRole("dialog", { name: article ? "Edit Article" : "Create New Article" });
}

beforeEach(() => {
  resetFakes();
  resetNews();
  onClose.mockReset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  news.queries["news:listCategories"] = ["Announcements", "Company News", "General"];
});

describe("article modal", () => {
  it("creates a draft with trimmed fields; the toggle explains what will happen", async () => {
    const user = userEvent.setup();
    const dialog = open();
    expect(within(dialog).getByText("This article will be saved as a draft")).toBeInTheDocument();
    const category = within(dialog).getByLabelText("Category");
    expect(within(category).getAllByRole("option").map((o) => o.textContent)).toEqual(["Announcements", "Company News", "General"]);
    expect(category).toHaveValue("General");
    expect(within(dialog).getByLabelText("Content")).toHaveAttribute("rows", "12");

    await user.type(within(dialog).getByLabelText("Title"), "  Hello  ");
    await user.selectOptions(category, "Company News");
    await user.type(within(dialog).getByLabelText("Content"), "Body");
    await user.click(within(dialog).getByRole("button", { name: "Create Article" }));
    expect(mutationMock("news:create")).toHaveBeenCalledWith({
      title: "Hello",
      content: "Body",
      category: "Company News",
      imageUrl: undefined,
      isPublished: false,
      publishAt: undefined,
    });
    expect(toast.success).toHaveBeenCalledWith("Article created successfully");
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses blank title or content before calling the server", async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.type(within(dialog).getByLabelText("Title"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create Article" }));
    expect(toast.error).toHaveBeenCalledWith("Title and content are required");
    expect(mutationMock("news:create")).not.toHaveBeenCalled();
  });

  it("refuses a javascript: image URL", async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.type(within(dialog).getByLabelText("Title"), "T");
    await user.type(within(dialog).getByLabelText("Content"), "C");
    await user.type(within(dialog).getByLabelText("Image URL (optional)"), "javascript:alert(1)");
    expect(within(dialog).queryByAltText("Image preview")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create Article" }));
    expect(toast.error).toHaveBeenCalledWith("Image URL must start with http:// or https://");
    expect(mutationMock("news:create")).not.toHaveBeenCalled();
  });

  it("previews the image and hides it when it fails to load", async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.type(within(dialog).getByLabelText("Image URL (optional)"), "https://img.example.com/a.png");
    const image = within(dialog).getByAltText("Image preview");
    fireEvent.error(image);
    expect(within(dialog).queryByAltText("Image preview")).not.toBeInTheDocument();
  });

  it("previews the content as readers will see it: Markdown rendered, HTML as text", async () => {
    const user = userEvent.setup();
    const dialog = open();
    const value = "One\n**Two** and [a link](https://example.com)\n<img src=x onerror=alert(1)>\n\n# Three";
    fireEvent.change(within(dialog).getByLabelText("Content"), { target: { value } });
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    const preview = within(dialog).getByTestId("content-preview");
    expect(within(preview).getByText("One").tagName).toBe("P");
    expect(within(preview).getByText("Two").tagName).toBe("STRONG");
    expect(within(preview).getByRole("link", { name: "a link" })).toHaveAttribute("href", "https://example.com/");
    expect(within(preview).getByRole("heading", { name: "Three" })).toBeInTheDocument();
    expect(preview).toHaveTextContent("<img src=x onerror=alert(1)>");
    expect(preview.querySelector("img")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Edit" }));
    expect(within(dialog).getByLabelText("Content")).toHaveValue(value);
  });

  it("edits an article, keeps its category, and can unpublish it", async () => {
    const user = userEvent.setup();
    const dialog = open(existing);
    expect(within(dialog).getByLabelText("Category")).toHaveValue("Announcements");
    const toggle = within(dialog).getByRole("switch", { name: "Published" });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(within(dialog).getByText("This article will be visible to all users")).toBeInTheDocument();
    await user.click(toggle);
    expect(within(dialog).getByText("This article will be saved as a draft")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("Title"));
    await user.type(within(dialog).getByLabelText("Title"), "New title");
    await user.click(within(dialog).getByRole("button", { name: "Update Article" }));
    expect(mutationMock("news:update")).toHaveBeenCalledWith(expect.objectContaining({ id: "a1", title: "New title", isPublished: false }));
    expect(toast.success).toHaveBeenCalledWith("Article updated successfully");
  });

  it("schedules a draft to go live at a chosen time", async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.type(within(dialog).getByLabelText("Title"), "T");
    await user.type(within(dialog).getByLabelText("Content"), "C");
    fireEvent.change(within(dialog).getByLabelText("Publish automatically at (optional)"), { target: { value: "2031-05-01T09:30" } });
    await user.click(within(dialog).getByRole("button", { name: "Create Article" }));
    expect(mutationMock("news:create")).toHaveBeenCalledWith(expect.objectContaining({ isPublished: false, publishAt: new Date("2031-05-01T09:30").getTime() }));
  });

  it("shows the server's message, or 'Failed to save article'", async () => {
    const user = userEvent.setup();
    const dialog = open(existing);
    mutationMock("news:update").mockRejectedValueOnce(new ConvexError({ code: "NOT_FOUND", message: "Article not found" }));
    await user.click(within(dialog).getByRole("button", { name: "Update Article" }));
    expect(toast.error).toHaveBeenLastCalledWith("Article not found");
    mutationMock("news:update").mockRejectedValueOnce(new Error("[Request ID: 1] Server Error"));
    await user.click(within(dialog).getByRole("button", { name: "Update Article" }));
    expect(toast.error).toHaveBeenLastCalledWith("Failed to save article");
    expect(onClose).not.toHaveBeenCalled();
  });
});
