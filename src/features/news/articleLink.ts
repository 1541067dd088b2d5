// An article's own address (/news/{id}): its page, shared by Copy link in the reader and on the page.
import { toast } from "sonner";

export const ARTICLE_GONE = "This article is no longer available.";
const LINK_COPIED = "Link copied";

function articleUrl(articleId: string): string {
  return new URL(`/news/${encodeURIComponent(articleId)}`, window.location.origin).href;
}

export async function copyLink(articleId: string) {
  try {
    await navigator.clipboard.writeText(articleUrl(articleId));
    toast.success(LINK_COPIED);
  } catch {
    // No clipboard (permission, insecure origin): the address bar already shows the link.
    toast.error("Could not copy the link; copy it from the address bar.");
  }
}
