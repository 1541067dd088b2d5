import {
  OTP_LENGTH,
  OTP_TTL_MINUTES,
  PRODUCT_NAME,
  REFERRAL_REWARD,
  SIGNUP_BONUS,
  SUPPORT_EMAIL,
  TAGGING_COST,
  TOKEN_SYMBOL,
  VERIFY_API_EXAMPLE,
  WALLET_HISTORY_LIMIT,
} from "./constants";
import type { HelpPageContent } from "./types";
import { formatTmt } from "../../../lib/format";


export const faq = {
  slug: "faq",
  kind: "help",
  title: "Frequently Asked Questions",
  summary: `Quick answers about serials, verification, ${TOKEN_SYMBOL} tokens, referrals, next of kin, business inventory and what to do when something is lost, stolen or changes hands.`,
  sections: [
    {
      id: "serials",
      heading: "Tags and serials",
      paragraphs: [],
      faqs: [
        {
          question: "What is a serial number?",
          answer: [
            "Every asset you tag gets a unique serial in the format TMT-XXXX-XXXX. Write it on the item, engrave it, print it as a label or keep it with the item's papers: it is how anyone can look the item up.",
          ],
        },
        {
          question: "What can I tag?",
          answer: [
            "Physical things (bikes, jewellery, instruments, electronics), NFTs and other digital assets, items you want to leave to someone in your will, and a business's inventory. Each has its own tagging page, and all of them end up in My Assets.",
          ],
        },
        {
          question: "Does a tag prove I own something?",
          answer: [
            "No. A tag is a dated record of what you registered, with a history of every change. It is useful evidence alongside receipts and photos, but it is not a legal title or a certificate of authenticity.",
          ],
        },
      ],
    },
    {
      id: "verification",
      heading: "Verification",
      paragraphs: [],
      faqs: [
        {
          question: "How do I verify an item?",
          answer: [
            `Go to /verify/ followed by the serial, for example /verify/${VERIFY_API_EXAMPLE.serial}. No account is needed. The page shows the item, its kind and current status (active, lost, stolen or transferred) and a masked owner name.`,
          ],
        },
        {
          question: "Can someone see my email address or phone number from a serial?",
          answer: [
            "No. Verification never shows contact details. A finder can report an item as found from the verification page, and we pass the message on without revealing who you are.",
          ],
        },
      ],
    },
    {
      id: "tokens",
      heading: `${TOKEN_SYMBOL} tokens and the wallet`,
      paragraphs: [],
      faqs: [
        {
          question: `How do I get ${TOKEN_SYMBOL}?`,
          answer: [
            `You receive ${formatTmt(SIGNUP_BONUS)} when you sign up, and ${formatTmt(REFERRAL_REWARD)} each time someone you referred verifies their account.`,
          ],
        },
        {
          question: "What does tagging cost?",
          answer: [
            `Tagging an asset costs ${formatTmt(TAGGING_COST)}, so the sign-up bonus covers your first ${SIGNUP_BONUS / TAGGING_COST} tags. If your balance is too low the tag is refused with 'Insufficient tokens' and nothing is charged.`,
          ],
        },
        {
          question: `Can I buy, sell or cash out ${TOKEN_SYMBOL}?`,
          answer: [
            `Not at present. ${TOKEN_SYMBOL} is an in-app token with no cash value. It pays for tagging and gives weight to your DAO votes.`,
          ],
        },
        {
          question: "Where do I see my transactions?",
          answer: [
            `Your balance is in the header on every page. The Wallet shows your latest ${WALLET_HISTORY_LIMIT} transactions, each marked earned or spent, and it updates live.`,
          ],
        },
      ],
    },
    {
      id: "referrals",
      heading: "Referrals",
      paragraphs: [],
      faqs: [
        {
          question: "How does the referral programme work?",
          answer: [
            `Every member has a referral code and a share link on the Referrals page. When someone signs up through your link and verifies their account, you earn ${formatTmt(REFERRAL_REWARD)}. The code is remembered from their first visit, so they can browse before signing up.`,
          ],
        },
        {
          question: "Can I add a referral code later, or change who referred me?",
          answer: [
            "No. A referral is applied once, when the account is verified. If there is no valid code, the account is assigned to our default referrer. Self-referrals and referral loops are refused.",
          ],
        },
        {
          question: "Is the programme only for influencers?",
          answer: [
            "It is open to every member. Influencers who promote us widely can also apply for the influencer programme.",
          ],
        },
      ],
    },
    {
      id: "legacy",
      heading: "Next of kin and legacy",
      paragraphs: [],
      faqs: [
        {
          question: "What does the next-of-kin (NOK) page do?",
          answer: [
            "You add the people you trust and, asset by asset, choose who should receive each item. You can change these choices at any time, and your next of kin cannot see your account.",
          ],
        },
        {
          question: "How is my legacy released?",
          answer: [
            "On the NOK page you choose an inactivity period (3 to 18 months) and how many of your confirmed contacts must agree. We email and remind you 30, 7 and 1 days before the period ends; signing in or pressing 'I'm still here' resets the clock.",
            "If the period lapses, your confirmed contacts are asked to confirm. Once enough of them do, each beneficiary receives a private, expiring link to exactly the will assets you assigned to them (details, photos, documents and your instructions), and nothing else. Every step is logged on your NOK page.",
            "If you come back after a release has started or happened, signing in (or anything else you do in the app) cancels it at once: every link stops working, the contacts who held one are told, and the clock starts again.",
            `Questions about a release, or a release that should be stopped: write to ${SUPPORT_EMAIL}.`,
            `${PRODUCT_NAME} records your wishes but is not a will and does not transfer legal ownership, so keep a valid will as well.`,
          ],
        },
      ],
    },
    {
      id: "business",
      heading: "Business inventory",
      paragraphs: [],
      faqs: [
        {
          question: "What do business features include?",
          answer: [
            "A business dashboard with your inventory, bulk CSV import to tag many items at once and CSV export of everything you hold. Every item gets its own serial, just like personal tags.",
          ],
        },
        {
          question: "How do I get business features?",
          answer: [
            "Open the business upgrade page from the Business link or any business tagging page, or email us. Once business features are on, the Business link appears in your header.",
          ],
        },
      ],
    },
    {
      id: "lost-stolen",
      heading: "Lost and stolen items",
      paragraphs: [],
      faqs: [
        {
          question: "My item is lost or stolen. What should I do?",
          answer: [
            "Open it in My Assets and set its status to lost or stolen. The verification page immediately shows that status to anyone who checks the serial, which warns buyers and helps finders. For theft, report it to the police too.",
          ],
        },
        {
          question: "I got it back. Can I undo that?",
          answer: ["Yes: set the status back to active. The change is kept in the item's history."],
        },
      ],
    },
    {
      id: "transfers",
      heading: "Selling and transferring",
      paragraphs: [],
      faqs: [
        {
          question: "I sold or gave away a tagged item. What now?",
          answer: [
            "Open the item in My Assets and offer it to the new owner's e-mail address. If they have no account yet, the e-mail invites them to create one with that address; once they accept, the item and its serial are theirs, and anyone who verifies the serial sees that it changed hands.",
            "Each owner sees the history of their own time with the item. Earlier owners show only as dates, so the new owner never sees what you changed, whom else you offered it to, or who you are.",
          ],
        },
        {
          question: "Should I check a serial before buying second-hand?",
          answer: [
            "Yes. Ask the seller for the serial and verify it: a lost or stolen status is a reason to walk away, and a serial that does not exist is a warning sign too.",
          ],
        },
      ],
    },
    {
      id: "account",
      heading: "Account and privacy",
      paragraphs: [],
      faqs: [
        {
          question: "Can I sign in without a password?",
          answer: [
            `Yes: sign in with your phone number and a ${OTP_LENGTH}-digit code sent by text message. The code is valid for ${OTP_TTL_MINUTES} minutes.`,
          ],
        },
        {
          question: "How do I delete my account or get a copy of my data?",
          answer: [`Email ${SUPPORT_EMAIL} from the address on your account. We answer within one month.`],
        },
      ],
    },
  ],
  related: ["documentation", "support", "privacy-policy", "terms-of-service"],
} satisfies HelpPageContent;
