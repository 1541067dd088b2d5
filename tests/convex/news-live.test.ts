// Scheduled publishing and the header's unread count.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { NEWS_UNREAD_CAP } from "../../convex/lib/news/rules";
import { makeUser, setupTest, type Backend } from "./setup";

const FIRST_PAGE = { numItems: 20, cursor: null };
const article = { title: "Big news", content: "Body", category: "General" };

afterEach(() => {
  vi.useRealTimers();
});

async function publicTitles(t: Backend) {
  return (await t.query(api.news.listPublished, { paginationOpts: FIRST_PAGE })).page.map((a) => a.title);
}

async function jobStates(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((j) => j.state.kind));
}

describe("scheduled publishing", () => {
  test("a scheduled draft goes live by itself at its time", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const publishAt = Date.now() + 60_000;
    const id = await admin.as.mutation(api.news.create, { ...article, isPublished: false, publishAt });
    expect(await publicTitles(t)).toEqual([]);
    expect((await admin.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page[0]).toMatchObject({ publishAt, isPublished: false });

    vi.advanceTimersByTime(60_000);
    await t.finishInProgressScheduledFunctions();
    expect(await publicTitles(t)).toEqual(["Big news"]);
    expect((await admin.as.query(api.news.listAll, { paginationOpts: FIRST_PAGE })).page[0]).toMatchObject({ publishAt: null, isPublished: true });
    expect(await t.query(api.news.getPublished, { id })).not.toBeNull();
  });

  test("editing the time reschedules; publishing now or deleting cancels", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const id = await admin.as.mutation(api.news.create, { ...article, isPublished: false, publishAt: Date.now() + 60_000 });
    await admin.as.mutation(api.news.update, { id, ...article, isPublished: false, publishAt: Date.now() + 120_000 });
    expect((await jobStates(t)).sort()).toEqual(["canceled", "pending"]);

    vi.advanceTimersByTime(60_000);
    await t.finishInProgressScheduledFunctions();
    expect(await publicTitles(t)).toEqual([]);

    await admin.as.mutation(api.news.setPublished, { id, isPublished: true });
    expect((await jobStates(t)).sort()).toEqual(["canceled", "canceled"]);
    expect(await publicTitles(t)).toEqual(["Big news"]);

    const other = await admin.as.mutation(api.news.create, { ...article, isPublished: false, publishAt: Date.now() + 60_000 });
    await admin.as.mutation(api.news.remove, { id: other });
    expect((await jobStates(t)).filter((s) => s === "pending")).toEqual([]);
  });

  test("a draft that was unscheduled in the meantime stays a draft", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const id = await admin.as.mutation(api.news.create, { ...article, isPublished: false, publishAt: Date.now() + 1000 });
    // The job fires for an article whose schedule was cleared behind its back.
    await t.run(async (ctx) => await ctx.db.patch("articles", id, { publishAt: undefined }));
    vi.advanceTimersByTime(1000);
    await t.finishInProgressScheduledFunctions();
    expect(await publicTitles(t)).toEqual([]);
  });
});

describe("unread count", () => {
  test("rises when an article is published, ignores drafts, and clears when the reader opens /news", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    expect(await member.as.query(api.news.unreadCount, {})).toBe(0);

    await admin.as.mutation(api.news.create, { ...article, isPublished: false });
    expect(await member.as.query(api.news.unreadCount, {})).toBe(0);
    const id = await admin.as.mutation(api.news.create, { ...article, isPublished: true });
    expect(await member.as.query(api.news.unreadCount, {})).toBe(1);

    await member.as.mutation(api.news.markSeen, {});
    expect(await member.as.query(api.news.unreadCount, {})).toBe(0);

    // An edit of a live article is not news again; unpublish and republish is.
    await admin.as.mutation(api.news.update, { id, ...article, title: "Typo fixed", isPublished: true });
    expect(await member.as.query(api.news.unreadCount, {})).toBe(0);
    await admin.as.mutation(api.news.setPublished, { id, isPublished: false });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await admin.as.mutation(api.news.setPublished, { id, isPublished: true });
    expect(await member.as.query(api.news.unreadCount, {})).toBe(1);
  });

  test("is zero for visitors and stops at the cap", async () => {
    const t = setupTest();
    expect(await t.query(api.news.unreadCount, {})).toBe(0);
    const member = await makeUser(t);
    await t.run(async (ctx) => {
      const now = Date.now() + 1000;
      for (let i = 0; i < NEWS_UNREAD_CAP + 20; i++) {
        await ctx.db.insert("articles", {
          title: `n${i}`, content: "c", category: "General", isPublished: true, authorId: member.userId, createdAt: now + i, publishedAt: now + i,
        });
      }
    });
    expect(await member.as.query(api.news.unreadCount, {})).toBe(NEWS_UNREAD_CAP);
  });
});
