// Demo articles for the local backend: published and draft, several categories, by the seeded admin.
import type { MutationCtx } from "../../_generated/server";

const DAY = 24 * 60 * 60 * 1000;
const DEMO_AUTHOR_EMAIL = "admin@example.com";

const DEMO_ARTICLES: { title: string; category: string; daysAgo: number; isPublished: boolean; imageUrl?: string; content: string }[] = [
  {
    title: "Welcome to TagMyThing",
    category: "Company News",
    daysAgo: 9,
    isPublished: true,
    content:
      "TagMyThing is live. Tag the things you own, give each one a serial number anyone can verify, and keep your records safe in one place.\nEvery member starts with 50 TMT, enough to tag ten assets.\nThank you for joining us on day one.",
  },
  {
    title: "Verify any tagged item at /verify",
    category: "Product Updates",
    daysAgo: 6,
    isPublished: true,
    content:
      "Found a bike, or buying a used laptop? Type its serial number on the verify page to see the item, its status and a masked owner.\nIf the status says lost or stolen, you can report where you found it in two clicks.",
  },
  {
    title: "Scheduled maintenance this weekend",
    category: "Announcements",
    daysAgo: 3,
    isPublished: true,
    content:
      "We will upgrade the database on Saturday between 02:00 and 03:00 UTC.\nThe app stays readable; tagging and wallet transfers pause for a few minutes.",
  },
  {
    title: "Why asset registries matter for insurance",
    category: "Industry News",
    daysAgo: 1,
    isPublished: true,
    content:
      "Insurers increasingly ask for proof of ownership before they pay out a claim.\nA dated, verifiable record of what you own, with photos, shortens that conversation from weeks to minutes.",
  },
  {
    title: "Coming soon: business inventory import",
    category: "Technical Updates",
    daysAgo: 0,
    isPublished: false,
    content:
      "Business accounts will soon import their inventory from CSV and export it again at any time.\nThis draft is visible only in News Management.",
  },
  {
    title: "DAO voting guide (draft)",
    category: "General",
    daysAgo: 0,
    isPublished: false,
    content: "How proposals, quorum and token-weighted votes work on the DAO page.",
  },
];

export async function seedDemoArticles(ctx: MutationCtx): Promise<void> {
  if ((await ctx.db.query("articles").withIndex("by_createdAt").first()) !== null) return;
  const author = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", DEMO_AUTHOR_EMAIL))
    .first();
  if (author === null) return;
  const now = Date.now();
  for (const [index, demo] of DEMO_ARTICLES.entries()) {
    const { daysAgo, ...fields } = demo;
    // Old news for the demo accounts: dated before they exist, so nobody starts with an unread badge.
    const createdAt = now - daysAgo * DAY - (DEMO_ARTICLES.length - index) * 60_000;
    await ctx.db.insert("articles", {
      ...fields,
      authorId: author._id,
      createdAt,
      publishedAt: demo.isPublished ? createdAt : undefined,
    });
  }
}
