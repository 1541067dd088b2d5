// The cover photo: the owner picks one of an asset's photos; every view shows it first.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { FILE_MESSAGES } from "../../convex/lib/assets/fileRules";
import type { Id } from "../../convex/_generated/dataModel";
import { errorData, setupTest, snapshot, type Client } from "./setup";
import { fundedUser, tagGeneral, upload } from "./assets-support";

async function assetWithPhotos() {
  const t = setupTest();
  const owner = await fundedUser(t);
  const other = await fundedUser(t);
  const [front, side, receipt] = [await upload(t, "image/jpeg"), await upload(t, "image/webp"), await upload(t, "application/pdf")];
  const { assetId, serial } = await tagGeneral(owner.as, {}, [
    { storageId: front, kind: "photo", name: "front.jpg" },
    { storageId: receipt, kind: "document", name: "receipt.pdf" },
    { storageId: side, kind: "photo", name: "side.webp" },
  ]);
  return { t, owner, other, assetId, serial, front, side, receipt };
}

const names = async (as: Client, assetId: Id<"assets">) => (await as.query(api.assets.get, { assetId }))!.files.map((f) => f.name);

test("the owner makes another photo the cover: it comes first everywhere, and the history says so", async () => {
  const { t, owner, assetId, serial, side } = await assetWithPhotos();
  const sideUrl = await t.run(async (ctx) => await ctx.storage.getUrl(side));
  await owner.as.mutation(api.assetFiles.setCover, { assetId, storageId: side });
  expect(await names(owner.as, assetId)).toEqual(["side.webp", "front.jpg", "receipt.pdf"]);
  const verify = await t.query(api.verify.bySerial, { serial });
  expect(verify.result === "public" && verify.photoUrl).toBe(sideUrl);
  const mine = await owner.as.query(api.assets.listMine, { paginationOpts: { numItems: 5, cursor: null } });
  expect(mine.page[0].coverUrl).toBe(sideUrl);
  const [latest] = await owner.as.query(api.assets.history, { assetId });
  expect(latest).toMatchObject({
    type: "files",
    summary: "Cover photo set to side.webp",
    changes: [{ field: "Cover photo", from: "front.jpg", to: "side.webp" }],
  });
  // Choosing the cover it already has changes nothing.
  const before = await snapshot(t);
  await owner.as.mutation(api.assetFiles.setCover, { assetId, storageId: side });
  expect(await snapshot(t)).toEqual(before);
});

test("a document cannot be the cover, nor a file the asset does not hold", async () => {
  const { t, owner, assetId, receipt } = await assetWithPhotos();
  const stray = await upload(t, "image/png");
  expect(await errorData(() => owner.as.mutation(api.assetFiles.setCover, { assetId, storageId: receipt }))).toEqual({
    code: "INVALID",
    message: FILE_MESSAGES.coverNotPhoto,
  });
  expect(await errorData(() => owner.as.mutation(api.assetFiles.setCover, { assetId, storageId: stray }))).toEqual({
    code: "NOT_FOUND",
    message: FILE_MESSAGES.missing,
  });
});

test("signed out or someone else: refused, nothing changes, and the asset reads as missing", async () => {
  const { t, owner, other, assetId, side } = await assetWithPhotos();
  const before = await snapshot(t);
  expect((await errorData(() => t.mutation(api.assetFiles.setCover, { workspaceId: owner.workspaceId, assetId, storageId: side }))).code).toBe("NOT_AUTHENTICATED");
  expect(await errorData(() => other.as.mutation(api.assetFiles.setCover, { assetId, storageId: side }))).toEqual({
    code: "NOT_FOUND",
    message: "Asset not found",
  });
  expect(await snapshot(t)).toEqual(before);
});
