// A workspace's records, portable (issue 32): an admin exports the workspace, an owner imports
// the ZIP into another one (ids mapped, a serial that exists elsewhere never taken, files
// re-uploaded, history kept and marked imported), and a crafted ZIP is refused whole.
import { createHash } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { importCost } from "../../convex/lib/csv/pricing";
import { MAX_FILE_BYTES } from "../../convex/lib/assets/fileRules";
import { PORT_MESSAGES } from "../../convex/lib/ports/rules";
import { fundedUser, fundWorkspace, generalInput, workspaceBalance } from "./assets-support";
import { errorData, setupTest, type Backend, type Client } from "./setup";
import { household } from "./workspace-support";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)]);

/** Runs what is due now (builds, imports, rollbacks and what they schedule), not the links' expiry. */
async function settle(t: Backend) {
  for (let i = 0; i < 6; i++) {
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
  }
}

async function storedJpeg(t: Backend) {
  return await t.run(async (ctx) => {
    const id = await ctx.storage.store(new Blob([JPEG], { type: "image/jpeg" }));
    await (ctx.db as unknown as { patch: (id: string, v: object) => Promise<void> }).patch(id, { contentType: "image/jpeg" });
    return id;
  });
}

const sendZip = (as: Client, workspaceId: Id<"workspaces">, zip: Uint8Array) =>
  as.fetch(`/import-zip?workspaceId=${workspaceId}`, { method: "POST", headers: { "Content-Type": "application/zip" }, body: zip as Uint8Array<ArrayBuffer> });

async function importZip(t: Backend, as: Client, workspaceId: Id<"workspaces">, zip: Uint8Array) {
  expect((await sendZip(as, workspaceId, zip)).status).toBe(200);
  await as.mutation(api.workspacePorts.startImport, { workspaceId });
  await settle(t);
  return (await as.query(api.workspacePorts.latestPorts, { workspaceId }))!.import!;
}

const assetsOf = (t: Backend, workspaceId: Id<"workspaces">) =>
  t.run(async (ctx) => await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).collect());

/** A ZIP as a crafted export would look: one workspace folder with these items. */
function crafted(items: object[], extra: Zippable = {}): Uint8Array {
  const base = "workspaces/Home-x";
  return zipSync({ [`${base}/assets.json`]: strToU8(JSON.stringify(items)), [`${base}/assetEvents.json`]: strToU8("[]"), ...extra });
}
const item = (serial: string, over: object = {}) => ({
  _id: `id-${serial}`, serial, kind: "general", name: "Lamp", visibility: "private", status: "active", details: { kind: "general" },
  files: [] as { kind: string; name: string }[], taggedAt: 1_000, ...over,
});

describe("workspace export and import", () => {
  test("an admin's export holds the items, files and certificates; importing it elsewhere maps ids, renumbers serials taken here, re-uploads files and marks the history imported", async () => {
    const t = setupTest();
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 50);
    const photo = await storedJpeg(t);
    const { serial, assetId } = await h.admin.as.mutation(api.assets.tag, { ...generalInput, workspaceId: h.workspaceId, files: [{ storageId: photo, kind: "photo", name: "front.jpg" }] });

    await h.admin.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId });
    expect((await h.admin.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId }).catch((e: { data: { message: string } }) => e.data.message))).toBe(PORT_MESSAGES.busy);
    await settle(t);
    const exported = (await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export!;
    expect(exported).toMatchObject({ status: "ready", urls: [expect.stringMatching(/^https?:\/\//)] });
    const zipBytes = new Uint8Array(
      await t.run(async (ctx) => {
        const port = await ctx.db.query("workspacePorts").first();
        return await (await ctx.storage.get(port!.parts[0]))!.arrayBuffer();
      }),
    );
    const zip = unzipSync(zipBytes);
    const base = Object.keys(zip).find((p) => p.endsWith("/assets.json"))!.replace(/assets\.json$/, "");
    expect(Object.keys(zip)).toEqual(expect.arrayContaining([`${base}items.csv`, `${base}files/${serial}/front.jpg`, `${base}certificates/${serial}.pdf`]));
    expect(strFromU8(zip[`${base}items.csv`]).split("\n")[0]).toContain("purchase_value");

    // The owner splits the household: a second one, funded, receives the export.
    const split = await h.owner.as.mutation(api.workspaces.create, { name: "The Smiths, flat", kind: "household" });
    await fundWorkspace(t, split, 50);
    // Editors and outsiders cannot send a ZIP in.
    expect((await sendZip(h.editor.as, h.workspaceId, zipBytes)).status).toBe(403);
    expect((await sendZip(h.outsider.as, split, zipBytes)).status).toBe(404);

    const done = await importZip(t, h.owner.as, split, zipBytes);
    const [copy] = await assetsOf(t, split);
    // The serial exists in the first household: the copy gets a new one, and the report says so.
    expect(done).toMatchObject({ status: "ready", report: { items: 1, files: 1, kept: 0, renumbered: 1, renumberedList: [{ from: serial, to: copy.serial }] } });
    expect(copy.serial).not.toBe(serial);
    expect(copy._id).not.toBe(assetId);
    expect(copy).toMatchObject({ name: generalInput.name, details: generalInput.details, files: [{ name: "front.jpg", kind: "photo", contentType: "image/jpeg", size: JPEG.length }] });
    expect(copy.files[0].storageId).not.toBe(photo);
    expect(await workspaceBalance(t, split)).toBe(50 - importCost(1));
    const { events, owners } = await t.run(async (ctx) => ({
      events: await ctx.db.query("assetEvents").withIndex("by_assetId_and_at", (q) => q.eq("assetId", copy._id)).collect(),
      owners: await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", copy._id)).collect(),
    }));
    expect(events.find((e) => e.imported)?.summary).toMatch(/^Imported record of \d{4}-\d{2}-\d{2}: Tagged with serial /);
    expect(events.some((e) => e.type === "imported")).toBe(true);
    // Provenance starts here: nothing the ZIP says becomes a period of ownership.
    expect(owners).toEqual([expect.objectContaining({ workspaceId: split, from: copy.taggedAt })]);
  });

  test("a serial never issued here is kept; imported again it is never taken twice", async () => {
    const t = setupTest();
    const sam = await fundedUser(t, 20);
    const zip = crafted([item("TMT-ZZZZ-2222")]);
    expect(await importZip(t, sam.as, sam.workspaceId, zip)).toMatchObject({ report: { kept: 1, renumbered: 0 } });
    expect((await assetsOf(t, sam.workspaceId)).map((a) => a.serial)).toEqual(["TMT-ZZZZ-2222"]);
    const ann = await fundedUser(t, 20);
    expect((await importZip(t, ann.as, ann.workspaceId, zip)).report).toMatchObject({ kept: 0, renumbered: 1 });
    expect((await assetsOf(t, ann.workspaceId))[0].serial).not.toBe("TMT-ZZZZ-2222");
  });

  test("crafted ZIPs are refused whole with a clear message: nothing is written and nothing stays charged", async () => {
    const t = setupTest();
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 300);
    const table = (name: string, rows: object[]) => ({ [`workspaces/Home-x/${name}.json`]: strToU8(JSON.stringify(rows)) });
    const lamps = ["TMT-ZZZZ-3334", "TMT-ZZZZ-3335", "TMT-ZZZZ-3336"].map((serial) => item(serial));
    const cases: [Uint8Array, string][] = [
      [crafted([item("TMT-ZZZZ-3333")], { "../../etc/passwd.json": strToU8("[]") }), PORT_MESSAGES.badName("../../etc/passwd.json")],
      [zipSync({ "workspaces/x/assets.json": new Uint8Array(5 * 1024 * 1024).fill(32) }), PORT_MESSAGES.bomb("workspaces/x/assets.json")],
      [crafted([item("TMT-ZZZZ-3333", { status: "owned" })]), PORT_MESSAGES.badItem(1, "its record is incomplete or has the wrong types")],
      [crafted([item("TMT-ZZZZ-3333", { name: "x".repeat(500) })]), PORT_MESSAGES.badItem(1, "Name must be at most 100 characters")],
      [crafted([item("TMT-ZZZZ-3333", { files: [{ kind: "photo", name: "a.jpg" }] })]), PORT_MESSAGES.missingFile("files/TMT-ZZZZ-3333/a.jpg")],
      [zipSync({ a: strToU8("no workspace here") }), PORT_MESSAGES.noWorkspace],
      [strToU8("PK this is not a zip at all......................"), PORT_MESSAGES.notZip],
      // Locations whose parents loop, or that name a parent the ZIP lacks; a name no location may have.
      [crafted([item("TMT-ZZZZ-3333")], table("locations", [{ _id: "a", name: "A", parentId: "b" }, { _id: "b", name: "B", parentId: "a" }])), PORT_MESSAGES.badJson("locations")],
      [crafted([item("TMT-ZZZZ-3333")], table("locations", [{ _id: "a", name: "A", parentId: "gone" }])), PORT_MESSAGES.badJson("locations")],
      [crafted([item("TMT-ZZZZ-3333")], table("locations", [{ _id: "a", name: "Shed / Back" }])), PORT_MESSAGES.badJson("locations")],
      // A part in two kits; a kit holding an item the ZIP does not have.
      [crafted(lamps, table("kitParts", [{ kitId: lamps[0]._id, partId: lamps[2]._id }, { kitId: lamps[1]._id, partId: lamps[2]._id }])), PORT_MESSAGES.badJson("kitParts")],
      [crafted(lamps, table("kitParts", [{ kitId: lamps[0]._id, partId: "id-elsewhere" }])), PORT_MESSAGES.badJson("kitParts")],
    ];
    for (const [zip, message] of cases) {
      expect(await importZip(t, h.owner.as, h.workspaceId, zip), message).toMatchObject({ status: "failed", message });
    }
    // 51 items: the first batch of 50 is written before the 51st's "photo" (an HTML page) is
    // read; the import is then undone completely and its charge refunded.
    const A = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    const many = Array.from({ length: 51 }, (_, i) => item(`TMT-ZZZZ-${A[Math.floor(i / 31)]}${A[i % 31]}22`));
    many[50] = { ...many[50], files: [{ kind: "photo", name: "x.jpg" }] };
    const html = { [`workspaces/Home-x/files/${many[50].serial}/x.jpg`]: strToU8("<html><script>alert(1)</script></html>") };
    const failed = await importZip(t, h.owner.as, h.workspaceId, crafted(many, html));
    expect(failed).toMatchObject({ status: "failed", message: PORT_MESSAGES.badFile("files/" + many[50].serial + "/x.jpg", "Photos must be images (JPEG, PNG, WebP or GIF)") });
    expect(await assetsOf(t, h.workspaceId)).toEqual([]);
    expect(await workspaceBalance(t, h.workspaceId)).toBe(300);
    // The serials the undone import kept are free again: the same ZIP, fixed, keeps them.
    const fixed = await importZip(t, h.owner.as, h.workspaceId, crafted(many.slice(0, 50)));
    expect(fixed.report).toMatchObject({ items: 50, kept: 50 });
  });
});

describe("a part too large for POST /import-zip", () => {
  const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  /** What the browser does with an upload URL, a moment later: the file is stored, and its id comes back. */
  const uploadTo = (t: Backend, bytes: Uint8Array) => {
    vi.advanceTimersByTime(1000);
    return t.run(async (ctx) => await ctx.storage.store(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" })));
  };
  const announce = (as: Client, workspaceId: Id<"workspaces">, bytes: Uint8Array) => as.mutation(api.workspacePorts.importUploadUrl, { workspaceId, size: bytes.length, sha256: hex(bytes) });
  const stillStored = (t: Backend, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get("_storage", id)) !== null);

  test("one photo near the 20 MiB maximum: refused by /import-zip, imported through an announced upload URL", async () => {
    const t = setupTest();
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 50);
    const photo = new Uint8Array(MAX_FILE_BYTES - 1024).fill(9);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    const lamp = item("TMT-ZZZZ-4444", { files: [{ kind: "photo", name: "big.jpg" }] });
    const zip = crafted([lamp], { "workspaces/Home-x/files/TMT-ZZZZ-4444/big.jpg": [photo, { level: 0 }] });
    expect(zip.length).toBeGreaterThan(20 * 1024 * 1024 - 2048);

    const direct = await sendZip(h.owner.as, h.workspaceId, zip);
    expect(direct.status).toBe(413);
    expect(await direct.json()).toEqual({ error: PORT_MESSAGES.useUploadUrl });

    expect(await announce(h.owner.as, h.workspaceId, zip)).toMatch(/^https?:\/\//);
    const storageId = await uploadTo(t, zip);
    await h.owner.as.mutation(api.workspacePorts.addUploadedPart, { workspaceId: h.workspaceId, storageId });
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: h.workspaceId });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "ready", message: null, report: { items: 1, files: 1, kept: 1 } });
    const [copy] = await assetsOf(t, h.workspaceId);
    expect(copy.files).toEqual([expect.objectContaining({ name: "big.jpg", kind: "photo", size: photo.length, contentType: "image/jpeg" })]);
    // The part, read, is gone.
    expect(await stillStored(t, storageId)).toBe(false);
  });

  test("an id that is not this import's own announced upload is refused, and nothing is written or deleted", async () => {
    const t = setupTest();
    const h = await household(t);
    const victim = await household(t);
    await fundWorkspace(t, victim.workspaceId, 50);
    const ws = { workspaceId: h.workspaceId };
    const port = async () => (await t.run(async (ctx) => await ctx.db.query("workspacePorts").withIndex("by_workspaceId_and_kind_and_startedAt", (q) => q.eq("workspaceId", h.workspaceId).eq("kind", "import")).first()))!;
    const refused = async (storageId: Id<"_storage">) => (await errorData(() => h.owner.as.mutation(api.workspacePorts.addUploadedPart, { ...ws, storageId }))).message;

    // The victim's files: an export part and a photo one of their items holds.
    const theirPart = crafted([item("TMT-ZZZZ-5555")]);
    const partId = await uploadTo(t, theirPart);
    const photo = await storedJpeg(t);
    await victim.owner.as.mutation(api.assets.tag, { ...generalInput, workspaceId: victim.workspaceId, files: [{ storageId: photo, kind: "photo", name: "front.jpg" }] });

    // A foreign id against some announcement of the attacker's.
    const mine = crafted([item("TMT-ZZZZ-6666")]);
    await announce(h.owner.as, h.workspaceId, mine);
    expect(await refused(partId)).toBe(PORT_MESSAGES.notAnnounced);
    // Its very bytes announced (a former member kept a copy): it was stored before the announcement.
    await announce(h.owner.as, h.workspaceId, theirPart);
    expect(await refused(partId)).toBe(PORT_MESSAGES.notAnnounced);
    // Bytes announced before the victim stores them, but an item holds that file.
    await announce(h.owner.as, h.workspaceId, JPEG);
    vi.advanceTimersByTime(1000);
    const later = await storedJpeg(t);
    await victim.owner.as.mutation(api.assets.tag, { ...generalInput, workspaceId: victim.workspaceId, files: [{ storageId: later, kind: "photo", name: "back.jpg" }] });
    expect(await refused(later)).toBe(PORT_MESSAGES.notAnnounced);
    // The attacker's own upload of other bytes than announced; an id that is not stored at all.
    const other = await uploadTo(t, crafted([item("TMT-ZZZZ-7777")]));
    expect(await refused(other)).toBe(PORT_MESSAGES.notAnnounced);
    // A digest that is not one.
    expect((await errorData(() => h.owner.as.mutation(api.workspacePorts.importUploadUrl, { ...ws, size: 100, sha256: "x".repeat(64) }))).message).toBe(PORT_MESSAGES.badDigest);

    expect((await port()).parts).toEqual([]);
    expect((await errorData(() => h.owner.as.mutation(api.workspacePorts.startImport, ws))).message).toBe(PORT_MESSAGES.noParts);
    for (const id of [partId, photo, later, other]) expect(await stillStored(t, id)).toBe(true);

    // The announced upload itself is taken once.
    const own = await uploadTo(t, mine);
    await h.owner.as.mutation(api.workspacePorts.addUploadedPart, { ...ws, storageId: own });
    expect(await refused(own)).toBe(PORT_MESSAGES.notAnnounced);
    expect((await port()).parts).toEqual([own]);
  });
});
