import { WEIGHT_MOMENT } from "../../../../convex/lib/dao/rules";
import {
  LEGAL_LAST_UPDATED,
  PRODUCT_NAME,
  REFERRAL_REWARD,
  SIGNUP_BONUS,
  SUPPORT_EMAIL,
  TAGGING_COST,
  TOKEN_SYMBOL,
} from "./constants";
import type { LegalPageContent } from "./types";

export const termsOfService = {
  slug: "terms-of-service",
  kind: "legal",
  title: "Terms of Service",
  summary: `The rules for using ${PRODUCT_NAME}: your account, what a tag does and does not prove, how ${TOKEN_SYMBOL} tokens, referrals and the DAO work, and what we are responsible for.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "agreement",
      heading: "Agreement",
      paragraphs: [
        `These terms are an agreement between you and ${PRODUCT_NAME}. By creating an account or using the service you accept them. If you use ${PRODUCT_NAME} for a business, you accept them on the business's behalf, and our Data Processing Agreement also applies.`,
      ],
      links: [{ label: "Data Processing Agreement", to: "/data-processing-agreement" }],
    },
    {
      id: "accounts",
      heading: "Your account",
      paragraphs: [
        "You must be at least 16 to have an account. Sign in with an email address and password or with a phone number and a one-time code. Keep your password and codes to yourself: we will never ask for them, and you are responsible for what happens under your account. Tell us at once if you think someone else has access.",
        "Give us accurate details and keep your email address or phone number current, because that is how we verify requests about your account.",
      ],
    },
    {
      id: "tags",
      heading: "Tags and serial numbers",
      paragraphs: [
        "Each asset you tag receives a unique serial number in the format TMT-XXXX-XXXX, and anyone who has the serial can check it on its verification page. A tag records what you tell us. It is not proof of legal ownership, a certificate of authenticity or a valuation, and we do not inspect items.",
        "Only tag things you own or are entitled to register, describe them truthfully and keep their status current: mark an item lost, stolen or transferred when that happens. You keep all rights in the descriptions and photos you upload; you give us the licence we need to store them and to show the parts you make public.",
      ],
    },
    {
      id: "tokens",
      heading: `${TOKEN_SYMBOL} tokens`,
      paragraphs: [
        `${TOKEN_SYMBOL} is the in-app token of ${PRODUCT_NAME}. New accounts receive a sign-up bonus of ${SIGNUP_BONUS} ${TOKEN_SYMBOL}; tagging an asset costs ${TAGGING_COST} ${TOKEN_SYMBOL}; a referrer earns ${REFERRAL_REWARD} ${TOKEN_SYMBOL} when someone they referred verifies their account. We may change these amounts for the future; changes never alter transactions already recorded.`,
        `${TOKEN_SYMBOL} is not money, e-money or an investment. At present it cannot be bought, sold, withdrawn or exchanged for cash, and it has no value outside ${PRODUCT_NAME}. An action that would take your balance below zero is refused. We may reverse tokens obtained through fraud, error or abuse of these terms.`,
      ],
    },
    {
      id: "referrals",
      heading: "Referrals",
      paragraphs: [
        "Every member has a referral code and a share link. A referral is applied once, when the new member verifies their account; a member without a valid code is assigned to our default referrer. Referring yourself, referral loops, fake or duplicate accounts and spam are not allowed, and rewards earned that way will be removed.",
        "Influencers who promote us must say clearly that they may earn rewards from their links, as advertising rules require.",
      ],
    },
    {
      id: "legacy",
      heading: "Next of kin and legacy",
      paragraphs: [
        `The next-of-kin and will features record your wishes about who should receive which assets. ${PRODUCT_NAME} is not a will, does not transfer legal title to anything and does not give legal advice. Make a valid will under the law that applies to you; where it conflicts with what you recorded here, the will prevails. Only nominate people who have agreed to be contacted.`,
      ],
    },
    {
      id: "business",
      heading: "Business accounts",
      paragraphs: [
        "Business features (the business dashboard, inventory, CSV import and export) are enabled on an account by us. A business is responsible for the accuracy of its inventory and for having a lawful basis for any personal data it records; for that data we act as its processor under the Data Processing Agreement.",
      ],
    },
    {
      id: "dao",
      heading: "DAO and voting",
      paragraphs: [
        `Members can vote on DAO proposals. A vote is free and weighs the voter's ${TOKEN_SYMBOL} balance ${WEIGHT_MOMENT}. Unless a proposal says otherwise, results guide our decisions but do not bind ${PRODUCT_NAME}, and they never create rights in tokens or in the company.`,
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      paragraphs: ["You must not:"],
      bullets: [
        "register items you know to be stolen or counterfeit, or misreport an item's status;",
        "upload unlawful content, or personal data of others without a lawful basis;",
        "try to read other members' data, get around limits, or probe or overload the service (report security issues to us instead);",
        "impersonate anyone or use the service to harass, defraud or mislead.",
      ],
    },
    {
      id: "suspension",
      heading: "Suspension and closing your account",
      paragraphs: [
        "You can close your account at any time by asking support. We may suspend or close an account that breaks these terms, telling you why unless the law or an investigation prevents it. When an account closes, its tokens lapse and its data is handled as our Privacy Policy describes.",
      ],
    },
    {
      id: "liability",
      heading: "Our responsibility",
      paragraphs: [
        "We work to keep the service available and your records accurate and safe, but we provide it as it is and cannot promise it will be uninterrupted or error-free. We are not responsible for what other people do with items or with information you make public, or for losses caused by someone using your sign-in details.",
        "Nothing in these terms limits liability that cannot be limited by law, including for death or personal injury caused by negligence or for fraud, and nothing affects your statutory rights as a consumer.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms as the product changes. The date at the top shows the latest version. We tell members about material changes before they take effect; if you do not agree, you can close your account.",
      ],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: [`Questions about these terms: ${SUPPORT_EMAIL}.`],
    },
  ],
  related: ["privacy-policy", "data-processing-agreement", "cookie-policy", "faq"],
} satisfies LegalPageContent;
