import { INFO_PAGES, isInfoSlug, type InfoPageContent } from "./content";
import { InfoNotFound } from "./InfoNotFound";
import { InfoSectionView } from "./InfoSectionView";
import { RelatedPages } from "./RelatedPages";
import { TableOfContents } from "./TableOfContents";
import { useDocumentMeta } from "../../lib/useDocumentMeta";
import { useScrollToHash } from "./useScrollToHash";
import { formatLongDate } from "../../lib/format";

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN_SECTIONS = 5;

export default function InfoPage({ slug }: { slug: string }) {
  const page = isInfoSlug(slug) ? INFO_PAGES[slug] : null;
  useDocumentMeta(page ? page.title : "Page not found");
  useScrollToHash(page !== null);
  return page ? <InfoPageView page={page} /> : <InfoNotFound />;
}

function InfoPageView({ page }: { page: InfoPageContent }) {
  const showToc = page.sections.length >= TOC_MIN_SECTIONS;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">
          {page.kind === "legal" ? "Legal" : "Help & company"}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {page.title}
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">{page.summary}</p>
        {page.kind === "legal" && (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
            Last updated <time dateTime={page.lastUpdated}>{formatLongDate(Date.parse(`${page.lastUpdated}T00:00:00Z`), { utc: true })}</time>
          </p>
        )}
      </header>

      <div className={showToc ? "mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-12" : "mt-10"}>
        {showToc && (
          <div className="mb-10 lg:col-start-2 lg:row-start-1 lg:mb-0">
            <TableOfContents sections={page.sections} />
          </div>
        )}
        <article className="max-w-3xl min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          {page.sections.map((section) => (
            <InfoSectionView key={section.id} section={section} />
          ))}
        </article>
      </div>

      <div className="max-w-3xl">
        <RelatedPages slugs={page.related} />
      </div>
    </div>
  );
}
