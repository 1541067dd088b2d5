// Triage: who sees reports, the status workflow, and the reporter's own list.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { payload, submit } from "./bug-reports-support";
import { errorData, makeUser, setupTest, type Backend, type Client } from "./setup";

const page = { paginationOpts: { numItems: 10, cursor: null } };

async function report(client: Client, description = "Broken page") {
  const { json } = await submit(client, payload({ errorMessage: description }));
  return json.id as Id<"bugReports">;
}

async function setup() {
  const t = setupTest();
  const member = await makeUser(t, { fullName: "Mia Member" });
  const moderator = await makeUser(t, { role: "moderator", fullName: "Mo Derator" });
  return { t, member, moderator };
}

describe("triage", () => {
  test("moderators list reports newest first, with the reporter and the screenshot URL", async () => {
    const { member, moderator } = await setup();
    await report(member.as, "first");
    await report(member.as, "second");
    const result = await moderator.as.query(api.bugReports.list, page);
    expect(result.page.map((r) => r.description)).toEqual(["second", "first"]);
    expect(result.page[0]).toMatchObject({
      status: "open",
      reporter: { _id: member.userId, name: "Mia Member", email: member.email },
      screenshotUrl: expect.stringMatching(/^https?:\/\//),
    });
  });

  test("a moderator moves a report open → in progress → resolved; who, when and the note are recorded", async () => {
    const { member, moderator } = await setup();
    const id = await report(member.as);
    await moderator.as.mutation(api.bugReports.setStatus, { id, status: "in_progress" });
    await moderator.as.mutation(api.bugReports.setStatus, { id, status: "resolved", note: "  Fixed in 1.2  " });
    const detail = (await moderator.as.query(api.bugReports.get, { id }))!;
    expect(detail.status).toBe("resolved");
    expect(detail.history.map((h) => [h.status, h.by.name, h.note])).toEqual([
      ["open", "Mia Member", null],
      ["in_progress", "Mo Derator", null],
      ["resolved", "Mo Derator", "Fixed in 1.2"],
    ]);
    expect(detail.history[2].at).toBeGreaterThanOrEqual(detail.history[1].at);
    expect(detail.consoleLogs).toEqual([{ level: "error", message: "Failed to fetch /api", timestamp: 1 }]);
    expect(detail).toMatchObject({ viewport: { width: 1280, height: 800 }, userAgent: "Mozilla/5.0 (test)" });
  });

  test("the status filter lists one status only", async () => {
    const { member, moderator } = await setup();
    const a = await report(member.as, "a");
    await report(member.as, "b");
    await moderator.as.mutation(api.bugReports.setStatus, { id: a, status: "wont_fix", note: "Works as designed" });
    const declined = await moderator.as.query(api.bugReports.list, { ...page, status: "wont_fix" });
    expect(declined.page.map((r) => r.description)).toEqual(["a"]);
    const open = await moderator.as.query(api.bugReports.list, { ...page, status: "open" });
    expect(open.page.map((r) => r.description)).toEqual(["b"]);
  });

  test("a transition outside the workflow is refused", async () => {
    const { member, moderator } = await setup();
    const id = await report(member.as);
    const error = await errorData(() => moderator.as.mutation(api.bugReports.setStatus, { id, status: "resolved" }));
    expect(error).toEqual({ code: "INVALID", message: "That status change is not allowed" });
  });

  test("a note over 1000 characters is refused", async () => {
    const { member, moderator } = await setup();
    const id = await report(member.as);
    const error = await errorData(() =>
      moderator.as.mutation(api.bugReports.setStatus, { id, status: "in_progress", note: "n".repeat(1001) }),
    );
    expect(error.code).toBe("INVALID");
  });

  test("status changes only by moderation (and admin-influencers); members and business users are refused", async () => {
    const { t, member } = await setup();
    const id = await report(member.as);
    const business = await makeUser(t, { isBusinessUser: true });
    for (const client of [member.as, business.as]) {
      const error = await errorData(() => client.mutation(api.bugReports.setStatus, { id, status: "in_progress" }));
      expect(error.code).toBe("FORBIDDEN");
    }
    expect((await errorData(() => (t as Backend).mutation(api.bugReports.setStatus, { id, status: "in_progress" }))).code).toBe(
      "NOT_AUTHENTICATED",
    );
    const adminInfluencer = await makeUser(t, { isAdminInfluencer: true });
    await adminInfluencer.as.mutation(api.bugReports.setStatus, { id, status: "in_progress" });
    const admin = await makeUser(t, { role: "admin" });
    await admin.as.mutation(api.bugReports.setStatus, { id, status: "resolved" });
  });

  test("members cannot read the triage list or a report's detail", async () => {
    const { member } = await setup();
    const id = await report(member.as);
    expect((await errorData(() => member.as.query(api.bugReports.list, page))).code).toBe("FORBIDDEN");
    expect((await errorData(() => member.as.query(api.bugReports.get, { id }))).code).toBe("FORBIDDEN");
  });
});

describe("my bug reports", () => {
  test("a reporter sees only their own reports, with the status and the latest note", async () => {
    const { t, member, moderator } = await setup();
    const other = await makeUser(t);
    const id = await report(member.as, "mine");
    await report(other.as, "theirs");
    await moderator.as.mutation(api.bugReports.setStatus, { id, status: "in_progress", note: "Looking into it" });
    const mine = await member.as.query(api.bugReports.mine, page);
    expect(mine.page).toHaveLength(1);
    expect(mine.page[0]).toMatchObject({ description: "mine", status: "in_progress", latestNote: "Looking into it" });
    expect(mine.page[0]).not.toHaveProperty("reporter");
  });
});
