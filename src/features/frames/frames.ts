/** Heading and promise of each screen whose content arrives with a later issue. */
export interface FrameInfo {
  title: string;
  description: string;
  /** Small label above the heading. */
  eyebrow: string;
}

export const FRAMES = {
  launch: {
    eyebrow: "Launch",
    title: "TagMyThing is launching",
    description:
      "The launch page will show the roadmap, the TMT token launch and how early members earn their first tokens.",
  },
  dao: {
    eyebrow: "Governance",
    title: "TagMyThing DAO",
    description:
      "Proposals, token-weighted voting with quorum and deadlines, and a live tally of every vote will appear here.",
  },
  "general-tagging": {
    eyebrow: "Tagging",
    title: "General Tagging",
    description:
      "Tag everyday belongings such as bikes, laptops and jewellery with a serial number anyone can verify, so lost or stolen items find their way home.",
  },
  "nft-tagging": {
    eyebrow: "Tagging",
    title: "NFT Tagging",
    description:
      "Register digital assets and NFTs alongside your physical things, with a verifiable record of what you own.",
  },
  "mywill-tagging": {
    eyebrow: "Tagging",
    title: "MyWill Tagging",
    description:
      "Tag what you want to pass on and name your next of kin for each item, so your wishes are recorded with your assets.",
  },
  "business-tagging": {
    eyebrow: "Tagging",
    title: "Business Tagging",
    description:
      "Tag and track your company's inventory, import and export it as CSV, and let customers verify genuine products.",
  },
  "influencer-signup": {
    eyebrow: "Influencers",
    title: "Become a TagMyThing Influencer",
    description:
      "Join the referral programme: share your link, bring new members and earn TMT when they verify their account.",
  },
  "public-assets": {
    eyebrow: "Registry",
    title: "Public Assets",
    description: "A live list of assets their owners have made public, with serial numbers anyone can verify.",
  },
  verify: {
    eyebrow: "Verification",
    title: "Verify an asset",
    description:
      "This page will show the tagged item, its status (active, lost, stolen or transferred), a masked owner and a way to report it found.",
  },
  news: {
    eyebrow: "News",
    title: "Latest News",
    description: "Articles and announcements from the TagMyThing team will appear here.",
  },
  dashboard: {
    eyebrow: "Dashboard",
    title: "Dashboard",
    description: "An overview of your tagged assets, your TMT balance, recent activity and referrals will appear here.",
  },
  tag: {
    eyebrow: "Tag Asset",
    title: "Tag an Asset",
    description:
      "Here you will register a new asset: choose its kind, add details and photos, and receive a serial number anyone can verify.",
  },
  assets: {
    eyebrow: "My Assets",
    title: "My Assets",
    description: "All the assets you have tagged, with their status, photos and history, will be listed here.",
  },
  wallet: {
    eyebrow: "Wallet",
    title: "Wallet",
    description: "Your TMT balance and your 20 latest token transactions will appear here.",
  },
  nok: {
    eyebrow: "Next of kin",
    title: "Next of Kin",
    description: "Add the people who should inherit your assets and choose a beneficiary for each one.",
  },
  referrals: {
    eyebrow: "Referrals",
    title: "Referrals",
    description: "Your referral code, your share link and the members you have brought in will appear here.",
  },
  "business-dashboard": {
    eyebrow: "Business",
    title: "Business Dashboard",
    description: "Manage your business inventory, import and export it as CSV, and follow your products' verifications.",
  },
  "business-upgrade": {
    eyebrow: "Business",
    title: "Upgrade to Business",
    description:
      "Business features (inventory management, CSV import and export, product verification) need a business account. Upgrade options will appear here.",
  },
  "admin-influencer-dashboard": {
    eyebrow: "Administration",
    title: "Admin Dashboard",
    description: "Platform figures, members and referral performance for admins and admin-influencers will appear here.",
  },
  "bug-reports": {
    eyebrow: "Administration",
    title: "Bug Reports",
    description: "Bug reports sent from the in-app widget, with screenshots and console entries, will be listed here live.",
  },
  admin: {
    eyebrow: "Administration",
    title: "Admin Panel",
    description: "Manage users, their roles and flags, and read the audit log of every change.",
  },
  moderator: {
    eyebrow: "Moderation",
    title: "Moderator Panel",
    description: "Triage incoming bug reports live and keep the registry tidy.",
  },
  "news-management": {
    eyebrow: "Administration",
    title: "News Management",
    description: "Create, edit, publish and delete news articles here.",
  },
} satisfies Record<string, FrameInfo>;

export type FrameId = keyof typeof FRAMES;
