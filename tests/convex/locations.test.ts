// Locations as records (issue 27 item 1): nested per workspace, items moved one or many at
// a time (a kit carries its parts), free text typed anywhere linked to a location, and
// the older free-text locations moved into records by the migration with nothing lost.
import { runToCompletion } from "@convex-dev/migrations";
import { expect, test } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { errorData, makeUser, setupTest } from "./setup";
import { lendingHousehold } from "./custody-support";

test("nested locations: a shelf inside a room inside a site, each page listing what is directly in it", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const site = await h.editor.mutation(api.locations.create, { name: "Home" });
  const room = await h.editor.mutation(api.locations.create, { name: "Garage", parentId: site });
  const shelf = await h.editor.mutation(api.locations.create, { name: "Top shelf", parentId: room });
  expect(await errorData(() => h.editor.mutation(api.locations.create, { name: "Garage", parentId: site }))).toEqual({ code: "INVALID", message: "There is already a location with this name here" });
  expect((await errorData(() => h.editor.mutation(api.locations.create, { name: "A / B" }))).code).toBe("INVALID");

  const drill = await h.tag("Drill");
  const saw = await h.tag("Saw");
  expect(await h.editor.mutation(api.locations.moveItems, { assetIds: [drill, saw], locationId: shelf })).toEqual({ moved: 2 });
  const page = (await h.viewerAs.query(api.locations.contents, { locationId: shelf }))!;
  expect(page.location.path).toBe("Home / Garage / Top shelf");
  expect(page.trail.map((l) => l.name)).toEqual(["Home", "Garage"]);
  expect(page.items.map((i) => i.name)).toEqual(["Drill", "Saw"]);
  // The item's location field holds the path: its page and the forms show it.
  expect((await h.editor.query(api.assets.get, { assetId: drill }))!.details).toMatchObject({ location: "Home / Garage / Top shelf" });
  expect((await h.viewerAs.query(api.locations.contents, { locationId: room }))!.children.map((c) => c.name)).toEqual(["Top shelf"]);

  expect(await errorData(() => h.editor.mutation(api.locations.remove, { locationId: shelf }))).toEqual({ code: "INVALID", message: "Move its items and inner locations out before deleting it" });
  await h.editor.mutation(api.locations.moveItems, { assetIds: [drill, saw], locationId: null });
  await h.editor.mutation(api.locations.remove, { locationId: shelf });
  expect(await h.viewerAs.query(api.locations.contents, { locationId: shelf })).toBeNull();
});

test("a viewer cannot move items; another workspace's location reads as missing", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const shelf = await h.editor.mutation(api.locations.create, { name: "Shelf" });
  const drill = await h.tag("Drill");
  expect((await errorData(() => h.viewerAs.mutation(api.locations.moveItems, { assetIds: [drill], locationId: shelf }))).code).toBe("FORBIDDEN");
  const other = await lendingHousehold(t);
  const theirs = await other.editor.mutation(api.locations.create, { name: "Their shelf" });
  expect(await errorData(() => h.editor.mutation(api.locations.moveItems, { assetIds: [drill], locationId: theirs }))).toEqual({ code: "NOT_FOUND", message: "Location not found" });
  expect(await h.viewerAs.query(api.locations.contents, { locationId: theirs })).toBeNull();
  expect(await other.outsider.as.query(api.locations.contents, { locationId: shelf })).toBeNull();
});

test("text typed in the item's location field is a location: made if new, found if it exists", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const bike = await h.tag("Bike", "Shed / Left wall");
  const all = await h.viewerAs.query(api.locations.all, {});
  expect(all.map((l) => l.path)).toEqual(["Shed", "Shed / Left wall"]);
  const wall = all[1]._id;
  const helmet = await h.tag("Helmet", "Shed / Left wall");
  expect((await h.viewerAs.query(api.locations.contents, { locationId: wall }))!.items.map((i) => i._id)).toEqual([bike, helmet]);
  expect((await h.viewerAs.query(api.locations.all, {})).length).toBe(2);
});

test("moving a kit carries its parts; a part alone does not move", async () => {
  const t = setupTest();
  const h = await lendingHousehold(t);
  const cupboard = await h.editor.mutation(api.locations.create, { name: "Cupboard" });
  const camera = await h.tag("Camera kit");
  const lens = await h.tag("50mm lens");
  const flash = await h.tag("Flash");
  const serialOf = async (id: Id<"assets">) => (await h.viewerAs.query(api.assets.get, { assetId: id }))!.serial;
  await h.editor.mutation(api.kits.addParts, { kitId: camera, serials: [await serialOf(lens), await serialOf(flash)] });
  expect(await h.editor.mutation(api.locations.moveItems, { assetIds: [camera], locationId: cupboard })).toEqual({ moved: 3 });
  expect((await h.viewerAs.query(api.locations.contents, { locationId: cupboard }))!.items.map((i) => i.name)).toEqual(["50mm lens", "Camera kit", "Flash"]);
  expect(await errorData(() => h.editor.mutation(api.locations.moveItems, { assetIds: [lens], locationId: null }))).toEqual({
    code: "INVALID",
    message: "This item is part of a kit: move the kit, or take it out of the kit first",
  });
  const kit = await h.viewerAs.query(api.kits.ofAsset, { assetId: lens });
  expect(kit!.kit?.name).toBe("Camera kit");
  const flashSerial = await serialOf(flash);
  expect(await errorData(() => h.editor.mutation(api.kits.addParts, { kitId: lens, serials: [flashSerial] }))).toEqual({ code: "INVALID", message: "This item is part of a kit: it cannot hold parts" });
  await h.editor.mutation(api.kits.removePart, { partId: lens });
  expect((await h.viewerAs.query(api.kits.ofAsset, { assetId: camera }))!.parts.map((p) => p.name)).toEqual(["Flash"]);
  // A deleted kit lets its parts go: the flash can join another kit.
  await h.editor.mutation(api.assets.remove, { assetId: camera });
  expect(await t.run(async (ctx) => (await ctx.db.query("kitParts").collect()).length)).toBe(0);
  await h.editor.mutation(api.kits.addParts, { kitId: lens, serials: [flashSerial] });
});

test("the migration makes records of free-text locations, keeps every text as it was, and the inventory still filters by it", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  const now = Date.now();
  // Written as the code before locations wrote them: text only, no trigger, no locationId.
  const texts = ["Garage", "Store room / Shelf 2", "Store room / Shelf 2", "odd /text", null, "Garage"];
  const ids = await t.run(async (ctx) => {
    const out: Id<"assets">[] = [];
    for (const [i, location] of texts.entries()) {
      out.push(
        await ctx.db.insert("assets", {
          workspaceId: shop.workspaceId,
          serial: `TMT-OLD0-000${i}`,
          kind: "business",
          name: `Old ${i}`,
          visibility: "private",
          status: "active",
          details: { kind: "business", sku: `OLD-${i}`, quantity: 1, location: location ?? undefined },
          files: [],
          taggedAt: now + i,
          updatedAt: now + i,
          searchText: `old ${i}`,
        }),
      );
    }
    return out;
  });
  await t.run(async (ctx) => {
    await runToCompletion(ctx, components.migrations, internal.migrations.linkLocations);
  });
  const after = await t.run(async (ctx) => await Promise.all(ids.map((id) => ctx.db.get("assets", id))));
  expect(after.map((a) => (a!.details.kind === "business" ? (a!.details.location ?? null) : "?"))).toEqual(texts);
  // Each item is on its location's page.
  const all = await shop.as.query(api.locations.all, {});
  const pages = await Promise.all(all.map(async (l) => [l.path, (await shop.as.query(api.locations.contents, { locationId: l._id }))!.items.map((i) => i.name)]));
  expect(pages).toEqual([["Garage", ["Old 0", "Old 5"]], ["Store room", []], ["Store room / Shelf 2", ["Old 1", "Old 2"]], ["odd /text", ["Old 3"]]]);
  expect((await shop.as.query(api.locations.all, {})).map((l) => [l.path, l.parentId === null])).toEqual([
    ["Garage", true],
    ["Store room", true],
    ["Store room / Shelf 2", false],
    ["odd /text", true],
  ]);
  // The inventory's location filter reads the same text: a full page of the matches.
  const garage = await shop.as.query(api.inventory.items, { location: "Garage", paginationOpts: { numItems: 10, cursor: null } });
  expect(garage.page.map((a) => a.name).sort()).toEqual(["Old 0", "Old 5"]);
  // Moving an item into a location moves it between the inventory's location groups too.
  const shelf = (await shop.as.query(api.locations.all, {}))[2]._id;
  await shop.as.mutation(api.locations.moveItems, { assetIds: [ids[0]], locationId: shelf });
  const onShelf = await shop.as.query(api.inventory.items, { location: "Store room / Shelf 2", paginationOpts: { numItems: 10, cursor: null } });
  expect(onShelf.page.map((a) => a.name).sort()).toEqual(["Old 0", "Old 1", "Old 2"]);
});
