import { NEWS_TEAM_AUTHOR } from "../../../convex/lib/news/rules";

/** The first `max` characters, with an ellipsis when there is more. */
export function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).trimEnd()}...`;
}

/** An article's paragraphs: one per non-empty line. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function authorOrTeam(name: string | null): string {
  return name ?? NEWS_TEAM_AUTHOR;
}
