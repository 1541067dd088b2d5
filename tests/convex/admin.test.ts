import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { errorData, makeUser, setupTest, snapshot } from "./setup";

describe("setUserAccess", () => {
  test("an admin changes another user's role and flags, and the change is audited", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    await admin.as.mutation(api.admin.setUserAccess, {
      userId: member.userId,
      role: "moderator",
      isBusinessUser: true,
    });
    expect(await member.as.query(api.users.me, {})).toMatchObject({ role: "moderator", isBusinessUser: true, isAdminInfluencer: false });

    const page = await admin.as.query(api.admin.listAuditLog, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.page).toHaveLength(1);
    expect(page.page[0]).toMatchObject({
      actorId: admin.userId,
      targetId: member.userId,
      action: "setUserAccess",
      changes: [
        { field: "role", from: "influencer", to: "moderator" },
        { field: "isBusinessUser", from: false, to: true },
      ],
    });
  });

  test("a request that changes nothing writes nothing", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    const before = await snapshot(t);
    await admin.as.mutation(api.admin.setUserAccess, { userId: member.userId, role: "influencer", isBusinessUser: false });
    expect(await snapshot(t)).toEqual(before);
  });

  test("nobody changes their own role or flags, not even an admin", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const before = await snapshot(t);
    expect(await errorData(() => admin.as.mutation(api.admin.setUserAccess, { userId: admin.userId, isAdminInfluencer: true })))
      .toEqual({ code: "FORBIDDEN", message: "You cannot change your own role or flags" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("moderators, admin-influencers without the admin role and members are refused", async () => {
    const t = setupTest();
    const target = await makeUser(t);
    const before = await snapshot(t);
    for (const options of [{ role: "moderator" as const }, { isAdminInfluencer: true }, { isBusinessUser: true }, {}]) {
      const caller = await makeUser(t, options);
      expect((await errorData(() => caller.as.mutation(api.admin.setUserAccess, { userId: target.userId, role: "admin" }))).code)
        .toBe("FORBIDDEN");
    }
    expect((await errorData(() => t.mutation(api.admin.setUserAccess, { userId: target.userId, role: "admin" }))).code)
      .toBe("NOT_AUTHENTICATED");
    const after = await snapshot(t);
    expect(after.auditLog).toEqual(before.auditLog);
    expect(after.users.find((u) => (u as { _id: string })._id === target.userId)).toEqual(
      before.users.find((u) => (u as { _id: string })._id === target.userId),
    );
  });

  test("an unknown user id is NOT_FOUND", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const gone = await makeUser(t);
    await t.run(async (ctx) => await ctx.db.delete("users", gone.userId));
    expect((await errorData(() => admin.as.mutation(api.admin.setUserAccess, { userId: gone.userId, role: "admin" }))).code)
      .toBe("NOT_FOUND");
  });
});

describe("listAuditLog", () => {
  test("pages newest first", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    for (const role of ["moderator", "admin", "influencer"] as const) {
      await admin.as.mutation(api.admin.setUserAccess, { userId: member.userId, role });
    }
    const first = await admin.as.query(api.admin.listAuditLog, { paginationOpts: { numItems: 2, cursor: null } });
    expect(first.page.map((e) => e.changes[0].to)).toEqual(["influencer", "admin"]);
    expect(first.isDone).toBe(false);
    const second = await admin.as.query(api.admin.listAuditLog, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
    expect(second.page.map((e) => e.changes[0].to)).toEqual(["moderator"]);
  });
});
