import { describe, expect, test } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { ARTICLE_CATEGORIES } from "../../convex/lib/constants";
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, NEWS_MESSAGES } from "../../convex/lib/news/rules";
import { errorData, makeUser, setupTest, snapshot, type Backend, type Client, asVisitor } from "./setup";

const FIRST_PAGE = { numItems: 20, cursor: null };

type ArticleArgs = {
  title: string;
  content: string;
  category: string;
  imageUrl?: string;
  isPublished: boolean;
  publishAt?: number;
};

function articleArgs(overrides: Partial<ArticleArgs> = {}): ArticleArgs {
  return { title: "Launch day", content: "We are live.\nTell your friends.", category: "Company News", isPublished: true, ...overrides };
}

/** An admin and an article of theirs (published unless told otherwise). */
async function makeArticle(t: Backend, overrides: Partial<ArticleArgs> = {}, author?: Client) {
  const writer = author ?? (await makeUser(t, { role: "admin", fullName: "Ada Admin" })).as;
  const id = await writer.mutation(api.news.create, articleArgs(overrides));
  return { id, writer };
}

async function readers(t: Backend): Promise<[string, Client][]> {
  return [
    ["a visitor", asVisitor(t)],
    ["a member", (await makeUser(t)).as],
    ["a moderator", (await makeUser(t, { role: "moderator" })).as],
    ["a business user", (await makeUser(t, { isBusinessUser: true })).as],
  ];
}

describe("drafts stay with the managers", () => {
  test("visitors, members, moderators and business users never receive a draft", async () => {
    const t = setupTest();
    const { id: draft, writer } = await makeArticle(t, { title: "Secret plan", category: "Industry News", isPublished: false });
    await makeArticle(t, { title: "Public news" }, writer);
    for (const [who, reader] of await readers(t)) {
      const list = await reader.query(api.news.listPublished, { paginationOpts: FIRST_PAGE });
      expect(list.page.map((a) => a.title), who).toEqual(["Public news"]);
      const filtered = await reader.query(api.news.listPublished, { paginationOpts: FIRST_PAGE, category: "Industry News" });
      expect(filtered.page, who).toEqual([]);
      expect(await reader.query(api.news.getPublished, { id: draft }), who).toBeNull();
    }
    const managed = await writer.query(api.news.listAll, { paginationOpts: FIRST_PAGE });
    expect(managed.page.map((a) => [a.title, a.isPublished])).toEqual([
      ["Public news", true],
      ["Secret plan", false],
    ]);
  });

  test("an unpublished article disappears from the public reads", async () => {
    const t = setupTest();
    const { id, writer } = await makeArticle(t);
    expect(await t.query(api.news.getPublished, { id })).toMatchObject({ title: "Launch day" });
    await writer.mutation(api.news.setPublished, { id, isPublished: false });
    expect(await t.query(api.news.getPublished, { id })).toBeNull();
    expect((await t.query(api.news.listPublished, { paginationOpts: FIRST_PAGE })).page).toEqual([]);
  });

  test("a draft's own category is not listed publicly", async () => {
    const t = setupTest();
    await t.run(async (ctx) => {
      const authorId = await ctx.db.insert("users", { email: "x@example.com" });
      await ctx.db.insert("articles", { title: "t", content: "c", category: "Hidden Plans", isPublished: false, authorId, createdAt: 1 });
    });
    expect(await t.query(api.news.listCategories, {})).not.toContain("Hidden Plans");
  });
});

describe("public reads", () => {
  test("list newest first with the author's name and never the author's email", async () => {
    const t = setupTest();
    const { writer } = await makeArticle(t, { title: "First" });
    await makeArticle(t, { title: "Second", category: "Announcements", imageUrl: "https://example.com/a.png" }, writer);
    const { page, isDone } = await t.query(api.news.listPublished, { paginationOpts: FIRST_PAGE });
    expect(isDone).toBe(true);
    expect(page.map((a) => a.title)).toEqual(["Second", "First"]);
    expect(page[0]).toMatchObject({ authorName: "Ada Admin", category: "Announcements", imageUrl: "https://example.com/a.png" });
    expect(JSON.stringify(page)).not.toContain("@example.com\"");
    expect(Object.keys(page[0]).sort()).toEqual(["_id", "authorName", "category", "content", "createdAt", "imageUrl", "title"]);
  });

  test("filter by category", async () => {
    const t = setupTest();
    const { writer } = await makeArticle(t, { title: "A", category: "General" });
    await makeArticle(t, { title: "B", category: "Announcements" }, writer);
    const { page } = await t.query(api.news.listPublished, { paginationOpts: FIRST_PAGE, category: "General" });
    expect(page.map((a) => a.title)).toEqual(["A"]);
  });

  test("pages are bounded whatever the client asks for, and continue with the cursor", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    await t.run(async (ctx) => {
      for (let i = 0; i < 60; i++) {
        await ctx.db.insert("articles", {
          title: `n${i}`, content: "c", category: "General", isPublished: true, authorId: admin.userId, createdAt: i, publishedAt: i,
        });
      }
    });
    const first = await t.query(api.news.listPublished, { paginationOpts: { numItems: 1000, cursor: null } });
    expect(first.page).toHaveLength(50);
    expect(first.page[0].title).toBe("n59");
    const rest = await t.query(api.news.listPublished, { paginationOpts: { numItems: 50, cursor: first.continueCursor } });
    expect(rest.page.map((a) => a.title)).toEqual(Array.from({ length: 10 }, (_, i) => `n${9 - i}`));
  });

  test("a malformed id reads as no article", async () => {
    const t = setupTest();
    expect(await t.query(api.news.getPublished, { id: "not-an-id" })).toBeNull();
    const user = await makeUser(t);
    expect(await t.query(api.news.getPublished, { id: user.userId })).toBeNull();
  });

  test("categories: the defaults merged with published ones in use, each once, sorted", async () => {
    const t = setupTest();
    expect(await t.query(api.news.listCategories, {})).toEqual([...ARTICLE_CATEGORIES].sort((a, b) => a.localeCompare(b)));
    const admin = await makeUser(t, { role: "admin" });
    await t.run(async (ctx) => {
      for (const category of ["Zebra Crossing", "Awards", "General", "Awards"]) {
        await ctx.db.insert("articles", { title: "t", content: "c", category, isPublished: true, authorId: admin.userId, createdAt: 1, publishedAt: 1 });
      }
    });
    expect(await t.query(api.news.listCategories, {})).toEqual([
      "Announcements",
      "Awards",
      "Company News",
      "General",
      "Industry News",
      "Product Updates",
      "Technical Updates",
      "Zebra Crossing",
    ]);
  });
});

describe("management writes", () => {
  test("an admin-influencer creates, edits, publishes, unpublishes and deletes", async () => {
    const t = setupTest();
    const ivy = await makeUser(t, { isAdminInfluencer: true, fullName: "Ivy" });
    const id = await ivy.as.mutation(api.news.create, articleArgs({ isPublished: false, title: "  Padded  " }));
    let [row] = (await ivy.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page;
    expect(row).toMatchObject({ title: "Padded", isPublished: false, authorName: "Ivy", authorEmail: ivy.email, publishAt: null });
    expect(await ivy.as.query(api.news.stats, {})).toEqual({ published: 0, drafts: 1 });

    await ivy.as.mutation(api.news.update, { id, ...articleArgs({ title: "Edited", category: "General", isPublished: true }) });
    [row] = (await ivy.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page;
    expect(row).toMatchObject({ title: "Edited", category: "General", isPublished: true });
    expect(await ivy.as.query(api.news.stats, {})).toEqual({ published: 1, drafts: 0 });

    await ivy.as.mutation(api.news.setPublished, { id, isPublished: false });
    expect(await t.query(api.news.getPublished, { id })).toBeNull();
    await ivy.as.mutation(api.news.remove, { id });
    expect((await ivy.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page).toEqual([]);
    expect(await errorData(() => ivy.as.mutation(api.news.remove, { id }))).toEqual({ code: "NOT_FOUND", message: NEWS_MESSAGES.notFound });
  });

  test("a member cannot write and nothing changes", async () => {
    const t = setupTest();
    const { id } = await makeArticle(t, { isPublished: false });
    const member = await makeUser(t);
    const before = await snapshot(t);
    for (const run of [
      () => member.as.mutation(api.news.create, articleArgs()),
      () => member.as.mutation(api.news.update, { id, ...articleArgs() }),
      () => member.as.mutation(api.news.setPublished, { id, isPublished: true }),
      () => member.as.mutation(api.news.remove, { id }),
      () => member.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE }),
    ]) {
      expect((await errorData(run)).code).toBe("FORBIDDEN");
    }
    expect(await snapshot(t)).toEqual(before);
  });

  const invalid: [string, Partial<ArticleArgs>, string][] = [
    ["a blank title", { title: "   " }, NEWS_MESSAGES.required],
    ["blank content", { content: "\n \t" }, NEWS_MESSAGES.required],
    ["an oversized title", { title: "x".repeat(ARTICLE_TITLE_MAX + 1) }, NEWS_MESSAGES.titleTooLong],
    ["oversized content", { content: "x".repeat(ARTICLE_CONTENT_MAX + 1) }, NEWS_MESSAGES.contentTooLong],
    ["no category", { category: " " }, NEWS_MESSAGES.categoryRequired],
    ["an unknown category", { category: "Totally New" }, NEWS_MESSAGES.unknownCategory],
    ["a javascript: image URL", { imageUrl: "javascript:alert(1)" }, NEWS_MESSAGES.invalidImageUrl],
    ["a data: image URL", { imageUrl: "data:image/png;base64,AAAA" }, NEWS_MESSAGES.invalidImageUrl],
    ["a relative image URL", { imageUrl: "/logo.png" }, NEWS_MESSAGES.invalidImageUrl],
    ["an image URL with spaces", { imageUrl: "https://exa mple.com/a.png" }, NEWS_MESSAGES.invalidImageUrl],
    ["a past publish time", { isPublished: false, publishAt: 1000 }, NEWS_MESSAGES.publishAtInPast],
  ];

  test.each(invalid)("refuses %s with a clear message and writes nothing", async (_name, overrides, message) => {
    const t = setupTest();
    const { id, writer } = await makeArticle(t);
    const before = await snapshot(t);
    expect(await errorData(() => writer.mutation(api.news.create, articleArgs(overrides)))).toEqual({ code: "INVALID", message });
    expect(await errorData(() => writer.mutation(api.news.update, { id, ...articleArgs(overrides) }))).toEqual({ code: "INVALID", message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("HTML and script in content are stored as plain text, and an empty image URL means none", async () => {
    const t = setupTest();
    const content = '<script>alert("x")</script>\n<img src=x onerror=alert(1)>';
    const { id } = await makeArticle(t, { content, imageUrl: "  " });
    expect(await t.query(api.news.getPublished, { id })).toMatchObject({ content, imageUrl: null });
  });

  test("a category already in use stays allowed for its articles", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const id = (await t.run(async (ctx) =>
      await ctx.db.insert("articles", { title: "t", content: "c", category: "Legacy", isPublished: true, authorId: admin.userId, createdAt: 1, publishedAt: 1 }),
    )) as Id<"articles">;
    await admin.as.mutation(api.news.update, { id, ...articleArgs({ category: "Legacy", title: "Kept" }) });
    expect(await t.query(api.news.getPublished, { id })).toMatchObject({ title: "Kept", category: "Legacy" });
  });
});

describe("demo articles", () => {
  test("seedDemo adds published and draft articles by the seeded admin, once", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", email: "admin@example.com", fullName: "Ada Admin" });
    await t.mutation(internal.news.seedDemo, {});
    await t.mutation(internal.news.seedDemo, {});
    const all = (await admin.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page;
    expect(all.filter((a) => a.isPublished).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((a) => !a.isPublished).length).toBeGreaterThanOrEqual(1);
    expect(new Set(all.map((a) => a.category)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((a) => a.authorName))).toEqual(new Set(["Ada Admin"]));
    expect(new Set(all.map((a) => a.title)).size).toBe(all.length);
    // Old news for accounts that already exist: nobody starts with an unread badge.
    expect(await admin.as.query(api.news.unreadCount, {})).toBe(0);
  });
});
