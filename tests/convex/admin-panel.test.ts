import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { MESSAGES } from "../../convex/lib/errors";
import { errorData, makeUser, setupTest, snapshot } from "./setup";

const page = (numItems: number, cursor: string | null = null) => ({ numItems, cursor });

describe("admin panel", () => {
  test("users are listed newest first, a page at a time", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", email: "boss@example.com" });
    for (let i = 0; i < 4; i++) await makeUser(t, { email: `p${i}@example.com` });
    const first = await admin.as.query(api.adminPanel.listUsers, { search: "", paginationOpts: page(3) });
    expect(first.page.map((u) => u.email)).toEqual(["p3@example.com", "p2@example.com", "p1@example.com"]);
    expect(first.isDone).toBe(false);
    const second = await admin.as.query(api.adminPanel.listUsers, { search: "", paginationOpts: page(3, first.continueCursor) });
    expect(second.page.map((u) => u.email)).toEqual(["p0@example.com", "boss@example.com"]);
  });

  test("search finds users by email prefix, case-insensitively", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", email: "boss@example.com" });
    await makeUser(t, { email: "anna@example.com" });
    await makeUser(t, { email: "annabel@example.com" });
    await makeUser(t, { email: "bob@example.com" });
    const found = await admin.as.query(api.adminPanel.listUsers, { search: " ANNA", paginationOpts: page(10) });
    expect(found.page.map((u) => u.email)).toEqual(["anna@example.com", "annabel@example.com"]);
    const none = await admin.as.query(api.adminPanel.listUsers, { search: "zed", paginationOpts: page(10) });
    expect(none.page).toEqual([]);
  });

  test("counts of users, assets, reports, articles and pending requests", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    await member.as.mutation(api.businessRequests.request, { note: "" });
    const counts = await admin.as.query(api.adminPanel.counts, {});
    expect(counts).toEqual({
      users: 2,
      assets: 0,
      bugReports: 0,
      articles: 0,
      pendingRequests: 1,
    });
  });

  test("only admins change users; nobody changes their own access; the audit log names both sides", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", email: "boss@example.com" });
    const member = await makeUser(t, { email: "mia@example.com" });
    const moderator = await makeUser(t, { role: "moderator" });
    const before = await snapshot(t);
    for (const caller of [member, moderator]) {
      expect((await errorData(() => caller.as.mutation(api.admin.setUserAccess, { userId: member.userId, role: "admin" }))).code).toBe(
        "FORBIDDEN",
      );
    }
    expect(await errorData(() => admin.as.mutation(api.admin.setUserAccess, { userId: admin.userId, role: "moderator" }))).toEqual({
      code: "FORBIDDEN",
      message: MESSAGES.selfAccessChange,
    });
    expect(await snapshot(t)).toEqual(before);

    await admin.as.mutation(api.admin.setUserAccess, { userId: member.userId, isAdminInfluencer: true });
    const log = await admin.as.query(api.adminPanel.auditLog, { paginationOpts: page(10) });
    expect(log.page).toMatchObject([
      { actor: "boss@example.com", target: "mia@example.com", changes: [{ field: "isAdminInfluencer", from: false, to: true }] },
    ]);
    const row = (await admin.as.query(api.adminPanel.listUsers, { search: "mia", paginationOpts: page(1) })).page[0];
    expect(row).toMatchObject({ role: "influencer", isAdminInfluencer: true, isBusinessUser: false });
  });
});
