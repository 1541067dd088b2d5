import { Link } from "react-router";
import type { FaqItem, InfoSection } from "./content";
import { RichText, inlineLinkClass, mailtoHref } from "./RichText";
import { convexSiteUrl } from "../../lib/convexSiteUrl";

export function InfoSectionView({ section }: { section: InfoSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
        {section.heading}
      </h2>
      <div className="mt-3 space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">
        {section.paragraphs.map((text) => (
          <p key={text}>
            <RichText text={text} />
          </p>
        ))}
        {section.bullets && (
          <ul className="list-disc space-y-2 pl-5 marker:text-indigo-500">
            {section.bullets.map((text) => (
              <li key={text}>
                <Bullet text={text} />
              </li>
            ))}
          </ul>
        )}
        {section.faqs && <FaqList items={section.faqs} />}
        {section.code?.map((example) => (
          <figure key={example.label}>
            <figcaption className="text-sm font-medium text-slate-900 dark:text-white">{example.label}</figcaption>
            <pre className="mt-2 whitespace-pre-wrap rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100 [overflow-wrap:anywhere] dark:bg-slate-950">
              <code>{example.text.replaceAll("{siteUrl}", convexSiteUrl())}</code>
            </pre>
          </figure>
        ))}
        {(section.links || section.contact) && (
          <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {section.links?.map((link) => (
              <Link key={link.to} to={link.to} className={inlineLinkClass}>
                {link.label}
              </Link>
            ))}
            {section.contact && (
              <a href={mailtoHref(section.contact.subject)} className={inlineLinkClass}>
                {section.contact.label}
              </a>
            )}
          </p>
        )}
      </div>
    </section>
  );
}

// Bullets written as "Label: detail" get a bold label, so long legal lists scan easily.
const LABEL = /^([^:]{2,40}): (.+)$/s;

function Bullet({ text }: { text: string }) {
  const match = LABEL.exec(text);
  if (!match) return <RichText text={text} />;
  return (
    <>
      <strong className="font-semibold text-slate-900 dark:text-white">{match[1]}:</strong> <RichText text={match[2]} />
    </>
  );
}

function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-2xl px-4 py-4 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 sm:px-5 dark:text-white dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400"
            >
              <path
                fillRule="evenodd"
                d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </summary>
          <div className="space-y-3 px-4 pb-4 text-slate-700 sm:px-5 dark:text-slate-300">
            {item.answer.map((text) => (
              <p key={text}>
                <RichText text={text} />
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
