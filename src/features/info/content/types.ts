type LegalSlug =
  | "privacy-policy"
  | "terms-of-service"
  | "cookie-policy"
  | "gdpr-compliance"
  | "data-processing-agreement";

type HelpSlug = "support" | "faq" | "about-us" | "careers" | "documentation";

export type InfoSlug = LegalSlug | HelpSlug;

export interface FaqItem {
  question: string;
  answer: string[];
}

/** A pre-filled email to support, rendered as a mailto link. */
interface ContactLink {
  label: string;
  subject: string;
}

/** A link to another screen of the app, rendered with the router's <Link>. */
interface AppLink {
  label: string;
  to: string;
}

/** A command or an answer shown as code; `{siteUrl}` becomes this deployment's API origin. */
interface CodeExample {
  label: string;
  text: string;
}

export interface InfoSection {
  /** Stable anchor id, so other pages can deep-link to /faq#tokens etc. */
  id: string;
  heading: string;
  paragraphs: string[];
  bullets?: string[];
  faqs?: FaqItem[];
  links?: AppLink[];
  contact?: ContactLink;
  code?: CodeExample[];
}

interface PageBase<S extends InfoSlug> {
  slug: S;
  title: string;
  summary: string;
  sections: InfoSection[];
  related: InfoSlug[];
}

/** Legal pages must carry the date their text last changed (ISO yyyy-mm-dd). */
export interface LegalPageContent extends PageBase<LegalSlug> {
  kind: "legal";
  lastUpdated: string;
}

export interface HelpPageContent extends PageBase<HelpSlug> {
  kind: "help";
}

export type InfoPageContent = LegalPageContent | HelpPageContent;
