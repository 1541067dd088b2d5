import { Fragment } from "react";
import { SUPPORT_EMAIL } from "./content";

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

export function mailtoHref(subject?: string, email: string = SUPPORT_EMAIL) {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export const inlineLinkClass =
  "font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 rounded-sm dark:text-indigo-300 dark:decoration-indigo-500/50 dark:hover:text-indigo-200";

/** Plain copy with email addresses turned into mailto links; never parsed as HTML. */
export function RichText({ text }: { text: string }) {
  const parts = text.split(EMAIL);
  return (
    <>
      {parts.map((part, i) =>
        // split() with a capture group puts the matches at odd indexes.
        i % 2 === 1 ? (
          <a key={i} href={mailtoHref(undefined, part)} className={inlineLinkClass}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
