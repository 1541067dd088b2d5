import { Link } from "react-router";
import { INFO_PAGES, SUPPORT_EMAIL, type InfoSlug } from "./content";
import { RichText } from "./RichText";

export function RelatedPages({ slugs }: { slugs: InfoSlug[] }) {
  return (
    <nav
      aria-labelledby="info-related-heading"
      className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <h2 id="info-related-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Related pages
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {slugs.map((slug) => (
          <li
            key={slug}
            className="relative h-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-500 hover:border-indigo-300 hover:bg-indigo-50/50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/60 dark:hover:bg-slate-800"
          >
            {/* The link's ::after covers the card, so the whole card is clickable while its name stays the title. */}
            <Link
              to={`/${slug}`}
              aria-describedby={`related-${slug}-summary`}
              className="font-medium text-slate-900 outline-none after:absolute after:inset-0 after:rounded-2xl dark:text-white"
            >
              {INFO_PAGES[slug].title}
            </Link>
            <p id={`related-${slug}-summary`} className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
              {INFO_PAGES[slug].summary}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        <RichText text={`Still have a question? Email ${SUPPORT_EMAIL} and we will help.`} />
      </p>
    </nav>
  );
}
