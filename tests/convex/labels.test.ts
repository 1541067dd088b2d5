// Label data: only the caller's own assets, each id checked on its own, batches capped.
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { LABEL_IDS_PER_CALL } from "../../convex/lib/assets/labels";
import { fundedUser, tagGeneral } from "./assets-support";
import { setupTest } from "./setup";

describe("labels.forAssets", () => {
  test("a visitor gets no labels", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const { assetId } = await tagGeneral(owner.as);
    expect(await t.query(api.labels.forAssets, { workspaceId: owner.workspaceId, ids: [assetId] })).toEqual([]);
  });

  test("someone else's asset is left out, as a deleted or made-up id is", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const stranger = await fundedUser(t);
    const { assetId } = await tagGeneral(owner.as);
    expect(await stranger.as.query(api.labels.forAssets, { ids: [assetId, "not-an-id", "99999999999999999999assets"] })).toEqual([]);
  });

  test("the owner gets serial and name of each of their assets, once each, mixed ids checked one by one", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const stranger = await fundedUser(t);
    const mine = await tagGeneral(owner.as, { name: "Road bike" });
    const theirs = await tagGeneral(stranger.as, { name: "Their camera" });
    const result = await owner.as.query(api.labels.forAssets, { ids: [mine.assetId, theirs.assetId, mine.assetId] });
    expect(result).toEqual([{ _id: mine.assetId, serial: mine.serial, name: "Road bike", lines: [] }]);
  });

  test(`refuses more than ${LABEL_IDS_PER_CALL} ids in one call`, async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const ids = Array.from({ length: LABEL_IDS_PER_CALL + 1 }, (_, i) => `id${i}`);
    await expect(owner.as.query(api.labels.forAssets, { ids })).rejects.toThrow(/at most/);
  });
});
