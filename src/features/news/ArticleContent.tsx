import Markdown, { type Components } from "react-markdown";
import { cn } from "../../ui";
import { markdownOfArticle, safeUrl } from "./newsFormat";

// The article's own headings sit under the page's or the reader's title (an h1 or the dialog's
// h2): each level moves down by two, so a "# Heading" is an h3.
const components: Components = {
  h1: ({ children }) => <h3 className="mt-2 text-xl font-bold text-slate-900 dark:text-white">{children}</h3>,
  h2: ({ children }) => <h4 className="mt-2 text-lg font-bold text-slate-900 dark:text-white">{children}</h4>,
  h3: ({ children }) => <h5 className="mt-2 font-semibold text-slate-900 dark:text-white">{children}</h5>,
  h4: ({ children }) => <h6 className="mt-2 font-semibold text-slate-900 dark:text-white">{children}</h6>,
  h5: ({ children }) => <h6 className="mt-2 font-semibold text-slate-900 dark:text-white">{children}</h6>,
  h6: ({ children }) => <h6 className="mt-2 font-semibold text-slate-900 dark:text-white">{children}</h6>,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal space-y-1 pl-6">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="border-l-4 border-slate-200 pl-4 italic dark:border-slate-700">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm dark:bg-slate-800">{children}</code>,
  // Links: http(s) and mailto only, opened apart from the app, never passing it as the referrer.
  a: ({ href, children }) => {
    const url = safeUrl(href, ["http:", "https:", "mailto:"]);
    if (url === null) return <span>{children}</span>;
    return (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-indigo-600 underline hover:text-indigo-500 dark:text-indigo-400">
        {children}
      </a>
    );
  },
  // Images: http(s) only; anything else shows its description as text.
  img: ({ src, alt }) => {
    const url = safeUrl(typeof src === "string" ? src : undefined, ["http:", "https:"]);
    if (url === null) return alt ? <span>{alt}</span> : null;
    return <img src={url} alt={alt ?? ""} loading="lazy" referrerPolicy="no-referrer" className="my-2 max-h-96 rounded-xl" />;
  },
};

/**
 * An article's content as safe Markdown (headings, bold, links, lists, images by http(s) URL).
 * Raw HTML in the text shows as the text it is, never as HTML; each line break starts a new paragraph, as
 * the spec's reader splits them. The reader, the article page and the editor's preview all use this.
 */
export function ArticleContent({ content, className }: { content: string; className?: string }) {
  return (
    <div className={cn("space-y-3 text-base leading-relaxed break-words text-slate-700 dark:text-slate-200", className)}>
      <Markdown components={components}>
        {markdownOfArticle(content)}
      </Markdown>
    </div>
  );
}
