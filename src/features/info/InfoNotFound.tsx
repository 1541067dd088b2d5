import { Link } from "react-router";
import { INFO_PAGES, INFO_SLUGS } from "./content";
import { inlineLinkClass } from "./RichText";

export function InfoNotFound() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
        We could not find that page. It may have moved; these pages are available:
      </p>
      <ul className="mt-6 grid gap-2 sm:grid-cols-2">
        {INFO_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to={`/${slug}`} className={inlineLinkClass}>
              {INFO_PAGES[slug].title}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to="/" className={inlineLinkClass}>
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
