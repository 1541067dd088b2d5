// The news tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const newsTables = {
  // News: the articles, and when each reader last opened /news.
  articles: defineTable({
    title: v.string(),
    content: v.string(),
    category: v.string(),
    imageUrl: v.optional(v.string()),
    isPublished: v.boolean(),
    authorId: v.id("users"),
    createdAt: v.number(),
    // Last time it went live: readers' unread counts compare against it.
    publishedAt: v.optional(v.number()),
    // A draft scheduled to go live by itself, and the scheduler job that will do it.
    publishAt: v.optional(v.number()),
    publishJobId: v.optional(v.id("_scheduled_functions")),
  })
    // /news newest first; management stats count each side.
    .index("by_isPublished_and_createdAt", ["isPublished", "createdAt"])
    // /news filtered by category; distinct categories in use.
    .index("by_isPublished_and_category_and_createdAt", ["isPublished", "category", "createdAt"])
    // Unread count: published since the reader last opened /news.
    .index("by_isPublished_and_publishedAt", ["isPublished", "publishedAt"])
    // Management's "All Articles", drafts and published together, newest first.
    .index("by_createdAt", ["createdAt"])
    // An author's own articles, for their data export.
    .index("by_authorId", ["authorId"]),
  newsReads: defineTable({
    userId: v.id("users"),
    lastSeenAt: v.number(),
  })
    // The signed-in reader's own row (unread count, mark seen).
    .index("by_userId", ["userId"]),
};
