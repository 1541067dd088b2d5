// Money in shared workspaces (issue 26, item 5): one ledger over wallet holders. A household
// or business workspace pays for its members' tagging and imports from its own wallet,
// topped up by its owners and admins; a personal workspace spends its user's own wallet.
import { describe, expect, test } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { TAGGING_COST } from "../../convex/lib/constants";
import * as ledger from "../../convex/lib/ledger";
import type { WalletHolder } from "../../convex/lib/wallet/tables";
import { addMember } from "../../convex/lib/workspaces/store";
import type { WorkspaceRole } from "../../convex/lib/workspaces/tables";
import { balanceOf, fundedUser, fundWorkspace, tagGeneral, workspaceBalance } from "./assets-support";
import { asSession, errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";

/** A business workspace (its owner's home) with a member of each role, each acting in it. */
async function staffedBusiness(t: Backend) {
  const owner = await fundedUser(t, 50, { isBusinessUser: true });
  const workspaceId = owner.workspaceId;
  const member = async (role: WorkspaceRole) => {
    const user = await fundedUser(t, 50);
    await t.run(async (ctx) => await addMember(ctx, workspaceId, user.userId, role));
    return { ...user, as: asSession(t, user.userId, user.sessionId, workspaceId) };
  };
  return { workspaceId, owner, admin: await member("admin"), editor: await member("editor"), viewer: await member("viewer"), outsider: await fundedUser(t, 50) };
}

/** The error code a call is refused with, or null when it succeeds. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return (await errorData(() => Promise.reject(error))).code;
  }
}

/** Every wallet's balance against the sum of its own transactions. */
async function books(t: Backend) {
  return await t.run(async (ctx) => {
    const wallets = await ctx.db.query("wallets").collect();
    const transactions = await ctx.db.query("transactions").collect();
    return {
      wallets: wallets.map((w) => {
        const own = transactions.filter((x) => (w.workspaceId !== undefined ? x.workspaceId === w.workspaceId : x.userId === w.userId));
        return { balance: w.balance, sum: own.reduce((s, x) => s + x.amount, 0), oneHolder: (w.userId === undefined) !== (w.workspaceId === undefined) };
      }),
      // Every transaction belongs to exactly one holder.
      orphans: transactions.filter((x) => (x.userId === undefined) === (x.workspaceId === undefined)).length,
    };
  });
}

describe("workspace wallets", () => {
  test("an editor's tagging in a business workspace is charged to the workspace wallet, not theirs", async () => {
    const t = setupTest();
    const { workspaceId, editor } = await staffedBusiness(t);
    await fundWorkspace(t, workspaceId, 30);
    expect(await editor.as.query(api.wallet.payer, {})).toEqual({ holder: "workspace", name: expect.any(String), balance: 30 });
    await tagGeneral(editor.as);
    expect(await workspaceBalance(t, workspaceId)).toBe(30 - TAGGING_COST);
    expect(await balanceOf(t, editor.userId)).toBe(50);
    // The workspace's history says who spent.
    const overview = await editor.as.query(api.wallet.workspaceOverview, {});
    expect(overview?.transactions[0]).toMatchObject({ amount: -TAGGING_COST, source: "tagging", by: expect.stringMatching(/^User \d+$/) });
  });

  test("short of tokens in the workspace wallet: 'Insufficient tokens' and nothing written, though the editor's own wallet could pay", async () => {
    const t = setupTest();
    const { workspaceId, editor } = await staffedBusiness(t);
    await fundWorkspace(t, workspaceId, TAGGING_COST - 1);
    const before = await snapshot(t);
    expect(await errorData(() => tagGeneral(editor.as))).toEqual({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a personal workspace charges its user's own wallet as before", async () => {
    const t = setupTest();
    const me = await fundedUser(t, 50);
    expect(await me.as.query(api.wallet.payer, {})).toEqual({ holder: "you", balance: 50 });
    await tagGeneral(me.as);
    expect(await balanceOf(t, me.userId)).toBe(50 - TAGGING_COST);
    expect(await me.as.query(api.wallet.balance, {})).toBe(50 - TAGGING_COST);
    expect(await t.run(async (ctx) => await ctx.db.query("wallets").withIndex("by_workspaceId", (q) => q.eq("workspaceId", me.workspaceId)).unique())).toBeNull();
  });

  test("someone else acting in a personal workspace cannot spend its user's wallet", async () => {
    const t = setupTest();
    const me = await fundedUser(t, 50);
    const intruder = await fundedUser(t, 50);
    // Personal workspaces are never shared; even a membership written by mistake spends nothing.
    await t.run(async (ctx) => await addMember(ctx, me.workspaceId, intruder.userId, "editor"));
    const before = await snapshot(t);
    expect(await errorData(() => tagGeneral(asSession(t, intruder.userId, intruder.sessionId, me.workspaceId)))).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("an admin tops up the workspace wallet; the buyer's own wallet is unchanged", async () => {
    const t = setupTest();
    const { workspaceId, admin, viewer } = await staffedBusiness(t);
    expect(await admin.as.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" })).toEqual({ kind: "paid", tmt: 1_000 });
    expect(await workspaceBalance(t, workspaceId)).toBe(1_000);
    expect(await balanceOf(t, admin.userId)).toBe(50);
    // Every member sees it, the viewer included.
    expect(await viewer.as.query(api.wallet.workspaceOverview, {})).toMatchObject({ balance: 1_000, transactions: [{ amount: 1_000, source: "top_up" }] });
    const order = await t.run(async (ctx) => (await ctx.db.query("topUpOrders").collect())[0]);
    expect(order).toMatchObject({ userId: admin.userId, workspaceId, status: "paid" });
  });

  test("a viewer cannot top up or spend; an editor cannot top up; an outsider learns nothing", async () => {
    const t = setupTest();
    const { workspaceId, editor, viewer, outsider } = await staffedBusiness(t);
    await fundWorkspace(t, workspaceId, 100);
    const before = await snapshot(t);
    expect((await errorData(() => viewer.as.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" }))).code).toBe("FORBIDDEN");
    expect((await errorData(() => editor.as.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" }))).code).toBe("FORBIDDEN");
    expect((await errorData(() => tagGeneral(viewer.as))).code).toBe("FORBIDDEN");
    const stranger = asSession(t, outsider.userId, outsider.sessionId, workspaceId);
    expect(await errorData(() => stranger.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" }))).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
    expect((await errorData(() => tagGeneral(stranger))).code).toBe("NOT_FOUND");
    expect(await stranger.query(api.wallet.payer, {})).toBeNull();
    expect(await stranger.query(api.wallet.workspaceOverview, {})).toBeNull();
    expect(await stranger.query(api.wallet.workspaceBalanceHistory, {})).toBeNull();
    expect(await snapshot(t)).toEqual(before);
  });

  test("a personal workspace has no wallet of its own to top up or read", async () => {
    const t = setupTest();
    const me = await fundedUser(t, 50);
    expect((await errorData(() => me.as.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" }))).code).toBe("FORBIDDEN");
    expect(await me.as.query(api.wallet.workspaceOverview, {})).toBeNull();
  });

  test("a charge names the wallet that paid (imports refund to it), never the member's", async () => {
    const t = setupTest();
    const { workspaceId, editor } = await staffedBusiness(t);
    await fundWorkspace(t, workspaceId, 100);
    const paidBy: WalletHolder = await t.run(async (ctx) => await ledger.charge(ctx, workspaceId, editor.userId, { amount: 40, source: "tagging", description: "Import" }));
    expect(paidBy).toEqual({ workspaceId });
    expect(await workspaceBalance(t, workspaceId)).toBe(60);
    expect(await balanceOf(t, editor.userId)).toBe(50);
  });

  test("random mixed operations keep every wallet's balance = the sum of its own transactions, never negative", async () => {
    const t = setupTest();
    const { workspaceId, owner, editor } = await staffedBusiness(t);
    const home = await makeUser(t);
    const holders: WalletHolder[] = [{ userId: owner.userId }, { userId: editor.userId }, { userId: home.userId }, { workspaceId }];
    const expected = new Map<string, number>(await Promise.all(holders.map(async (h) => [JSON.stringify(h), h.userId !== undefined ? await balanceOf(t, h.userId) : 0] as const)));
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let step = 0; step < 90; step++) {
      const amount = 1 + Math.floor(random() * 30);
      const roll = random();
      // Charging in the business workspace or in a personal one, or a direct earn/spend on any holder.
      const charged =
        roll < 0.2
          ? { workspaceId, actorId: editor.userId, payer: { workspaceId } }
          : roll < 0.35
            ? { workspaceId: home.workspaceId, actorId: home.userId, payer: { userId: home.userId } }
            : null;
      const holder: WalletHolder = charged?.payer ?? holders[Math.floor(random() * holders.length)];
      const key = JSON.stringify(holder);
      const has = expected.get(key)!;
      const earning = charged === null && random() < 0.45;
      const run = () =>
        t.run(async (ctx) => {
          if (charged !== null) await ledger.charge(ctx, charged.workspaceId, charged.actorId, { amount, source: "tagging", description: "Fuzz" });
          else if (earning) await ledger.earn(ctx, { ...holder, amount, source: "test", description: "Fuzz" });
          else await ledger.spend(ctx, { ...holder, amount, source: "test", description: "Fuzz" });
        });
      if (earning) {
        await run();
        expected.set(key, has + amount);
      } else if (amount <= has) {
        await run();
        expected.set(key, has - amount);
      } else {
        expect((await errorData(run)).code).toBe("INSUFFICIENT_TOKENS");
      }
      const state = await books(t);
      expect(state.orphans).toBe(0);
      for (const w of state.wallets) {
        expect(w.oneHolder).toBe(true);
        expect(w.balance).toBe(w.sum);
        expect(w.balance).toBeGreaterThanOrEqual(0);
      }
    }
    for (const h of holders) {
      const balance = h.userId !== undefined ? await balanceOf(t, h.userId) : await workspaceBalance(t, h.workspaceId);
      expect(balance).toBe(expected.get(JSON.stringify(h)));
    }
  });
});

describe("workspace wallet access by role", () => {
  const cases: [WorkspaceRole | "outsider", { read: boolean; spend: string | null; fund: string | null }][] = [
    ["owner", { read: true, spend: null, fund: null }],
    ["admin", { read: true, spend: null, fund: null }],
    ["editor", { read: true, spend: null, fund: "FORBIDDEN" }],
    ["viewer", { read: true, spend: "FORBIDDEN", fund: "FORBIDDEN" }],
    ["outsider", { read: false, spend: "NOT_FOUND", fund: "NOT_FOUND" }],
  ];
  test.each(cases)("%s: reads the wallet %o", async (role, expected) => {
    const t = setupTest();
    const staff = await staffedBusiness(t);
    await fundWorkspace(t, staff.workspaceId, 100);
    const caller = role === "outsider" ? asSession(t, staff.outsider.userId, staff.outsider.sessionId, staff.workspaceId) : staff[role].as;
    const payer = await caller.query(api.wallet.payer, {});
    expect(payer === null ? false : payer.balance === 100).toBe(expected.read);
    expect((await caller.query(api.wallet.workspaceBalanceHistory, {}))?.balance === 100).toBe(expected.read);
    expect(await refusal(() => tagGeneral(caller))).toBe(expected.spend);
    expect(await refusal(() => caller.action(api.topUps.buyForWorkspace, { packId: "tmt_1000" }))).toBe(expected.fund);
  });
});

describe("support credits from outside the app", () => {
  test("earnWorkspaceTokens credits a workspace's wallet with its transaction, and refuses a workspace that does not exist", async () => {
    const t = setupTest();
    const { workspaceId, owner } = await staffedBusiness(t);
    const before = await workspaceBalance(t, workspaceId);
    await t.mutation(internal.lib.ledger.earnWorkspaceTokens, { workspaceId, amount: 300, source: "support", description: "Goodwill credit" });
    expect(await workspaceBalance(t, workspaceId)).toBe(before + 300);
    expect(await balanceOf(t, owner.userId)).toBe(50);
    expect((await books(t)).wallets.every((w) => w.balance === w.sum)).toBe(true);
    const gone = await t.run(async (ctx) => {
      await ctx.db.delete("workspaces", workspaceId);
      return workspaceId;
    });
    expect(await refusal(() => t.mutation(internal.lib.ledger.earnWorkspaceTokens, { workspaceId: gone, amount: 1, source: "support", description: "x" }))).toBe("NOT_FOUND");
  });
});
