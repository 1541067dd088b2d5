// A tag or a sticker claim sent twice with the same key (a double submit, a retry after a
// dropped connection, a second tab) makes one asset and charges once.
import { expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { TAG_REPLAY_WINDOW_MS } from "../../convex/lib/assets/tagRequests";
import { TAGGING_COST } from "../../convex/lib/constants";
import { balanceOf, fundedUser, generalInput } from "./assets-support";
import { errorData, setupTest, type Backend } from "./setup";

const KEY = "3f1c9a7e-5b2d-4e8f-9a6c-1d2e3f4a5b6c";
const tagArgs = { ...generalInput, files: [] };

async function assetCount(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.query("assets").collect()).length);
}

test("a double submit with one key tags once and charges once; another key is another tag", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 50);
  const [first, second] = await Promise.all([
    owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY }),
    owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY }),
  ]);
  expect(second).toEqual(first);
  const third = await owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY });
  expect(third).toEqual(first);
  expect(await assetCount(t)).toBe(1);
  expect(await balanceOf(t, owner.userId)).toBe(50 - TAGGING_COST);

  const other = await owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: "another-key-0000000000" });
  expect(other.assetId).not.toBe(first.assetId);
  expect(await balanceOf(t, owner.userId)).toBe(50 - 2 * TAGGING_COST);
});

test("the key is the workspace's own: the same key elsewhere tags there, and leaks nothing", async () => {
  const t = setupTest();
  const a = await fundedUser(t, 50);
  const b = await fundedUser(t, 50);
  const mine = await a.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY });
  const theirs = await b.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY });
  expect(theirs.assetId).not.toBe(mine.assetId);
  expect(await balanceOf(t, b.userId)).toBe(50 - TAGGING_COST);
});

test("after the window the key is forgotten (hourly), and a malformed key is refused", async () => {
  vi.useFakeTimers();
  try {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    await owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: KEY });
    vi.advanceTimersByTime(TAG_REPLAY_WINDOW_MS + 1000);
    await t.mutation(internal.assets.forgetTagRequests, {});
    expect(await t.run(async (ctx) => await ctx.db.query("tagRequests").collect())).toEqual([]);
    expect((await errorData(() => owner.as.mutation(api.assets.tag, { ...tagArgs, requestKey: "<script>" }))).code).toBe("INVALID");
    expect(await balanceOf(t, owner.userId)).toBe(50 - TAGGING_COST);
  } finally {
    vi.useRealTimers();
  }
});

test("a sticker claimed twice with one key: one asset, one charge, both answers ok", async () => {
  const t = setupTest();
  const business = await fundedUser(t, 50, { isBusinessUser: true });
  const batchId = await business.as.mutation(api.stickers.createBatch, { count: 1 });
  const code = (await business.as.query(api.stickers.batchCodes, { batchId }))!.codes[0]!.code;
  const member = await fundedUser(t, 50);
  const first = await member.as.mutation(api.stickers.claim, { code, ...tagArgs, requestKey: KEY });
  const again = await member.as.mutation(api.stickers.claim, { code, ...tagArgs, requestKey: KEY });
  expect(first).toMatchObject({ ok: true, serial: code });
  expect(again).toEqual(first);
  expect(await balanceOf(t, member.userId)).toBe(50 - TAGGING_COST);
});
