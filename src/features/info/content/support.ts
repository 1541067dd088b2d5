import {
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from "./constants";
import type { HelpPageContent } from "./types";

export const support = {
  slug: "support",
  kind: "help",
  title: "Support",
  summary: `How to get help with ${PRODUCT_NAME}: email, the in-app bug reporter, and how quickly we answer.`,
  sections: [
    {
      id: "self-help",
      heading: "Find an answer now",
      paragraphs: [
        "Most questions about serials, verification, tokens, referrals, next of kin and business inventory are answered in the FAQ, and the Documentation walks through every feature step by step.",
      ],
      links: [
        { label: "FAQ", to: "/faq" },
        { label: "Documentation", to: "/documentation" },
      ],
    },
    {
      id: "email",
      heading: "Email us",
      paragraphs: [
        `Write to ${SUPPORT_EMAIL}. To help us answer in one reply, send it from the email address on your account (or include the phone number you sign in with) and tell us:`,
      ],
      bullets: [
        "what you were trying to do and what happened instead;",
        "the serial number (TMT-XXXX-XXXX) if it is about a tagged item;",
        "the page address and the time, and a screenshot if you can.",
      ],
      contact: { label: "Email support", subject: "Support request" },
    },
    {
      id: "bug-reports",
      heading: "Report a bug from the app",
      paragraphs: [
        "When you are signed in, a Report a Bug button floats in the corner of the page. It captures a screenshot of the page and its most recent console errors and warnings, and shows you everything, along with your name, email, the page path and the time, before you send it. Describe what went wrong and press Submit Bug Report.",
        "Reports reach our moderators immediately. Check the screenshot before sending: it contains whatever was on your screen.",
      ],
    },
    {
      id: "response-times",
      heading: "Response times",
      paragraphs: ["We answer on business days (Monday to Friday) and aim for:"],
      bullets: [
        "Account access and security problems: a first reply within 1 business day.",
        "Everything else by email: a first reply within 2 business days.",
        "Bug reports: reviewed within 2 business days; we email you if we need more detail.",
        "Privacy and GDPR requests: a full answer within one month, as the law requires.",
      ],
    },
    {
      id: "sign-in",
      heading: "Trouble signing in",
      paragraphs: ["Try these first:"],
      bullets: [
        "Forgot your password: use Forgot your password? on the sign-in screen to get a reset link by email.",
        "No verification email: sign in with your email and password and we send a fresh link. Check your spam folder.",
        `Phone codes: a code is valid for ${OTP_TTL_MINUTES} minutes and you can ask for a new one after ${OTP_RESEND_SECONDS} seconds. If you are told 'Too many requests', the message says how many minutes to wait before retrying.`,
      ],
      links: [{ label: "Reset your password", to: "/forgot-password" }],
    },
    {
      id: "lost-found",
      heading: "Lost, stolen or found items",
      paragraphs: [
        "If something you tagged goes missing, mark it lost or stolen in My Assets; anyone who checks its serial will see that status. For theft, report it to the police as well: we record status but cannot recover items.",
        "Found something with a TagMyThing serial? Open its verification page and use the report-found option. We never reveal the owner's contact details.",
      ],
      links: [{ label: "My Assets", to: "/assets" }],
    },
    {
      id: "security",
      heading: "Security vulnerabilities",
      paragraphs: [
        `If you find a security problem, email ${SUPPORT_EMAIL} with the subject "Security" and do not access other people's data while testing. We acknowledge security reports within 1 business day and credit reporters who ask for it.`,
      ],
      contact: { label: "Report a security issue", subject: "Security" },
    },
    {
      id: "never-share",
      heading: "We will never ask for your password",
      paragraphs: [
        `Nobody from ${PRODUCT_NAME} will ask for your password or a sign-in code, by email, text or phone. If someone does, do not reply, and forward the message to us.`,
      ],
    },
  ],
  related: ["faq", "documentation", "privacy-policy", "gdpr-compliance"],
} satisfies HelpPageContent;
