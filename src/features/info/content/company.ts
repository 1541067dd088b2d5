import { PRODUCT_NAME, SUPPORT_EMAIL, TOKEN_SYMBOL } from "./constants";
import type { HelpPageContent } from "./types";

export const aboutUs = {
  slug: "about-us",
  kind: "help",
  title: "About Us",
  summary: `${PRODUCT_NAME} gives everything you own a verifiable identity: a tag, a serial anyone can check, and a clear record of where it should go next.`,
  sections: [
    {
      id: "why",
      heading: "Why we built it",
      paragraphs: [
        "Most of what people own has no record at all. When a bike is stolen there is nothing to prove it was yours; when someone buys second-hand they cannot tell whether it was stolen; when someone dies their family has to guess what they owned and who it was meant for; and a business tracking equipment often has only a spreadsheet.",
        `${PRODUCT_NAME} answers all of these with one simple idea: tag the thing, give it a serial, and let anyone verify it.`,
      ],
    },
    {
      id: "what",
      heading: "What we do",
      paragraphs: ["One register covers four kinds of ownership:"],
      bullets: [
        "General tagging for everyday valuables.",
        "NFT and digital-asset tagging, linking what you hold online to a record you control.",
        "MyWill tagging, so your next of kin know what you own and who should receive it.",
        "Business tagging, with inventory, bulk import and export.",
      ],
      links: [
        { label: "General tagging", to: "/general-tagging" },
        { label: "NFT tagging", to: "/nft-tagging" },
        { label: "MyWill tagging", to: "/mywill-tagging" },
        { label: "Business tagging", to: "/business-tagging" },
      ],
    },
    {
      id: "principles",
      heading: "What we believe",
      paragraphs: [],
      bullets: [
        "Your record is yours: you decide what is public, and verification never exposes your contact details.",
        "Trust should be checkable: a serial anyone can verify beats a promise.",
        "Live, not stale: balances, statuses and news update on every open screen the moment they change.",
        `The community has a say: members vote on proposals in our DAO, weighted by their ${TOKEN_SYMBOL} balance.`,
        "Privacy by design: no ad trackers, no selling data, and the minimum we need to run the service.",
      ],
    },
    {
      id: "community",
      heading: "Community and news",
      paragraphs: [
        "Follow product updates, announcements and company news on our News page, join the conversation about where the product goes in the DAO, and help others discover us through the referral programme.",
      ],
      links: [
        { label: "News", to: "/news" },
        { label: "DAO", to: "/dao" },
      ],
    },
    {
      id: "contact",
      heading: "Get in touch",
      paragraphs: [`Press, partnerships or just a hello: ${SUPPORT_EMAIL}.`],
      contact: { label: "Email us", subject: `About ${PRODUCT_NAME}` },
    },
  ],
  related: ["careers", "faq", "documentation", "support"],
} satisfies HelpPageContent;

export const careers = {
  slug: "careers",
  kind: "help",
  title: "Careers",
  summary: `Help people prove, protect and pass on what they own. Here is how we work at ${PRODUCT_NAME} and how to reach us.`,
  sections: [
    {
      id: "how-we-work",
      heading: "How we work",
      paragraphs: [
        "We are a small, remote-friendly team that ships in small steps. Features go out behind server-side permission checks and automated tests, and the people who build a feature also talk to the members who use it.",
      ],
      bullets: [
        "Clear writing over long meetings.",
        "The server is the authority: security and privacy are part of every change, not a review at the end.",
        "Everyone reads bug reports; fixing what annoys members is real work.",
      ],
    },
    {
      id: "roles",
      heading: "Who we look for",
      paragraphs: [
        "We do not always have roles open, but we are always glad to hear from people with experience in:",
      ],
      bullets: [
        "Product engineering with TypeScript, React and real-time backends.",
        "Trust and safety, moderation and support for consumer products.",
        "Data protection and compliance for businesses handling personal data.",
        "Community, partnerships and creator or influencer programmes.",
      ],
    },
    {
      id: "apply",
      heading: "How to apply",
      paragraphs: [
        `Email ${SUPPORT_EMAIL} with the subject "Careers": tell us what you would like to work on and link to something you have made. We reply to every application, normally within two weeks. We use what you send only to consider you for a role and delete it within 12 months unless you ask us to keep it.`,
      ],
      contact: { label: "Send an application", subject: "Careers" },
    },
    {
      id: "fair",
      heading: "Fair hiring",
      paragraphs: [
        "We welcome applicants of every background, and we will make reasonable adjustments to our process if you tell us what you need.",
      ],
    },
  ],
  related: ["about-us", "support", "privacy-policy"],
} satisfies HelpPageContent;
