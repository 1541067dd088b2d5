import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { asToken, makeUser, setupTest, signIn, signUpVerified, type Backend } from "./setup";

const EMAIL = "devices@example.com";

/** One account signed in on three "devices" through the real flow, plus a bystander. */
async function threeDevices(t: Backend) {
  const first = await signUpVerified(t, EMAIL, "secret123");
  const more = [];
  for (let i = 0; i < 2; i++) {
    const result = await signIn(t, "password", { flow: "signIn", email: EMAIL, password: "secret123" });
    more.push(asToken(t, result.tokens!.token));
  }
  const bystander = await makeUser(t);
  return { devices: [first, ...more], bystander };
}

const count = (t: Backend, table: "authSessions" | "authRefreshTokens") =>
  t.run(async (ctx) => (await ctx.db.query(table).collect()).length);

describe("sessions", () => {
  test("list shows the caller's sessions, this device first, with its browser once touched", async () => {
    const t = setupTest();
    const { devices } = await threeDevices(t);
    await devices[1].mutation(api.sessions.touch, { userAgent: "Firefox on Linux" });
    const list = await devices[1].query(api.sessions.list, {});
    expect(list).toHaveLength(3);
    expect(list.map((s) => s.current)).toEqual([true, false, false]);
    expect(list[0]).toMatchObject({ userAgent: "Firefox on Linux" });
    expect(list[0].lastSeenAt).toEqual(expect.any(Number));
    expect(list[1].userAgent).toBeNull();
    expect(list[0].expiresAt).toBeGreaterThan(Date.now());
  });

  test("others: every other session ends (with its refresh tokens); this one and other users stay", async () => {
    const t = setupTest();
    const { devices, bystander } = await threeDevices(t);
    await devices[2].mutation(api.sessions.touch, { userAgent: "Safari" });
    expect(await devices[0].query(api.sessions.current, {})).toBe(true);
    expect(await devices[0].mutation(api.sessions.signOut, { scope: "others" })).toEqual({ signedOut: 2 });
    expect(await devices[0].query(api.sessions.list, {})).toHaveLength(1);
    // The other devices learn it live from `current` and sign themselves out.
    expect(await devices[1].query(api.sessions.current, {})).toBe(false);
    expect(await devices[2].query(api.sessions.current, {})).toBe(false);
    expect(await bystander.as.query(api.sessions.current, {})).toBe(true);
    expect(await count(t, "authSessions")).toBe(2);
    expect(await count(t, "authRefreshTokens")).toBe(1);
    expect(await t.run(async (ctx) => await ctx.db.query("sessionInfo").collect())).toEqual([]);
  });

  test("end: one other session of the caller's ends; another user's, a bad id or an ended one get the same answer and end nothing", async () => {
    const t = setupTest();
    const { devices, bystander } = await threeDevices(t);
    const [, second, third] = await devices[0].query(api.sessions.list, {});
    await devices[0].mutation(api.sessions.end, { sessionId: second._id });
    expect((await devices[0].query(api.sessions.list, {})).map((s) => s._id)).not.toContain(second._id);
    expect(await devices[0].query(api.sessions.current, {})).toBe(true);
    const [theirs] = await bystander.as.query(api.sessions.list, {});
    const refused = { data: { code: "NOT_FOUND", message: "That session has already ended." } };
    for (const sessionId of [theirs._id, second._id, "nope", "x".repeat(10_000)]) {
      await expect(devices[0].mutation(api.sessions.end, { sessionId })).rejects.toMatchObject(refused);
    }
    expect(await bystander.as.query(api.sessions.current, {})).toBe(true);
    expect((await devices[0].query(api.sessions.list, {})).map((s) => s._id)).toContain(third._id);
  });

  test("touch keeps the device's time zone as its place; anything else is dropped", async () => {
    const t = setupTest();
    const { as } = await makeUser(t);
    await as.mutation(api.sessions.touch, { userAgent: "Firefox", timeZone: "Europe/London" });
    expect((await as.query(api.sessions.list, {}))[0].timeZone).toBe("Europe/London");
    await as.mutation(api.sessions.touch, { userAgent: "Firefox", timeZone: "<script>alert(1)</script>" });
    expect((await as.query(api.sessions.list, {}))[0].timeZone).toBeNull();
  });

  test("global ends every session of the caller, local only this one", async () => {
    const t = setupTest();
    const { devices } = await threeDevices(t);
    expect(await devices[2].mutation(api.sessions.signOut, { scope: "local" })).toEqual({ signedOut: 1 });
    expect(await devices[0].query(api.sessions.list, {})).toHaveLength(2);
    expect(await devices[0].mutation(api.sessions.signOut, { scope: "global" })).toEqual({ signedOut: 2 });
    expect(await devices[0].query(api.sessions.current, {})).toBe(false);
    expect(await devices[1].query(api.sessions.current, {})).toBe(false);
    expect(await count(t, "authSessions")).toBe(1); // the bystander's
  });

  test("current is null when signed out; touch is throttled and bounded", async () => {
    const t = setupTest();
    expect(await t.query(api.sessions.current, {})).toBeNull();
    const { as } = await makeUser(t);
    await as.mutation(api.sessions.touch, { userAgent: "x".repeat(1000) });
    const [info] = await t.run(async (ctx) => await ctx.db.query("sessionInfo").collect());
    expect(info.userAgent).toHaveLength(300);
    await as.mutation(api.sessions.touch, { userAgent: "x".repeat(1000) });
    const [again] = await t.run(async (ctx) => await ctx.db.query("sessionInfo").collect());
    expect(again.lastSeenAt).toBe(info.lastSeenAt);
  });

  test("changing the password needs the current one and signs out the other devices", async () => {
    const t = setupTest();
    const { devices } = await threeDevices(t);
    const wrong = devices[0].action(api.users.changePassword, { currentPassword: "nope-nope", newPassword: "another-pass1" });
    await expect(wrong).rejects.toMatchObject({ data: { code: "INVALID", message: "Current password is incorrect" } });
    await devices[0].action(api.users.changePassword, { currentPassword: "secret123", newPassword: "another-pass1" });
    expect(await devices[0].query(api.sessions.current, {})).toBe(true);
    expect(await devices[1].query(api.sessions.current, {})).toBe(false);
    const old = signIn(t, "password", { flow: "signIn", email: EMAIL, password: "secret123" });
    await expect(old).rejects.toMatchObject({ data: { code: "INVALID" } });
    const fresh = await signIn(t, "password", { flow: "signIn", email: EMAIL, password: "another-pass1" });
    expect(fresh.tokens?.token).toBeTruthy();
  });
});
