// Saving an asset someone else changed since you opened it: the save names the version it
// loaded; a stale one is refused with CONFLICT and the values saved now, and writes nothing.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { MESSAGES } from "../../convex/lib/errors";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";
import { errorData, signInAgain, snapshot, setupTest, type Client } from "./setup";

async function twoEditors() {
  const t = setupTest();
  const owner = await fundedUser(t);
  const { assetId } = await tagGeneral(owner.as);
  // The same register open twice: here another device of the owner's.
  return { t, first: owner.as, second: await signInAgain(t, owner), assetId };
}

async function opened(as: Client, assetId: Id<"assets">) {
  return (await as.query(api.assets.get, { assetId }))!;
}

test("a save against the version the form loaded goes through and moves the version on", async () => {
  const { first, assetId } = await twoEditors();
  const loaded = await opened(first, assetId);
  await first.mutation(api.assets.update, { assetId, version: loaded.version, ...generalInput, name: "Gravel bike" });
  const after = await opened(first, assetId);
  expect(after.name).toBe("Gravel bike");
  expect(after.version).toBe(loaded.version + 1);
});

test("a stale save is refused with CONFLICT and the values saved now, and changes nothing", async () => {
  const { t, first, second, assetId } = await twoEditors();
  const mine = await opened(first, assetId);
  const theirs = await opened(second, assetId);
  await second.mutation(api.assets.update, {
    assetId, version: theirs.version, ...generalInput, name: "Their name", details: { ...generalInput.details, brand: "Cannondale" },
  });
  const before = await snapshot(t);
  const refused = await errorData(() => first.mutation(api.assets.update, { assetId, version: mine.version, ...generalInput, name: "My name" }));
  expect(refused).toEqual({
    code: "CONFLICT",
    message: MESSAGES.conflict,
    current: {
      version: mine.version + 1,
      kind: "general",
      name: "Their name",
      description: generalInput.description,
      category: generalInput.category,
      visibility: generalInput.visibility,
      details: { ...generalInput.details, brand: "Cannondale" },
      // Its custom field values too (none here), so the form can compare them.
      custom: {},
    },
  });
  expect(await snapshot(t)).toEqual(before);
  expect((await opened(first, assetId)).name).toBe("Their name");
});

test("after the conflict, saving the merged values against the new version goes through", async () => {
  const { first, second, assetId } = await twoEditors();
  const mine = await opened(first, assetId);
  await second.mutation(api.assets.update, { assetId, version: mine.version, ...generalInput, name: "Their name" });
  const refused = await errorData(() => first.mutation(api.assets.update, { assetId, version: mine.version, ...generalInput, category: "Bikes" }));
  const current = (refused as unknown as { current: { version: number } }).current;
  await first.mutation(api.assets.update, { assetId, version: current.version, ...generalInput, name: "Their name", category: "Bikes" });
  const history = await first.query(api.assets.history, { assetId });
  expect(history[0].changes).toEqual([{ field: "Category", from: "Bicycles", to: "Bikes" }]);
  expect(await opened(first, assetId)).toMatchObject({ name: "Their name", category: "Bikes", version: mine.version + 2 });
});

test("a bulk visibility change counts as a change the open form has not seen", async () => {
  const { first, assetId } = await twoEditors();
  const loaded = await opened(first, assetId);
  await first.mutation(api.assetBulk.setVisibility, { ids: [assetId], visibility: "private" });
  const refused = await errorData(() => first.mutation(api.assets.update, { assetId, version: loaded.version, ...generalInput, name: "Renamed" }));
  expect(refused).toMatchObject({ code: "CONFLICT", current: { visibility: "private", version: loaded.version + 1 } });
});

test("a status change is not the form's: a save over it still goes through and keeps the status", async () => {
  const { first, second, assetId } = await twoEditors();
  const loaded = await opened(first, assetId);
  await second.mutation(api.assets.setStatus, { assetId, status: "lost" });
  await first.mutation(api.assets.update, { assetId, version: loaded.version, ...generalInput, name: "Renamed" });
  expect(await opened(first, assetId)).toMatchObject({ name: "Renamed", status: "lost" });
});

test("someone else's asset reads as missing whatever version is sent", async () => {
  const { t, assetId } = await twoEditors();
  const stranger = await fundedUser(t);
  for (const version of [0, 1, 99]) {
    expect(await errorData(() => stranger.as.mutation(api.assets.update, { assetId, version, ...generalInput }))).toEqual({
      code: "NOT_FOUND",
      message: "Asset not found",
    });
  }
});

test("a bulk status change refuses, and names, the rows whose status someone else set since they were selected", async () => {
  const { first, second, assetId } = await twoEditors();
  const { assetId: otherId } = await tagGeneral(first, { name: "Kettle" });
  // Both rows selected while active; then the other editor marks the bike stolen.
  const seen = { [assetId]: "active" as const, [otherId]: "active" as const };
  await second.mutation(api.assets.setStatus, { assetId, status: "stolen" });
  const result = await first.mutation(api.assetBulk.setStatus, { ids: [assetId, otherId], status: "lost", seen });
  expect(result).toEqual({
    changed: 1,
    skipped: 1,
    stale: [{ _id: assetId, name: "Road bike", serial: expect.any(String), status: "stolen" }],
  });
  expect((await opened(first, assetId)).status).toBe("stolen");
  expect((await opened(first, otherId)).status).toBe("lost");
  // Selected with what it shows now, the change goes through.
  expect(await first.mutation(api.assetBulk.setStatus, { ids: [assetId], status: "lost", seen: { [assetId]: "stolen" } })).toMatchObject({ changed: 1, stale: [] });
});

test("select all matching reads each row with its status: a row someone else changes before the bulk change is refused and named", async () => {
  const { first, second, assetId } = await twoEditors();
  const { assetId: otherId } = await tagGeneral(first, { name: "Kettle" });
  // The list's "select all matching": the ids and what each held when read.
  const matching = await first.query(api.assetBulk.matchingIds, { cursor: null });
  const seen = Object.fromEntries(matching.ids.map((id, i) => [id, matching.stamps[i]]));
  expect(seen).toEqual({ [assetId]: "active", [otherId]: "active" });
  // Between the selection and the action, the other editor marks the bike stolen.
  await second.mutation(api.assets.setStatus, { assetId, status: "stolen" });
  const result = await first.mutation(api.assetBulk.setStatus, { ids: matching.ids, status: "lost", seen });
  expect(result).toEqual({ changed: 1, skipped: 1, stale: [{ _id: assetId, name: "Road bike", serial: expect.any(String), status: "stolen" }] });
  expect((await opened(first, assetId)).status).toBe("stolen");
  expect((await opened(first, otherId)).status).toBe("lost");
});
