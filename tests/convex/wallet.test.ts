import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import * as ledger from "../../convex/lib/ledger";
import { LEDGER_MESSAGES } from "../../convex/lib/ledger";
import { errorData, makeUser, setupTest, signUpVerified, snapshot, userByEmail, type Backend } from "./setup";

// The ledger's own entry points, inside one transaction each as a mutation would call them.
const earn = (t: Backend, userId: Id<"users">, amount: number, source = "test", description = `Earned ${amount}`) =>
  t.run(async (ctx) => await ledger.earn(ctx, { userId, amount, source, description }));
const spend = (t: Backend, userId: Id<"users">, amount: number, source = "test") =>
  t.run(async (ctx) => await ledger.spend(ctx, { userId, amount, source, description: `Spent ${amount}` }));

/** Balance, the sum of the user's transactions, and their count, read straight from the tables. */
async function books(t: Backend, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const wallet = await ctx.db.query("wallets").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
    const txs = await ctx.db
      .query("transactions")
      .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId))
      .collect();
    return { balance: wallet?.balance ?? 0, sum: txs.reduce((s, tx) => s + tx.amount, 0), count: txs.length };
  });
}

// Small deterministic PRNG so a failing sequence can be replayed.
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe("wallet", () => {
  test("a new account gets its wallet with the 50 TMT sign-up bonus, once", async () => {
    const t = setupTest();
    const me = await signUpVerified(t, "newbie@example.com");
    expect(await me.query(api.wallet.balance, {})).toBe(50);
    const overview = await me.query(api.wallet.overview, {});
    expect(overview?.balance).toBe(50);
    expect(overview?.transactions).toMatchObject([{ amount: 50, type: "earned", source: "signup_bonus" }]);
    // Signing in again runs the profile hook again: no second bonus.
    await t.action(api.auth.signIn, { provider: "password", params: { flow: "signIn", email: "newbie@example.com", password: "secret123" } });
    const user = await userByEmail(t, "newbie@example.com");
    expect(await books(t, user!._id)).toEqual({ balance: 50, sum: 50, count: 1 });
  });

  test("visitors read null; a user without a wallet reads 0 and no transactions", async () => {
    const t = setupTest();
    expect(await t.query(api.wallet.balance, {})).toBeNull();
    expect(await t.query(api.wallet.overview, {})).toBeNull();
    const { as } = await makeUser(t);
    expect(await as.query(api.wallet.balance, {})).toBe(0);
    expect(await as.query(api.wallet.overview, {})).toEqual({ balance: 0, transactions: [] });
  });

  test("earning and spending are recorded with signed amounts, newest first, 20 at most", async () => {
    const t = setupTest();
    const { userId, as } = await makeUser(t);
    for (let i = 1; i <= 22; i++) await earn(t, userId, i);
    await spend(t, userId, 7, "tagging");
    const overview = (await as.query(api.wallet.overview, {}))!;
    expect(overview.balance).toBe((22 * 23) / 2 - 7);
    expect(overview.transactions).toHaveLength(20);
    expect(overview.transactions[0]).toMatchObject({ amount: -7, type: "spent", source: "tagging", description: "Spent 7" });
    expect(overview.transactions[1]).toMatchObject({ amount: 22, type: "earned" });
    expect(await as.query(api.wallet.balance, {})).toBe(overview.balance);
  });

  test("spending more than the balance says 'Insufficient tokens' and writes nothing", async () => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    await earn(t, userId, 10);
    const before = await snapshot(t);
    expect(await errorData(() => spend(t, userId, 11))).toEqual({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" });
    expect(await snapshot(t)).toEqual(before);
    // No wallet at all is a balance of 0, and still writes nothing.
    const { userId: empty } = await makeUser(t);
    const before2 = await snapshot(t);
    expect((await errorData(() => spend(t, empty, 1))).code).toBe("INSUFFICIENT_TOKENS");
    expect(await snapshot(t)).toEqual(before2);
  });

  test.each([
    ["negative", -5],
    ["zero", 0],
    ["fractional", 2.5],
    ["NaN", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
    ["huge", 1_000_001],
  ])("refuses a %s amount on both sides, writing nothing", async (_name, amount) => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    await earn(t, userId, 100);
    const before = await snapshot(t);
    for (const call of [earn, spend]) {
      expect(await errorData(() => call(t, userId, amount))).toEqual({ code: "INVALID", message: LEDGER_MESSAGES.invalidAmount });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("refuses unknown users, malformed sources and empty descriptions, writing nothing", async () => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    const gone = (await makeUser(t)).userId;
    await t.run(async (ctx) => await ctx.db.delete("users", gone));
    const before = await snapshot(t);
    expect((await errorData(() => earn(t, gone, 5))).code).toBe("NOT_FOUND");
    expect((await errorData(() => earn(t, userId, 5, "Bad Source!"))).message).toBe(LEDGER_MESSAGES.invalidSource);
    const blank = () => earn(t, userId, 5, "test", "   ");
    expect((await errorData(blank)).message).toBe(LEDGER_MESSAGES.invalidDescription);
    expect(await snapshot(t)).toEqual(before);
  });

  test("random sequences of earn and spend keep balance = sum of transactions, never negative", async () => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    const random = mulberry32(42);
    let expected = 0;
    for (let step = 0; step < 120; step++) {
      const amount = 1 + Math.floor(random() * 40);
      if (random() < 0.45) {
        await earn(t, userId, amount);
        expected += amount;
      } else if (amount <= expected) {
        await spend(t, userId, amount);
        expected -= amount;
      } else {
        expect((await errorData(() => spend(t, userId, amount))).code).toBe("INSUFFICIENT_TOKENS");
      }
      const { balance, sum } = await books(t, userId);
      expect(balance).toBe(expected);
      expect(sum).toBe(balance);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });

  test("concurrent spends for the last tokens: exactly as many succeed as the balance covers", async () => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    await earn(t, userId, 12);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => spend(t, userId, 5)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason.data).toMatchObject({ code: "INSUFFICIENT_TOKENS" });
    }
    expect(await books(t, userId)).toEqual({ balance: 2, sum: 2, count: 3 });
  });

  test("earns and spends racing together still balance", async () => {
    const t = setupTest();
    const { userId } = await makeUser(t);
    await earn(t, userId, 5);
    const calls = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? spend(t, userId, 5) : earn(t, userId, 3)));
    await Promise.allSettled(calls);
    const { balance, sum } = await books(t, userId);
    expect(balance).toBe(sum);
    expect(balance).toBeGreaterThanOrEqual(0);
  });
});
