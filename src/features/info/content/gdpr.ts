import { DELETION_GRACE_DAYS, LEGAL_LAST_UPDATED, PRODUCT_NAME, SUPPORT_EMAIL } from "./constants";
import type { LegalPageContent } from "./types";

export const gdprCompliance = {
  slug: "gdpr-compliance",
  kind: "legal",
  title: "GDPR Compliance",
  summary: `How ${PRODUCT_NAME} meets the EU and UK General Data Protection Regulation, the rights you have over your data and exactly how to use them.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "roles",
      heading: "Controller and processor",
      paragraphs: [
        `${PRODUCT_NAME} is the controller of the data of its members: accounts, profiles, asset registers, next-of-kin wishes, wallets, referrals, votes and bug reports. When a business records personal data in its inventory, the business is the controller and ${PRODUCT_NAME} processes that data for it under our Data Processing Agreement.`,
      ],
      links: [{ label: "Data Processing Agreement", to: "/data-processing-agreement" }],
    },
    {
      id: "principles",
      heading: "How we apply the principles",
      paragraphs: ["Data protection is built into the product rather than added on top:"],
      bullets: [
        "Minimisation: we ask only for an email address or a phone number to create an account; name and avatar are optional.",
        "Privacy by default: verification pages show a masked owner and never contact details, and assets are only listed publicly when you mark them public.",
        "Transparency: before a bug report is sent you see the screenshot, the console entries and the context that will go with it, and you can cancel.",
        "Integrity: every read and write is authorised on the server, balances change only with a recorded transaction, and administrative role changes are audit-logged.",
        "Storage limitation: retention periods are set out in our Privacy Policy, and sign-out clears the app's data from your browser.",
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      paragraphs: ["Under the GDPR you have the right to:"],
      bullets: [
        "Access: download a copy of all the personal data we hold about you under Settings, Download my data (Article 15).",
        "Rectification: have inaccurate data corrected. You can change your name and avatar yourself on your Profile, and your assets on My Assets.",
        `Erasure: delete your account yourself under Settings, Delete account (Article 17). After a ${DELETION_GRACE_DAYS}-day grace period, in which you can cancel, your personal data is erased; the anonymised records the Privacy Policy lists are kept.`,
        "Restriction: ask us to pause using your data while a complaint is resolved.",
        "Portability: the same download gives your data in a structured, machine-readable format, JSON and CSV, with your items' photos and files (Article 20). Business inventories can also be exported as CSV from the business dashboard.",
        "Objection: object to processing based on our legitimate interests.",
        "Complaint: complain to your data protection authority, for example your national authority in the EU or the Information Commissioner's Office in the UK. We would appreciate the chance to help first.",
      ],
    },
    {
      id: "exercise",
      heading: "How to exercise them",
      paragraphs: [
        `Most rights you can use yourself in the app. For anything else, or if you cannot sign in, email ${SUPPORT_EMAIL} with the subject "GDPR request", saying which right you want to use; an administrator can then run the download or the deletion for you; you are told by email, and a deletion can still be cancelled. Send it from the email address on your account; if you sign in by phone, include that number and we will confirm by a text message. We may ask for more to confirm your identity, but never your password or a sign-in code.`,
        "We reply within one month. If a request is complex we may extend that by up to two further months, and we will tell you why within the first month. Requests are free unless they are manifestly unfounded or excessive.",
      ],
      contact: { label: "Start a GDPR request", subject: "GDPR request" },
      links: [
        { label: "Download your data in Settings", to: "/settings#your-data" },
        { label: "Delete your account in Settings", to: "/settings#delete-account" },
        { label: "What deletion erases and keeps", to: "/privacy-policy#deleting-your-account" },
      ],
    },
    {
      id: "processors",
      heading: "Sub-processors",
      paragraphs: ["We use these providers, each bound by a data processing agreement:"],
      bullets: [
        "Convex: database, server functions and file storage.",
        "Resend: transactional email.",
        "Twilio: text messages with sign-in codes.",
      ],
    },
    {
      id: "breaches",
      heading: "Breach notification",
      paragraphs: [
        "If a personal data breach occurs we notify the competent supervisory authority within 72 hours of becoming aware of it unless it is unlikely to result in a risk to anyone, and we tell affected members without undue delay when the risk to them is high. Business customers are told without undue delay, as the Data Processing Agreement sets out.",
      ],
    },
    {
      id: "contact",
      heading: "Data protection contact",
      paragraphs: [`Every question about data protection reaches us at ${SUPPORT_EMAIL}.`],
    },
  ],
  related: ["privacy-policy", "data-processing-agreement", "cookie-policy"],
} satisfies LegalPageContent;
