// A JWT whose session has ended is refused by the server at once, not only when the
// token expires: an attacker holding a copied token loses access with the session.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { payload, submit } from "./bug-reports-support";
import { asSession, asToken, errorData, makeUser, newSession, setupTest, signIn, signUpVerified, type Backend, type Client, asIdentity } from "./setup";

const EMAIL = "two-devices@example.com";
const PASSWORD = "secret123";
const NOT_AUTHENTICATED = { code: "NOT_AUTHENTICATED", message: "You must be signed in to do that." };

/** One account signed in on two devices through Convex Auth's real flow. */
async function twoDevices(t: Backend) {
  const a = await signUpVerified(t, EMAIL, PASSWORD);
  const b = await signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD });
  return { a, b: asToken(t, b.tokens!.token) };
}

/** What a refused token gets from every kind of function. */
async function expectRefused(t: Backend, device: Client) {
  expect(await errorData(() => device.query(api.sessions.list, {}))).toEqual(NOT_AUTHENTICATED);
  expect(await errorData(() => device.query(api.twoFactor.status, {}))).toEqual(NOT_AUTHENTICATED);
  expect(await errorData(() => device.mutation(api.users.updateActivity, {}))).toEqual(NOT_AUTHENTICATED);
  expect(await errorData(() => device.mutation(api.sessions.signOut, { scope: "global" }))).toEqual(NOT_AUTHENTICATED);
  expect(await errorData(() => device.action(api.twoFactor.disable, { code: "123456" }))).toEqual(NOT_AUTHENTICATED);
  // Public queries see an anonymous caller; `current` tells the device it was signed out.
  expect(await device.query(api.users.me, {})).toBeNull();
  expect(await device.query(api.wallet.overview, {})).toBeNull();
  expect(await device.query(api.sessions.current, {})).toBe(false);
  // The bug-report HTTP action checks the bearer token's session too.
  expect(await submit(device, payload())).toMatchObject({ status: 401, json: { error: "No valid session" } });
  expect(await t.run(async (ctx) => await ctx.db.query("bugReports").collect())).toEqual([]);
}

describe("an ended session's token", () => {
  test("after 'sign out of other devices' on A, B's token is refused everywhere and A keeps working", async () => {
    const t = setupTest();
    const { a, b } = await twoDevices(t);
    expect(await b.query(api.users.me, {})).toMatchObject({ email: EMAIL });
    expect(await b.query(api.sessions.list, {})).toHaveLength(2);

    expect(await a.mutation(api.sessions.signOut, { scope: "others" })).toEqual({ signedOut: 1 });

    await expectRefused(t, b);
    expect(await a.query(api.users.me, {})).toMatchObject({ email: EMAIL });
    expect(await a.query(api.sessions.list, {})).toHaveLength(1);
    expect(await a.query(api.sessions.current, {})).toBe(true);
    await a.mutation(api.users.updateActivity, {});
    // Past the identity check: refused for what it is, not for who is asking.
    expect(await errorData(() => a.action(api.twoFactor.disable, { code: "123456" }))).toEqual({
      code: "INVALID",
      message: "Two-factor authentication is not on",
    });
  });

  test("B cannot refresh its way back in; A still refreshes, and the new token works", async () => {
    const t = setupTest();
    await signUpVerified(t, EMAIL, PASSWORD);
    const tokensA = (await signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD })).tokens!;
    const tokensB = (await signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD })).tokens!;
    expect(await asToken(t, tokensA.token).mutation(api.sessions.signOut, { scope: "others" })).toEqual({ signedOut: 2 });

    expect(await t.action(api.auth.signIn, { refreshToken: tokensB.refreshToken })).toEqual({ tokens: null });
    const refreshed = await t.action(api.auth.signIn, { refreshToken: tokensA.refreshToken });
    const fresh = asToken(t, refreshed.tokens!.token);
    expect(await fresh.query(api.users.me, {})).toMatchObject({ email: EMAIL });
    expect(await fresh.query(api.sessions.list, {})).toHaveLength(1);
  });

  test("Convex Auth's signOut ends only the caller's session, and its token with it", async () => {
    const t = setupTest();
    const { a, b } = await twoDevices(t);
    await b.action(api.auth.signOut, {});
    await expectRefused(t, b);
    // Signing out again with the dead token is harmless.
    await b.action(api.auth.signOut, {});
    expect(await a.query(api.sessions.list, {})).toHaveLength(1);
    await a.action(api.auth.signOut, {});
    expect(await errorData(() => a.query(api.sessions.list, {}))).toEqual(NOT_AUTHENTICATED);
  });

  test("a business user's other device loses business actions too", async () => {
    const t = setupTest();
    const owner = await makeUser(t, { isBusinessUser: true });
    const other = asSession(t, owner.userId, await newSession(t, owner.userId));
    const csv = "name,sku,quantity,unit_cost,location,category,description\nMug,M-1,1,1,Shop,Kitchen,";
    await owner.as.mutation(api.sessions.signOut, { scope: "others" });
    expect(await errorData(() => other.action(api.imports.start, { fileName: "a.csv", csv, mapping: { name: 0, sku: 1, quantity: 2 }, onDuplicate: "skip", expectedCost: 5 }))).toEqual(
      NOT_AUTHENTICATED,
    );
    expect(await errorData(() => other.query(api.inventory.summary, {}))).toEqual(NOT_AUTHENTICATED);
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(0);
  });

  test("an expired session is refused although its JWT still verifies", async () => {
    const t = setupTest();
    const { a } = await twoDevices(t);
    const ownId = (await a.query(api.sessions.list, {}))[0]._id;
    await t.run(async (ctx) => await ctx.db.patch("authSessions", ownId, { expirationTime: Date.now() - 1 }));
    await expectRefused(t, a);
  });

  test("a token naming a session of another user, or no session at all, is refused", async () => {
    const t = setupTest();
    const victim = await makeUser(t);
    const attacker = await makeUser(t);
    const forged = asSession(t, victim.userId, attacker.sessionId);
    await expectRefused(t, forged);
    await expectRefused(t, asIdentity(t, { subject: victim.userId }));
    await expectRefused(t, asIdentity(t, { subject: `${victim.userId}|not-a-session-id` }));
    expect(await victim.as.query(api.sessions.current, {})).toBe(true);
  });
});

