// Claimable QR stickers: who makes and reads batches, codes that cannot be guessed, the claim
// that binds a code to exactly one asset, and the guess budget on /verify.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { STICKER_CODE_PATTERN } from "../../convex/lib/assets/serial";
import { STICKER_BATCHES_PER_HOUR, STICKER_CODES_PER_MUTATION, STICKER_GUESSES_PER_HOUR } from "../../convex/lib/stickers/rules";
import { balanceOf, fundedUser, generalInput } from "./assets-support";
import { errorData, makeUser, setupTest, type Backend, type Client } from "./setup";
import { createWorkspace } from "../../convex/lib/workspaces/store";

const claimInput = { ...generalInput, files: [] };

async function batchOf(t: Backend, count: number) {
  const business = await fundedUser(t, 50, { isBusinessUser: true });
  const batchId = await business.as.mutation(api.stickers.createBatch, { count });
  const sheet = await business.as.query(api.stickers.batchCodes, { batchId });
  return { business, batchId, codes: sheet!.codes.map((c) => c.code) };
}

afterEach(() => {
  vi.useRealTimers();
});

const claim = (as: Client, code: string) => as.mutation(api.stickers.claim, { code, ...claimInput });

describe("sticker batches", () => {
  test("a visitor and a member without business features cannot make a batch", async () => {
    const t = setupTest();
    const member = await makeUser(t);
    expect((await errorData(() => t.mutation(api.stickers.createBatch, { workspaceId: member.workspaceId, count: 5 }))).code).toBe("NOT_AUTHENTICATED");
    expect((await errorData(() => member.as.mutation(api.stickers.createBatch, { count: 5 }))).code).toBe("FORBIDDEN");
  });

  test("a business makes N distinct codes of the sticker format; sizes outside 1..1000 are refused", async () => {
    const t = setupTest();
    const { codes, business } = await batchOf(t, 25);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(STICKER_CODE_PATTERN);
    for (const count of [0, 1001, 2.5, -3]) {
      expect((await errorData(() => business.as.mutation(api.stickers.createBatch, { count }))).code).toBe("INVALID");
    }
  });

  test("a full batch of 1,000 codes: the first share at once, the rest by scheduled mutations", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const { codes, business, batchId } = await batchOf(t, 1000);
    expect(codes).toHaveLength(STICKER_CODES_PER_MUTATION);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const sheet = await business.as.query(api.stickers.batchCodes, { batchId });
    expect(sheet!.codes).toHaveLength(1000);
    expect(new Set(sheet!.codes.map((c) => c.code)).size).toBe(1000);
  });

  test(`at most ${STICKER_BATCHES_PER_HOUR} batches an hour per creator`, async () => {
    const t = setupTest();
    const business = await makeUser(t, { isBusinessUser: true });
    for (let i = 0; i < STICKER_BATCHES_PER_HOUR; i += 1) await business.as.mutation(api.stickers.createBatch, { count: 1 });
    expect((await errorData(() => business.as.mutation(api.stickers.createBatch, { count: 1 }))).code).toBe("RATE_LIMITED");
  });

  test("a batch is audited for its creator and admins only: who, when, how many, how many claimed", async () => {
    const t = setupTest();
    const { business, batchId, codes } = await batchOf(t, 3);
    const otherBusiness = await makeUser(t, { isBusinessUser: true });
    const admin = await makeUser(t, { role: "admin" });
    // The admin audits from a business workspace of their own.
    const desk = await t.run(async (ctx) => await createWorkspace(ctx, { name: "Audit desk", kind: "business", createdBy: admin.userId }));
    const member = await fundedUser(t);
    expect((await claim(member.as, codes[0]!)).ok).toBe(true);

    const own = await business.as.query(api.stickers.batches, {});
    expect(own).toEqual([expect.objectContaining({ _id: batchId, count: 3, claimed: 1, creator: null })]);
    expect(await otherBusiness.as.query(api.stickers.batches, {})).toEqual([]);
    expect(await otherBusiness.as.query(api.stickers.batchCodes, { batchId })).toBeNull();
    expect((await errorData(() => member.as.query(api.stickers.batchCodes, { batchId }))).code).toBe("FORBIDDEN");
    expect((await errorData(() => t.query(api.stickers.batches, { workspaceId: business.workspaceId }))).code).toBe("NOT_AUTHENTICATED");

    const seenByAdmin = await admin.as.query(api.stickers.batches, { workspaceId: desk });
    expect(seenByAdmin).toEqual([expect.objectContaining({ _id: batchId, claimed: 1, creator: business.email })]);
    const sheet = await admin.as.query(api.stickers.batchCodes, { workspaceId: desk, batchId });
    expect(sheet!.codes.filter((c) => c.claimed).map((c) => c.code)).toEqual([codes[0]]);
  });
});

describe("checking and claiming a sticker", () => {
  test("an unclaimed code is unknown to /verify's lookup and 'unclaimed' to the check; made-up codes are unknown", async () => {
    const t = setupTest();
    const { codes } = await batchOf(t, 1);
    expect(await t.query(api.verify.bySerial, { serial: codes[0]! })).toEqual({ result: "notFound", serial: codes[0] });
    expect(await t.mutation(api.stickers.check, { code: codes[0]!.toLowerCase(), visitorId: "visitor-0001" })).toBe("unclaimed");
    expect(await t.mutation(api.stickers.check, { code: "TMT-AAAAAA-AAAAAA-AAAAAA", visitorId: "visitor-0001" })).toBe("unknown");
    expect(await t.mutation(api.stickers.check, { code: "TMT-AAAA-AAAA" })).toBe("unknown");
  });

  test("a visitor cannot claim; a member claims by tagging: the code becomes the serial, tagging is charged", async () => {
    const t = setupTest();
    const { codes, batchId, business } = await batchOf(t, 2);
    expect((await errorData(() => t.mutation(api.stickers.claim, { workspaceId: business.workspaceId, code: codes[0]!, ...claimInput }))).code).toBe("NOT_AUTHENTICATED");
    const member = await fundedUser(t);
    const result = await claim(member.as, codes[0]!);
    expect(result).toEqual({ ok: true, assetId: expect.any(String), serial: codes[0] });
    expect(await balanceOf(t, member.userId)).toBe(45);
    const verified = await t.query(api.verify.bySerial, { serial: codes[0]! });
    expect(verified).toMatchObject({ result: "public", serial: codes[0], name: generalInput.name });
    expect(await t.mutation(api.stickers.check, { code: codes[0]!, visitorId: "visitor-0002" })).toBe("unknown");
    expect((await business.as.query(api.stickers.batches, {}))[0]).toMatchObject({ _id: batchId, claimed: 1 });
  });

  test("a claimed code cannot be claimed again, by anyone, and a made-up code claims nothing and charges nothing", async () => {
    const t = setupTest();
    const { codes } = await batchOf(t, 1);
    const first = await fundedUser(t);
    const second = await fundedUser(t);
    expect((await claim(first.as, codes[0]!)).ok).toBe(true);
    expect(await claim(second.as, codes[0]!)).toEqual({ ok: false, reason: "notClaimable" });
    expect(await claim(first.as, codes[0]!)).toEqual({ ok: false, reason: "notClaimable" });
    expect(await claim(second.as, "TMT-AAAAAA-AAAAAA-AAAAAA")).toEqual({ ok: false, reason: "notClaimable" });
    expect(await balanceOf(t, second.userId)).toBe(50);
  });

  test("two members claiming one code at once: exactly one asset gets it", async () => {
    const t = setupTest();
    const { codes, business } = await batchOf(t, 1);
    const a = await fundedUser(t);
    const b = await fundedUser(t);
    const results = await Promise.all([claim(a.as, codes[0]!), claim(b.as, codes[0]!)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "notClaimable" }]);
    const withSerial = await t.run(async (ctx) => await ctx.db.query("assets").withIndex("by_serial", (q) => q.eq("serial", codes[0]!)).collect());
    expect(withSerial).toHaveLength(1);
    expect((await business.as.query(api.stickers.batches, {}))[0]!.claimed).toBe(1);
  });

  test(`guessing is limited: ${STICKER_GUESSES_PER_HOUR} checks or claims an hour per caller, then refused even for a real code`, async () => {
    const t = setupTest();
    const { codes } = await batchOf(t, 1);
    const guess = (i: number) => `TMT-AAAAAA-AAAAAA-${String(i).padStart(6, "2").replace(/[01]/g, "A")}`;
    for (let i = 0; i < STICKER_GUESSES_PER_HOUR; i += 1) {
      expect(await t.mutation(api.stickers.check, { code: guess(i), visitorId: "guesser-0001" })).toBe("unknown");
    }
    expect(await t.mutation(api.stickers.check, { code: codes[0]!, visitorId: "guesser-0001" })).toBe("rateLimited");
    // Another visitor still has a budget.
    expect(await t.mutation(api.stickers.check, { code: codes[0]!, visitorId: "visitor-0003" })).toBe("unclaimed");

    const member = await fundedUser(t);
    // A signed-in member checks on their own budget, which the claims below then share.
    expect(await member.as.mutation(api.stickers.check, { code: codes[0]!, visitorId: "guesser-0001" })).toBe("unclaimed");
    for (let i = 1; i < STICKER_GUESSES_PER_HOUR; i += 1) expect((await claim(member.as, guess(i))).ok).toBe(false);
    expect(await claim(member.as, codes[0]!)).toEqual({ ok: false, reason: "rateLimited" });
    expect(await balanceOf(t, member.userId)).toBe(50);
  });
});
