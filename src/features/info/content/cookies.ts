import { LEGAL_LAST_UPDATED, PRODUCT_NAME, SUPPORT_EMAIL } from "./constants";
import type { LegalPageContent } from "./types";

export const cookiePolicy = {
  slug: "cookie-policy",
  kind: "legal",
  title: "Cookie Policy",
  summary: `${PRODUCT_NAME} sets no advertising or analytics cookies and loads no trackers. This page lists the little we keep in your browser and why.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "short-version",
      heading: "The short version",
      paragraphs: [
        `${PRODUCT_NAME} itself does not set cookies. To keep you signed in and to remember a referral link you followed, the app uses your browser's local storage, which works like a cookie that is never sent to other websites. There are no ad networks, tracking pixels, fingerprinting or third-party analytics.`,
      ],
    },
    {
      id: "what-we-store",
      heading: "What we keep in your browser",
      paragraphs: ["Everything the app stores on your device:"],
      bullets: [
        "Sign-in tokens (local storage): a short-lived access token and a refresh token that keep you signed in between visits. They are strictly necessary; without them you would have to sign in on every page. They are removed when you sign out.",
        "Referral code (local storage): when you open a link such as tagmything.com/?ref=CODE, the code is kept until you verify a new account so the person who invited you is credited. It is used once and never shared with anyone but our own servers.",
        "Recent console messages (memory only): the bug-report widget remembers the page's latest errors and warnings while the page is open. They are never written to storage and leave your browser only if you submit a bug report.",
      ],
    },
    {
      id: "consent",
      heading: "Why there is no cookie banner",
      paragraphs: [
        "Privacy law asks for consent before storing information that is not needed for a service you asked for. Everything above is needed for signing in or for the referral link you chose to follow, so we do not show a consent banner. If we ever add anything that needs consent, we will ask first and update this page.",
      ],
    },
    {
      id: "third-parties",
      heading: "Content from other sites",
      paragraphs: [
        "The app talks only to our own backend, hosted by Convex. Some images come from addresses that people enter, such as an avatar URL or a news article's image. Your browser fetches those from the site that hosts them, which can see your IP address, as with any image on the web. We do not embed social-media widgets or video players.",
      ],
    },
    {
      id: "clearing",
      heading: "Clearing or blocking storage",
      paragraphs: [
        "Signing out clears everything the app keeps in your browser's local and session storage. You can also clear site data in your browser settings at any time. If you block local storage you can still read public pages and verify serials, but you will not be able to sign in or stay signed in.",
      ],
    },
    {
      id: "contact",
      heading: "Questions",
      paragraphs: [`Ask us at ${SUPPORT_EMAIL}.`],
    },
  ],
  related: ["privacy-policy", "gdpr-compliance", "terms-of-service"],
} satisfies LegalPageContent;
