// Article rules shared by convex/news.ts and the news screens (pure: src/ imports it).
import { ARTICLE_CATEGORIES } from "../constants";
import { hasControlChars, oneLineMessage } from "../oneLine";

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_CONTENT_MAX = 20_000;
const ARTICLE_IMAGE_URL_MAX = 2048;
/** Cards per page on /news and rows per page in management. */
export const NEWS_PAGE_SIZE = 9;
/** The header badge counts at most this many; it shows "99+" past 99. */
export const NEWS_UNREAD_CAP = 100;
export const NEWS_TEAM_AUTHOR = "TagMyThing Team";

export const NEWS_MESSAGES = {
  required: "Title and content are required",
  categoryRequired: "Category is required",
  unknownCategory: "Please choose a category from the list",
  titleTooLong: `Title must be at most ${ARTICLE_TITLE_MAX} characters`,
  contentTooLong: `Content must be at most ${ARTICLE_CONTENT_MAX} characters`,
  invalidImageUrl: "Image URL must start with http:// or https://",
  publishAtInPast: "Publish time must be in the future",
  notFound: "Article not found",
} as const;

export type ArticleInput = {
  title: string;
  content: string;
  category: string;
  imageUrl?: string;
};

type CleanArticle = { title: string; content: string; category: string; imageUrl: string | undefined };

export function isDefaultCategory(category: string): boolean {
  return (ARTICLE_CATEGORIES as readonly string[]).includes(category);
}

/** Only absolute http(s) URLs: never javascript:, data: or relative ones. */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value) || value.length > ARTICLE_IMAGE_URL_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Trims and checks an article; the first broken rule's message, or the clean fields. */
export function checkArticle(
  input: ArticleInput,
): { ok: true; value: CleanArticle } | { ok: false; message: string; field: "title" | "content" | "category" | "imageUrl" } {
  const title = input.title.trim();
  const content = input.content.trim();
  const category = input.category.trim();
  const imageUrl = (input.imageUrl ?? "").trim();
  if (title === "") return { ok: false, message: NEWS_MESSAGES.required, field: "title" };
  if (content === "") return { ok: false, message: NEWS_MESSAGES.required, field: "content" };
  if (title.length > ARTICLE_TITLE_MAX) return { ok: false, message: NEWS_MESSAGES.titleTooLong, field: "title" };
  if (hasControlChars(title)) return { ok: false, message: oneLineMessage("Title"), field: "title" };
  if (content.length > ARTICLE_CONTENT_MAX) return { ok: false, message: NEWS_MESSAGES.contentTooLong, field: "content" };
  if (category === "") return { ok: false, message: NEWS_MESSAGES.categoryRequired, field: "category" };
  if (hasControlChars(category)) return { ok: false, message: oneLineMessage("Category"), field: "category" };
  if (imageUrl !== "" && !isHttpUrl(imageUrl)) return { ok: false, message: NEWS_MESSAGES.invalidImageUrl, field: "imageUrl" };
  return { ok: true, value: { title, content, category, imageUrl: imageUrl === "" ? undefined : imageUrl } };
}

/** Defaults merged with the categories in use, each once, sorted. */
export function mergeCategories(inUse: readonly string[]): string[] {
  return [...new Set([...ARTICLE_CATEGORIES, ...inUse])].sort((a, b) => a.localeCompare(b));
}
