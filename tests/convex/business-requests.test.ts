import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { ADMIN_PANEL_MESSAGES } from "../../convex/lib/admin/rules";
import { MESSAGES } from "../../convex/lib/errors";
import { errorData, makeUser, setupTest, snapshot } from "./setup";

describe("business upgrade requests", () => {
  test("a member asks; the request appears for admins; a grant sets the flag through the audited change", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    expect(await member.as.query(api.businessRequests.mine, {})).toBeNull();
    const requestId = await member.as.mutation(api.businessRequests.request, { note: "  A bike shop  " });
    expect(await member.as.query(api.businessRequests.mine, {})).toMatchObject({ _id: requestId, status: "pending", note: "A bike shop" });
    const { pending } = await admin.as.query(api.businessRequests.list, {});
    expect(pending).toMatchObject([{ _id: requestId, email: member.email, status: "pending" }]);

    await admin.as.mutation(api.businessRequests.decide, { requestId, grant: true });
    expect((await member.as.query(api.users.me, {}))?.isBusinessUser).toBe(true);
    expect(await member.as.query(api.businessRequests.mine, {})).toMatchObject({ status: "granted" });
    const audit = await admin.as.query(api.admin.listAuditLog, { paginationOpts: { numItems: 5, cursor: null } });
    expect(audit.page).toMatchObject([
      { actorId: admin.userId, targetId: member.userId, changes: [{ field: "isBusinessUser", from: false, to: true }] },
    ]);
    expect((await admin.as.query(api.businessRequests.list, {})).pending).toEqual([]);
  });

  test("a decline leaves the flag off; the member may ask again; a decided request cannot be decided twice", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    const requestId = await member.as.mutation(api.businessRequests.request, { note: "" });
    await admin.as.mutation(api.businessRequests.decide, { requestId, grant: false });
    expect((await member.as.query(api.users.me, {}))?.isBusinessUser).toBe(false);
    expect(await member.as.query(api.businessRequests.mine, {})).toMatchObject({ status: "declined" });
    const before = await snapshot(t);
    expect((await errorData(() => admin.as.mutation(api.businessRequests.decide, { requestId, grant: true }))).message).toBe(
      ADMIN_PANEL_MESSAGES.alreadyDecided,
    );
    expect(await snapshot(t)).toEqual(before);
    await member.as.mutation(api.businessRequests.request, { note: "Second try" });
  });

  test("no second pending request, none from business users, none with a long note", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    const business = await makeUser(t, { isBusinessUser: true });
    const other = await makeUser(t);
    await member.as.mutation(api.businessRequests.request, { note: "" });
    const before = await snapshot(t);
    expect((await errorData(() => member.as.mutation(api.businessRequests.request, { note: "" }))).message).toBe(
      ADMIN_PANEL_MESSAGES.alreadyPending,
    );
    expect((await errorData(() => business.as.mutation(api.businessRequests.request, { note: "" }))).message).toBe(
      ADMIN_PANEL_MESSAGES.alreadyBusiness,
    );
    expect((await errorData(() => other.as.mutation(api.businessRequests.request, { note: "x".repeat(501) }))).code).toBe("INVALID");
    expect(await snapshot(t)).toEqual({ ...before, users: expect.any(Array), authSessions: expect.any(Array) });
  });

  test("an admin cannot decide their own request; non-admins cannot decide at all", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const moderator = await makeUser(t, { role: "moderator" });
    const own = await admin.as.mutation(api.businessRequests.request, { note: "" });
    const before = await snapshot(t);
    expect(await errorData(() => admin.as.mutation(api.businessRequests.decide, { requestId: own, grant: true }))).toEqual({
      code: "FORBIDDEN",
      message: MESSAGES.selfAccessChange,
    });
    expect((await errorData(() => moderator.as.mutation(api.businessRequests.decide, { requestId: own, grant: true }))).code).toBe(
      "FORBIDDEN",
    );
    expect(await snapshot(t)).toEqual(before);
  });
});
