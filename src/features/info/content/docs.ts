import { WEIGHT_MOMENT } from "../../../../convex/lib/dao/rules";
import {
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  REFERRAL_REWARD,
  SIGNUP_BONUS,
  TAGGING_COST,
  TOKEN_SYMBOL,
  VERIFY_API_EXAMPLE,
  VERIFY_API_EXAMPLE_FACTS,
  VERIFY_API_PER_MINUTE,
  WALLET_HISTORY_LIMIT,
} from "./constants";
import type { HelpPageContent } from "./types";

export const documentation = {
  slug: "documentation",
  kind: "help",
  title: "Documentation",
  summary: `A guide to every part of ${PRODUCT_NAME}: creating an account, tagging, verifying serials, the ${TOKEN_SYMBOL} wallet, referrals, next of kin, business inventory and the DAO.`,
  sections: [
    {
      id: "getting-started",
      heading: "Getting started",
      paragraphs: ["Create an account in one of two ways:"],
      bullets: [
        `Email and password (at least ${MIN_PASSWORD_LENGTH} characters). We email you a verification link; open it to activate your account.`,
        `Phone number. Pick your country code, enter your number and type the ${OTP_LENGTH}-digit code we text you. Codes are valid for ${OTP_TTL_MINUTES} minutes; you can ask for a new one after ${OTP_RESEND_SECONDS} seconds.`,
      ],
      links: [
        { label: "Sign up", to: "/signup" },
        { label: "Sign in with phone", to: "/auth/phone" },
      ],
    },
    {
      id: "first-steps",
      heading: "Your first steps",
      paragraphs: [
        `Your wallet starts with a ${SIGNUP_BONUS} ${TOKEN_SYMBOL} sign-up bonus. Add your name and an avatar on your Profile, then tag your first asset. After signing in, the Dashboard is your starting point.`,
      ],
      links: [
        { label: "Profile", to: "/profile" },
        { label: "Dashboard", to: "/dashboard" },
      ],
    },
    {
      id: "tagging",
      heading: "Tagging an asset",
      paragraphs: [
        `Choose Tag Asset, pick a kind, add a name, a description and photos, and decide whether the tag is public. Each tag costs ${TAGGING_COST} ${TOKEN_SYMBOL} and is given a serial in the format TMT-XXXX-XXXX straight away. There are four kinds:`,
      ],
      bullets: [
        "General: everyday valuables such as bikes, jewellery, instruments or electronics.",
        "NFT: NFTs and other digital assets, recorded alongside the rest of what you own.",
        "Will (MyWill): items you want to pass on; assign them to your next of kin.",
        "Business: inventory items on an account with business features.",
      ],
      links: [{ label: "Tag an asset", to: "/tag" }],
    },
    {
      id: "managing",
      heading: "Managing your assets",
      paragraphs: [
        "My Assets lists everything you have tagged. Open an asset to edit it, switch it between public and private, or change its status: active, lost, stolen or transferred. Every change is kept in the asset's history.",
      ],
      links: [{ label: "My Assets", to: "/assets" }],
    },
    {
      id: "verifying",
      heading: "Verifying a serial",
      paragraphs: [
        `Anyone can check a serial, with or without an account, at /verify/{serial}, for example /verify/${VERIFY_API_EXAMPLE.serial}. The page shows the item, its kind, its status and a masked owner name, and lets a finder report the item as found. Public tags are also listed on the Public Assets page.`,
      ],
      links: [{ label: "Public Assets", to: "/public-assets" }],
    },
    {
      id: "wallet",
      heading: "The wallet",
      paragraphs: [
        `Your ${TOKEN_SYMBOL} balance appears in the header on every page and links to the Wallet, which lists your latest ${WALLET_HISTORY_LIMIT} transactions. Earned amounts come from the sign-up bonus and referrals; spent amounts come from tagging. Every change to a balance is recorded as a transaction, and a balance can never go below zero: an action you cannot afford fails with 'Insufficient tokens' and changes nothing.`,
      ],
      links: [{ label: "Wallet", to: "/wallet" }],
    },
    {
      id: "referrals",
      heading: "Referrals",
      paragraphs: [
        `The Referrals page shows your code and a share link of the form /?ref=YOURCODE. When someone opens it, the code is remembered in their browser; when they sign up and verify their account, you earn ${REFERRAL_REWARD} ${TOKEN_SYMBOL}. Each account can be referred only once, self-referrals and loops are refused, and accounts without a valid code go to the default referrer.`,
      ],
      links: [{ label: "Referrals", to: "/referrals" }],
    },
    {
      id: "next-of-kin",
      heading: "Next of kin",
      paragraphs: [
        "On the NOK page add the people who should inherit your assets, with their contact details, then assign each will item to one of them. You can change your choices at any time. Then set the legacy release: an inactivity period and how many confirmed contacts must agree before each beneficiary receives a private link to the will assets assigned to them, as the FAQ explains.",
      ],
      links: [
        { label: "Next of kin", to: "/nok" },
        { label: "How legacy release works", to: "/faq#legacy" },
      ],
    },
    {
      id: "business",
      heading: "Business inventory",
      paragraphs: [
        "With business features enabled, the Business dashboard lists your inventory. Import many items at once from a CSV file, each receiving its own serial, and export your whole inventory as CSV for your records or your accountant. Without business features, the Business pages lead to the upgrade page.",
      ],
      links: [
        { label: "Business dashboard", to: "/business-dashboard" },
        { label: "Upgrade to business", to: "/business-upgrade" },
      ],
    },
    {
      id: "dao",
      heading: "The DAO",
      paragraphs: [
        `The DAO page lists proposals with their deadline, quorum and a live tally. Voting is free; your vote weighs your ${TOKEN_SYMBOL} balance ${WEIGHT_MOMENT}, so ${TOKEN_SYMBOL} bought, earned or spent after it opens does not change its weight, and an account that held none then votes with a weight of 0.`,
      ],
      links: [{ label: "DAO", to: "/dao" }],
    },
    {
      id: "news-and-bugs",
      heading: "News and bug reports",
      paragraphs: [
        "The News page shows announcements and product updates as they are published, filterable by category. If something goes wrong, use the Report a Bug button: it attaches a screenshot and recent console errors, shows you everything before sending, and goes straight to our moderators.",
      ],
      links: [{ label: "News", to: "/news" }],
    },
    {
      id: "api",
      heading: "API for developers",
      paragraphs: [
        "Marketplaces, repair shops, insurers and the police can check a serial from their own systems. GET /api/v1/verify/{serial} answers with JSON: the serial, the item's name, its kind, its status (lost and stolen items say so, a stolen one with the day the theft was reported), the owner's masked name, when it was tagged, what identifies it (maker, model, colour and the maker's serial, masked unless the owner shows it whole, with the owner's own fields marked for verify) and, when there is one, its cover photo. No key is needed, and any website may call it from the browser.",
        `A serial that is not registered answers 404 with an error message, and so does a private asset: the API shows exactly what the public verify page shows and nothing more. A malformed serial answers 400. Each address may make ${VERIFY_API_PER_MINUTE} requests a minute; past that the answer is 429 with a Retry-After header saying how many seconds to wait.`,
        "The OpenAPI 3.1 description of every field and answer is served beside the API, at /api/v1/openapi.json, so you can generate a client from it.",
      ],
      code: [
        { label: "Verify a serial", text: `curl {siteUrl}/api/v1/verify/${VERIFY_API_EXAMPLE.serial}` },
        {
          label: "The answer",
          text: `{
  "serial": "${VERIFY_API_EXAMPLE.serial}",
  "name": "${VERIFY_API_EXAMPLE.name}",
  "kind": "${VERIFY_API_EXAMPLE.kind}",
  "status": "${VERIFY_API_EXAMPLE.status}",
  "owner": "M** M*****",
  "taggedAt": "2026-05-14T09:30:00.000Z",
  "facts": ${JSON.stringify(VERIFY_API_EXAMPLE_FACTS, null, 2).replace(/\n/g, "\n  ")},
  "photoUrl": "https://…"
}`,
        },
        { label: "The OpenAPI document", text: "curl {siteUrl}/api/v1/openapi.json" },
      ],
      contact: { label: "Ask about inventory sync", subject: "API: inventory sync" },
    },
  ],
  related: ["faq", "support", "terms-of-service", "about-us"],
} satisfies HelpPageContent;
