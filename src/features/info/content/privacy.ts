import {
  DELETION_GRACE_DAYS,
  ERASED_ON_DELETION,
  EXPORT_TTL_DAYS,
  KEPT_AFTER_DELETION,
  LEGAL_LAST_UPDATED,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from "./constants";
import type { LegalPageContent } from "./types";

export const privacyPolicy = {
  slug: "privacy-policy",
  kind: "legal",
  title: "Privacy Policy",
  summary: `What ${PRODUCT_NAME} stores about you, why, who processes it for us, how long we keep it and how to get a copy or have it deleted.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      paragraphs: [
        `${PRODUCT_NAME} is a service for tagging and registering the things you own: physical items, NFTs and other digital assets, what you want to pass to your next of kin, and a business's inventory. For the personal data described here, ${PRODUCT_NAME} is the controller.`,
        `Questions about this policy or your data go to ${SUPPORT_EMAIL}.`,
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      paragraphs: ["We store only what the service needs to work:"],
      bullets: [
        `Account: the email address or phone number you sign in with and whether it is verified. Passwords are stored only as a salted hash; nobody at ${PRODUCT_NAME} can read them. One-time sign-in codes expire after ${OTP_TTL_MINUTES} minutes.`,
        "Profile: your full name and avatar image address if you add them, your role (member, moderator or admin), whether business features are enabled, your referral code and the account that referred you.",
        "Assets: for each tag, its name, description, kind (general, NFT, will/legacy or business), serial number, status (active, lost, stolen or transferred), public or private setting, photos you upload, and a history of every change.",
        "Next of kin: the names and contact details of the people you nominate and which assets each of them should receive.",
        "Wallet: your TMT balance and every transaction (amount, earned or spent, source, description and time).",
        "DAO: proposals you create and the votes you cast, with the weight each vote carried.",
        "Bug reports you choose to send: your description, a screenshot of the page you were on, the most recent console entries of that page (errors, warnings and messages mentioning an error, failure or timeout), the page address, your browser's user agent and window size, the time, and your user id and role. Passwords, codes and the private links we send (reset, confirmation and beneficiary links) are removed from the address, the console entries and the description before they leave your browser, and again when they reach us; an authenticator key and recovery codes are left out of the screenshot.",
        "Activity: when your account was created and when you were last active (recorded at most once a minute).",
        "Technical data: our hosting provider processes IP addresses and request details to deliver the service and protect it from abuse, and we count recent code and email requests to rate-limit them.",
      ],
    },
    {
      id: "how-we-use",
      heading: "How we use it, and on what basis",
      paragraphs: ["Each use has a lawful basis under the GDPR:"],
      bullets: [
        "To run your account, keep your asset register, serials, next-of-kin wishes, wallet and referrals, and to send the verification, password-reset and sign-in messages you ask for: performance of our contract with you.",
        "To keep the service secure (rate limits, failed-attempt limits, an audit log of administrative changes) and to fix faults you report: our legitimate interest in a safe, working service.",
        "To answer your support requests: performance of our contract, or our legitimate interest when you are not a member.",
        "To meet legal obligations, for example a valid order from a court or authority: legal obligation.",
      ],
    },
    {
      id: "what-others-see",
      heading: "What other people can see",
      paragraphs: [
        "Anyone who has a serial number can open its verification page. It shows the item, its kind and status and a masked owner name, so a finder or a buyer can check it; it never shows your email address or phone number. Assets you mark as public also appear on the Public Assets page.",
        "Moderators see bug reports, including the screenshot, console entries and the name and email of the reporter, so they can reproduce the problem. Administrators can see account details and change roles; every such change is written to an audit log. Articles on the News page show their author's name.",
        "Your next of kin do not get access to your account. They receive the records of the assets you assigned to them only under the legacy release process described in the FAQ.",
      ],
      links: [{ label: "How legacy release works", to: "/faq#legacy" }],
    },
    {
      id: "processors",
      heading: "Who processes data for us",
      paragraphs: [
        "We do not sell personal data, share it with advertisers or use it to build advertising profiles. These service providers process it on our behalf, under contract and only for the purposes below:",
      ],
      bullets: [
        "Convex: hosts our database, server functions and file storage (asset photos and bug-report screenshots).",
        "Resend: delivers our emails (address verification and password-reset links).",
        "Twilio: delivers our text messages (one-time sign-in codes).",
      ],
    },
    {
      id: "transfers",
      heading: "International transfers",
      paragraphs: [
        "Our providers may process data outside the UK and the European Economic Area, including in the United States. Where they do, the transfer is covered by an adequacy decision or by the European Commission's Standard Contractual Clauses (and the UK Addendum), with supplementary measures where needed.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      paragraphs: ["We keep data only as long as it is needed:"],
      bullets: [
        `Account, profile, assets, next-of-kin details, wallet and referral records: for as long as your account is open. When you delete your account they are erased ${DELETION_GRACE_DAYS} days later, except the anonymised records listed under "Deleting your account".`,
        "Bug reports: until the problem is resolved, and at most 12 months after the report.",
        "One-time codes and password-reset links: until used or expired.",
        "Audit log of administrative changes: 24 months, to investigate misuse.",
        "Support emails: 24 months after the conversation ends.",
      ],
    },
    {
      id: "deleting-your-account",
      heading: "Deleting your account",
      paragraphs: [
        `You can delete your account yourself under Settings, Delete account. You confirm with your password, or, if your account has none, with a code we send to your email address (or phone). Deletion then waits ${DELETION_GRACE_DAYS} days, during which every page shows when it will happen and a "Cancel deletion" button; signing in and cancelling keeps everything as it was. If you cannot sign in, email us and an administrator can schedule or cancel it for you after confirming it is you. When the ${DELETION_GRACE_DAYS} days are over we end every session and erase:`,
      ],
      bullets: [...ERASED_ON_DELETION],
      links: [{ label: "Delete your account in Settings", to: "/settings#delete-account" }],
    },
    {
      id: "kept-after-deletion",
      heading: "What we keep after deletion",
      paragraphs: ["We keep only these records, without your name, email address or phone number:"],
      bullets: [...KEPT_AFTER_DELETION],
    },
    {
      id: "security",
      heading: "How we protect it",
      paragraphs: [
        "Every request is checked on the server against your identity and role before it reads or changes anything; the app only hides what the server already refuses. Connections are encrypted, passwords are hashed, sign-in codes expire, repeated requests are rate-limited and wrong codes or passwords are limited. Balances change only together with a recorded transaction.",
        `If a personal data breach is likely to put your rights at risk, we will tell you without undue delay and notify the supervisory authority within 72 hours, as the GDPR requires.`,
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      paragraphs: [
        `You can access, correct, delete or export your data, restrict or object to our use of it, and complain to a data protection authority. You can edit your name and avatar on your Profile, and under Settings download all your data (a ZIP: your account, wallet, referrals, next of kin, bug reports, sessions and audit entries about you, and each workspace you own with its items as JSON and CSV, their files and history; the link works for ${EXPORT_TTL_DAYS} days) or delete your account, at any time. For everything else, email us from the address or phone number on your account; we reply within one month.`,
      ],
      links: [{ label: "Your GDPR rights in detail", to: "/gdpr-compliance#rights" }],
      contact: { label: "Email a privacy request", subject: "Privacy request" },
    },
    {
      id: "children",
      heading: "Children",
      paragraphs: [
        `${PRODUCT_NAME} is not intended for anyone under 16. If you believe a child has given us personal data, tell us and we will delete it.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "When we change this policy we update the date at the top. If a change materially affects how we use your data, we tell signed-in members in the app or by email before it takes effect.",
      ],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: [`Write to ${SUPPORT_EMAIL} with any question about your privacy.`],
    },
  ],
  related: ["gdpr-compliance", "cookie-policy", "terms-of-service", "data-processing-agreement"],
} satisfies LegalPageContent;
