import type { InfoSection } from "./content";

/** In-page anchors; plain hash links so the browser's own back button and focus handling apply. */
export function TableOfContents({ sections }: { sections: InfoSection[] }) {
  return (
    <nav
      aria-labelledby="info-toc-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-4 lg:sticky lg:top-24 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h2
        id="info-toc-heading"
        className="text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400"
      >
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="block rounded-md px-2 py-1 text-slate-700 hover:bg-white hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-indigo-300"
            >
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
