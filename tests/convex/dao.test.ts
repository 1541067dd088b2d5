import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { runToCompletion } from "@convex-dev/migrations";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { earn, spend } from "../../convex/lib/ledger";
import { DAO_MESSAGES, outcome } from "../../convex/lib/dao/rules";
import { tagGeneral } from "./assets-support";
import { errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function draft(overrides: Record<string, unknown> = {}) {
  return {
    title: "Fund a repair café",
    description: "Should the treasury fund a monthly repair café?",
    options: ["Yes", "No"],
    startsAt: T0,
    endsAt: T0 + 24 * HOUR,
    quorum: 100,
    ...overrides,
  };
}

async function fund(t: Backend, userId: Id<"users">, amount: number) {
  await t.run(async (ctx) => {
    await earn(ctx, { userId, amount, source: "test", description: "Test funds" });
  });
}

async function setup() {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin" });
  const proposalId = await admin.as.mutation(api.dao.create, draft());
  return { t, admin, proposalId };
}

describe("proposals", () => {
  test("an admin creates a proposal; visitors read it with an empty tally", async () => {
    const { t, proposalId } = await setup();
    const [p] = await t.query(api.dao.list, {});
    expect(p._id).toBe(proposalId);
    expect(p).toMatchObject({ title: "Fund a repair café", options: ["Yes", "No"], weights: [0, 0], counts: [0, 0], myVote: null });
  });

  test("members, moderators and admin-influencers cannot create proposals", async () => {
    const t = setupTest();
    for (const options of [{}, { role: "moderator" as const }, { isAdminInfluencer: true }]) {
      const user = await makeUser(t, options);
      const before = await snapshot(t);
      expect((await errorData(() => user.as.mutation(api.dao.create, draft()))).code).toBe("FORBIDDEN");
      expect(await snapshot(t)).toEqual(before);
    }
  });

  test.each([
    ["one option", { options: ["Only"] }, DAO_MESSAGES.optionCount],
    ["seven options", { options: ["a", "b", "c", "d", "e", "f", "g"] }, DAO_MESSAGES.optionCount],
    ["a blank option", { options: ["Yes", "  "] }, DAO_MESSAGES.optionBlank],
    ["duplicate options", { options: ["Yes", "yes"] }, DAO_MESSAGES.optionDuplicate],
    ["an end before the start", { startsAt: T0 + 2 * HOUR, endsAt: T0 + HOUR }, DAO_MESSAGES.endBeforeStart],
    ["an end in the past", { startsAt: T0 - 2 * HOUR, endsAt: T0 - HOUR }, DAO_MESSAGES.endInPast],
    ["a blank title", { title: "   " }, DAO_MESSAGES.titleRequired],
    ["a 121-character title", { title: "x".repeat(121) }, DAO_MESSAGES.titleTooLong],
    ["a 5001-character description", { description: "x".repeat(5001) }, DAO_MESSAGES.descriptionTooLong],
    ["a fractional quorum", { quorum: 1.5 }, DAO_MESSAGES.quorum],
    ["a negative quorum", { quorum: -1 }, DAO_MESSAGES.quorum],
  ])("a proposal with %s is refused and nothing is written", async (_name, overrides, message) => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const before = await snapshot(t);
    expect(await errorData(() => admin.as.mutation(api.dao.create, draft(overrides)))).toEqual({ code: "INVALID", message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a 120-character title, 5000-character description and six options are accepted", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const id = await admin.as.mutation(
      api.dao.create,
      draft({ title: "t".repeat(120), description: "d".repeat(5000), options: ["a", "b", "c", "d", "e", "f"] }),
    );
    expect((await t.query(api.dao.get, { proposalId: id }))?.options).toHaveLength(6);
  });
});

describe("voting", () => {
  test("a business workspace's wallet never adds to its owner's vote weight", async () => {
    const { t, proposalId } = await setup();
    const owner = await makeUser(t, { isBusinessUser: true });
    await fund(t, owner.userId, 20);
    await t.run(async (ctx) => {
      await earn(ctx, { workspaceId: owner.workspaceId, amount: 5_000, source: "top_up", description: "Test funds" });
    });
    expect(await owner.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 20 });
  });

  test("a vote weighs the voter's balance as it stood when the proposal opened and is stored with it", async () => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    await fund(t, member.userId, 70);
    expect(await member.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 70 });
    // Later balance changes do not move a vote already cast.
    await fund(t, member.userId, 30);
    const p = await member.as.query(api.dao.get, { proposalId });
    expect(p).toMatchObject({ weights: [70, 0], counts: [1, 0], myVote: { option: 0, weight: 70 } });
  });

  test("one vote per member per proposal: voting again changes it, it never counts twice", async () => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    await fund(t, member.userId, 40);
    await member.as.mutation(api.dao.vote, { proposalId, option: 0 });
    await member.as.mutation(api.dao.vote, { proposalId, option: 0 });
    expect(await t.query(api.dao.get, { proposalId })).toMatchObject({ weights: [40, 0], counts: [1, 0] });
    vi.setSystemTime(T0 + 23 * HOUR);
    await member.as.mutation(api.dao.vote, { proposalId, option: 1 });
    expect(await t.query(api.dao.get, { proposalId })).toMatchObject({ weights: [0, 40], counts: [0, 1] });
    const votes = await t.run(async (ctx) => await ctx.db.query("votes").collect());
    expect(votes).toHaveLength(1);
  });

  test("no vote after the end, none before the start, nothing written", async () => {
    const { t, admin, proposalId } = await setup();
    const member = await makeUser(t);
    await fund(t, member.userId, 10);
    await member.as.mutation(api.dao.vote, { proposalId, option: 0 });
    vi.setSystemTime(T0 + 24 * HOUR);
    let before = await snapshot(t);
    expect(await errorData(() => member.as.mutation(api.dao.vote, { proposalId, option: 1 }))).toEqual({
      code: "INVALID",
      message: DAO_MESSAGES.closed,
    });
    expect(await snapshot(t)).toEqual(before);

    const later = await admin.as.mutation(api.dao.create, draft({ startsAt: T0 + 48 * HOUR, endsAt: T0 + 72 * HOUR }));
    before = await snapshot(t);
    expect((await errorData(() => member.as.mutation(api.dao.vote, { proposalId: later, option: 0 }))).message).toBe(
      DAO_MESSAGES.notStarted,
    );
    expect(await snapshot(t)).toEqual(before);
  });

  test.each([[-1], [2], [0.5]])("a vote for unknown option %s is refused, nothing written", async (option) => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    const before = await snapshot(t);
    expect(await errorData(() => member.as.mutation(api.dao.vote, { proposalId, option }))).toEqual({
      code: "INVALID",
      message: DAO_MESSAGES.unknownOption,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("visitors cannot vote", async () => {
    const { t, proposalId } = await setup();
    expect((await errorData(() => t.mutation(api.dao.vote, { proposalId, option: 0 }))).code).toBe("NOT_AUTHENTICATED");
  });

  test("quorum and the final result", async () => {
    const { t, proposalId } = await setup();
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await fund(t, a.userId, 50);
    await fund(t, b.userId, 30);
    await a.as.mutation(api.dao.vote, { proposalId, option: 1 });
    let p = (await t.query(api.dao.get, { proposalId }))!;
    expect(outcome(p)).toMatchObject({ totalWeight: 50, quorumReached: false, winner: null });
    await b.as.mutation(api.dao.vote, { proposalId, option: 0 });
    await fund(t, c.userId, 40);
    await c.as.mutation(api.dao.vote, { proposalId, option: 0 });
    vi.setSystemTime(T0 + 25 * HOUR);
    p = (await t.query(api.dao.get, { proposalId }))!;
    expect(p).toMatchObject({ weights: [70, 50], counts: [2, 1] });
    expect(outcome(p)).toEqual({ totalWeight: 120, totalVotes: 3, quorumReached: true, winner: 0, tied: false });
  });

  test("a tie has no winner", () => {
    expect(outcome({ weights: [60, 60], counts: [1, 1], quorum: 10 })).toMatchObject({ tied: true, winner: null });
  });
});

describe("vote weight cannot be bought or moved", () => {
  test("buying 1,000 TMT in test mode after a proposal opens adds no weight: the buyer cannot meet a 100-TMT quorum alone", async () => {
    const { t, proposalId } = await setup();
    const buyer = await makeUser(t);
    vi.setSystemTime(T0 + HOUR);
    expect(await buyer.as.action(api.topUps.buy, { packId: "tmt_1000" })).toEqual({ kind: "paid", tmt: 1_000 });
    expect(await buyer.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 0 });
    const p = (await buyer.as.query(api.dao.get, { proposalId }))!;
    expect(p).toMatchObject({ weights: [0, 0], counts: [1, 0], myVote: { option: 0, weight: 0 }, myWeight: 0 });
    expect(outcome(p)).toMatchObject({ totalWeight: 0, quorumReached: false, winner: null });
  });

  test("topping up, spending or changing a vote during a vote leaves its weight at the opening balance", async () => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    await fund(t, member.userId, 70);
    vi.setSystemTime(T0 + HOUR);
    await member.as.action(api.topUps.buy, { packId: "tmt_1000" });
    expect(await member.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 70 });
    // Spending most of it (tagging) and buying more, then voting again.
    vi.setSystemTime(T0 + 2 * HOUR);
    await tagGeneral(member.as);
    await member.as.action(api.topUps.buy, { packId: "tmt_12000" });
    expect(await member.as.mutation(api.dao.vote, { proposalId, option: 1 })).toEqual({ weight: 70 });
    expect(await member.as.query(api.dao.get, { proposalId })).toMatchObject({ weights: [0, 70], counts: [0, 1], myWeight: 70 });
  });

  test("TMT passed to a fresh account during a vote gives it no weight, and the giver keeps the weight of the opening", async () => {
    const { t, proposalId } = await setup();
    const giver = await makeUser(t);
    const fresh = await makeUser(t);
    await fund(t, giver.userId, 500);
    vi.setSystemTime(T0 + HOUR);
    // The ledger's move of TMT between accounts: a spend from one and an earn to the other.
    await t.mutation(internal.lib.ledger.earnTokens, { userId: fresh.userId, amount: 500, source: "transfer", description: "From a friend" });
    await t.run(async (ctx) => {
      await spend(ctx, { userId: giver.userId, amount: 500, source: "transfer", description: "To a friend" });
    });
    expect(await fresh.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 0 });
    expect(await giver.as.mutation(api.dao.vote, { proposalId, option: 1 })).toEqual({ weight: 500 });
    expect(await t.query(api.dao.get, { proposalId })).toMatchObject({ weights: [0, 500], counts: [1, 1] });
  });

  test("a member with no TMT when the proposal opened sees a weight of 0 before voting", async () => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    vi.setSystemTime(T0 + HOUR);
    await fund(t, member.userId, 300);
    expect((await member.as.query(api.dao.get, { proposalId }))!.myWeight).toBe(0);
    expect((await t.query(api.dao.get, { proposalId }))!.myWeight).toBeNull();
  });

  test("a proposal created with a start in the past opens when it is created", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const member = await makeUser(t);
    await fund(t, member.userId, 20);
    vi.setSystemTime(T0 + HOUR);
    await fund(t, member.userId, 30);
    vi.setSystemTime(T0 + 2 * HOUR);
    const proposalId = await admin.as.mutation(api.dao.create, draft({ startsAt: T0 }));
    vi.setSystemTime(T0 + 3 * HOUR);
    await fund(t, member.userId, 1000);
    expect(await member.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 50 });
  });

  test("balances recorded before checkpoints weigh the same, before and after the migration that adds them", async () => {
    const { t, proposalId } = await setup();
    const member = await makeUser(t);
    // Rows as the ledger wrote them before it kept a running balance.
    await t.run(async (ctx) => {
      const row = (amount: number, createdAt: number) => ({ userId: member.userId, amount, type: amount < 0 ? ("spent" as const) : ("earned" as const), source: "test", description: "Old row", createdAt });
      await ctx.db.insert("wallets", { userId: member.userId, balance: 60 });
      // Two rows of one moment (one mutation): the index orders them by creation.
      await ctx.db.insert("transactions", row(50, T0 - HOUR));
      await ctx.db.insert("transactions", row(-10, T0 - HOUR));
      await ctx.db.insert("transactions", row(20, T0 + HOUR));
    });
    vi.setSystemTime(T0 + 2 * HOUR);
    expect((await member.as.query(api.dao.get, { proposalId }))!.myWeight).toBe(40);
    await fund(t, member.userId, 5);
    expect((await member.as.query(api.dao.get, { proposalId }))!.myWeight).toBe(40);
    await t.run(async (ctx) => {
      await runToCompletion(ctx, components.migrations, internal.migrations.checkpointBalances);
    });
    const rows = await t.run(async (ctx) => await ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", member.userId)).collect());
    expect(rows.map((r) => r.balanceAfter)).toEqual([50, 40, 60, 65]);
    expect(await member.as.mutation(api.dao.vote, { proposalId, option: 0 })).toEqual({ weight: 40 });
  });
});
