import { NEWS_TEAM_AUTHOR } from "../../../convex/lib/news/rules";

/** The first `max` characters of the text as read (Markdown marks left out), with an ellipsis when there is more. */
export function preview(text: string, max: number): string {
  const flat = plainText(text).replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).trimEnd()}...`;
}

/**
 * Article Markdown with every line break made a paragraph break (the spec's reader splits the
 * content into paragraphs at line breaks); lists stay lists, with their items spaced.
 */
export function markdownOfArticle(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\n+/g, "\n\n");
}

/** Markdown as plain words, for previews and link descriptions: "## **New** [app](https://…)" → "New app". */
function plainText(markdown: string): string {
  return markdown
    .replace(/<[^>]*>/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__|\*|_|`|~~)/g, "");
}

/** The URL when it parses and uses one of `schemes`, else null (javascript:, data:, relative paths). */
export function safeUrl(url: string | undefined, schemes: string[]): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return schemes.includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

export function authorOrTeam(name: string | null): string {
  return name ?? NEWS_TEAM_AUTHOR;
}
