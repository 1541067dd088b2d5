import { useEffect } from "react";
import { PRODUCT_NAME } from "../../convex/lib/constants";

/** The head tag `<meta {key}="{name}">`, made when the page has none. */
function metaTag(key: "name" | "property", name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${key}="${name}"]`);
  if (tag === null) {
    tag = document.createElement("meta");
    tag.setAttribute(key, name);
    document.head.append(tag);
  }
  return tag;
}

/**
 * While mounted: the title "{title} · TagMyThing" and, when given, the description, as the
 * page's own and its Open Graph pair (what a link preview that runs the page reads). The
 * previous values come back after.
 */
export function useDocumentMeta(title: string, description?: string) {
  useEffect(() => {
    const full = `${title} · ${PRODUCT_NAME}`;
    const tags = description === undefined ? [] : [metaTag("name", "description"), metaTag("property", "og:description")];
    const titleTag = metaTag("property", "og:title");
    const before = { title: document.title, og: titleTag.content, tags: tags.map((t) => t.content) };
    document.title = full;
    titleTag.content = full;
    for (const tag of tags) tag.content = description!;
    return () => {
      document.title = before.title;
      titleTag.content = before.og;
      tags.forEach((tag, i) => (tag.content = before.tags[i]!));
    };
  }, [title, description]);
}
