// The one entry point for the information and legal pages' copy.
import { aboutUs, careers } from "./content/company";
import { cookiePolicy } from "./content/cookies";
import { documentation } from "./content/docs";
import { dataProcessingAgreement } from "./content/dpa";
import { faq } from "./content/faq";
import { gdprCompliance } from "./content/gdpr";
import { privacyPolicy } from "./content/privacy";
import { support } from "./content/support";
import { termsOfService } from "./content/terms";
import type { InfoPageContent, InfoSlug } from "./content/types";

export type {
  FaqItem,
  InfoPageContent,
  InfoSection,
  InfoSlug,
} from "./content/types";
export { SUPPORT_EMAIL } from "./content/constants";

type PagesBySlug = { [S in InfoSlug]: InfoPageContent & { slug: S } };

const pages: PagesBySlug = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
  "gdpr-compliance": gdprCompliance,
  "data-processing-agreement": dataProcessingAgreement,
  support,
  faq,
  "about-us": aboutUs,
  careers,
  documentation,
};

export const INFO_PAGES: Record<InfoSlug, InfoPageContent> = pages;

export const INFO_SLUGS = Object.keys(INFO_PAGES) as InfoSlug[];

export function isInfoSlug(value: string): value is InfoSlug {
  return Object.hasOwn(INFO_PAGES, value);
}
