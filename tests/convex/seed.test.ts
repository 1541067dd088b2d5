import { expect, test } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { importCost } from "../../convex/lib/csv/pricing";
import { asToken, setupTest, signIn } from "./setup";

test("seeding twice creates each demo account once, verified, with its role and flags", async () => {
  const t = setupTest();
  await t.action(internal.seed.run, {});
  await t.action(internal.seed.run, {});
  const users = await t.run(async (ctx) => await ctx.db.query("users").collect());
  const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
  expect(users).toHaveLength(5);
  expect(byEmail["admin@example.com"]).toMatchObject({ role: "admin", isAdminInfluencer: false });
  expect(byEmail["admin-influencer@example.com"]).toMatchObject({ role: "admin", isAdminInfluencer: true });
  expect(byEmail["moderator@example.com"]).toMatchObject({ role: "moderator" });
  expect(byEmail["business@example.com"]).toMatchObject({ role: "influencer", isBusinessUser: true });
  expect(byEmail["member@example.com"]).toMatchObject({ role: "influencer", isBusinessUser: false });

  const result = await signIn(t, "password", { flow: "signIn", email: "admin@example.com", password: "password123" });
  const me = await asToken(t, result.tokens!.token).query(api.users.me, {});
  expect(me).toMatchObject({ email: "admin@example.com", role: "admin", emailVerified: true, fullName: "Ada Admin" });
});

test("the demo business's workspace has bought TMT (test mode) enough for a 10,000-row import, once across seeds", async () => {
  const t = setupTest();
  await t.action(internal.seed.run, {});
  await t.action(internal.seed.run, {});
  const business = await t.run(async (ctx) => (await ctx.db.query("users").collect()).find((u) => u.email === "business@example.com")!);
  const workspace = await t.run(async (ctx) => (await ctx.db.query("workspaces").collect()).find((w) => w.createdBy === business._id && w.kind === "business")!);
  // Imports in the business workspace are paid from its wallet, so that is the one funded.
  const wallet = await t.run(async (ctx) => await ctx.db.query("wallets").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspace._id)).unique());
  const credits = await t.run(async (ctx) => (await ctx.db.query("transactions").collect()).filter((x) => x.workspaceId === workspace._id && x.source === "top_up"));
  expect(credits.map((c) => c.amount)).toEqual([12_000]);
  expect(wallet!.balance).toBeGreaterThanOrEqual(importCost(10_000));
  // The balance is the sum of its transactions.
  const all = await t.run(async (ctx) => (await ctx.db.query("transactions").collect()).filter((x) => x.workspaceId === workspace._id));
  expect(all.reduce((sum, x) => sum + x.amount, 0)).toBe(wallet!.balance);
});
