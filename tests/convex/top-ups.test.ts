// Buying TMT (convex/topUps.ts) through the payment adapter's offline test mode.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { balanceOf, fundedUser } from "./assets-support";
import { errorData, setupTest, snapshot } from "./setup";

afterEach(() => {
  process.env.PAYMENTS_PROVIDER = "test";
});

describe("TMT top-ups", () => {
  test("the offer lists the packs and says test mode", async () => {
    const t = setupTest();
    const user = await fundedUser(t, 0);
    const offer = await user.as.query(api.topUps.offer, {});
    expect(offer).toMatchObject({ available: true, test: true, currency: "GBP" });
    expect(offer.packs.map((p) => [p.id, p.tmt, p.priceMinor])).toEqual([
      ["tmt_1000", 1_000, 1_000],
      ["tmt_12000", 12_000, 10_000],
      ["tmt_60000", 60_000, 45_000],
    ]);
  });

  test("a test-mode purchase credits the buyer's wallet through the ledger, once", async () => {
    const t = setupTest();
    const buyer = await fundedUser(t, 50);
    const other = await fundedUser(t, 50);
    expect(await buyer.as.action(api.topUps.buy, { packId: "tmt_12000" })).toEqual({ kind: "paid", tmt: 12_000 });
    expect(await balanceOf(t, buyer.userId)).toBe(12_050);
    expect(await balanceOf(t, other.userId)).toBe(50);
    const order = await t.run(async (ctx) => (await ctx.db.query("topUpOrders").collect())[0]);
    expect(order).toMatchObject({ userId: buyer.userId, status: "paid", test: true, provider: "test", tmt: 12_000 });
    // A provider confirming the same order again (a webhook retried) credits nothing more.
    await t.mutation(internal.topUps.complete, { orderId: order._id, reference: "again" });
    expect(await balanceOf(t, buyer.userId)).toBe(12_050);
    const credits = await t.run(async (ctx) => (await ctx.db.query("transactions").collect()).filter((x) => x.source === "top_up"));
    expect(credits.map((c) => [c.userId, c.amount, c.description])).toEqual([[buyer.userId, 12_000, "Bought 12,000 TMT (test mode, no payment taken)"]]);
  });

  test("an unknown pack, or a deployment without a provider, is refused and writes nothing", async () => {
    const t = setupTest();
    const user = await fundedUser(t, 50);
    const before = await snapshot(t);
    expect(await errorData(() => user.as.action(api.topUps.buy, { packId: "tmt_999" }))).toEqual({ code: "INVALID", message: "Unknown top-up pack" });
    delete process.env.PAYMENTS_PROVIDER;
    expect(await user.as.query(api.topUps.offer, {})).toMatchObject({ available: false, test: false });
    expect(await errorData(() => user.as.action(api.topUps.buy, { packId: "tmt_1000" }))).toEqual({ code: "INVALID", message: "Buying TMT is not set up on this deployment yet." });
    expect(await snapshot(t)).toEqual(before);
  });
});
