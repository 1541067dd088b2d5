// Exports and imports as chains of steps (issue 32: "built in the background … works for
// 10,000 items"): with each step's time budget at zero, every step writes one item (or one
// batch), so a handful of items exercise the chain: a step run twice writes nothing twice, a
// step that died is started again by the watchdog (or, past its attempts, the import is
// undone and refunded), progress counts up live, and an owner can cancel. A workspace's custom
// fields and maintenance travel through export and import into another workspace.
import { strToU8, unzipSync, zipSync, type Unzipped } from "fflate";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { importCost } from "../../convex/lib/csv/pricing";
import { MAX_STEP_ATTEMPTS, STEP_DEADLINE_MS } from "../../convex/lib/ports/chain";
import { PORT_MESSAGES } from "../../convex/lib/ports/rules";
import { fundWorkspace, generalInput, upload, workspaceBalance } from "./assets-support";
import { setupTest, type Backend, type Client } from "./setup";
import { household } from "./workspace-support";

vi.mock("../../convex/lib/ports/chain", async (original) => ({ ...(await original<object>()), STEP_BUDGET_MS: 0 }));
vi.mock("../../convex/lib/ports/rules", async (original) => ({ ...(await original<object>()), IMPORT_WRITE_BATCH: 2 }));
// A step killed mid-way: once `hang.loads` ZIP parts are read, the next read never returns,
// as an action that died there (no catch, no finally runs).
const hang = vi.hoisted(() => ({ loads: null as number | null, afterPart: false }));
// An export step killed once its last part is stored, before it hands over.
vi.mock("../../convex/lib/privacy/zipParts", async (original) => {
  const real = await original<typeof import("../../convex/lib/privacy/zipParts")>();
  class ZipParts extends real.ZipParts {
    async finish() {
      await super.finish();
      if (hang.afterPart) await new Promise<never>(() => {});
    }
  }
  return { ...real, ZipParts };
});
vi.mock("../../convex/lib/ports/zipRead", async (original) => {
  const real = await original<typeof import("../../convex/lib/ports/zipRead")>();
  return {
    ...real,
    loadPart: async (...args: Parameters<typeof real.loadPart>) => {
      if (hang.loads === 0) return await new Promise<never>(() => {});
      if (hang.loads !== null) hang.loads -= 1;
      return await real.loadPart(...args);
    },
  };
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One round: what is due now runs (a step, and the mutations it calls). */
async function round(t: Backend) {
  vi.advanceTimersByTime(0);
  await t.finishInProgressScheduledFunctions();
}
async function settle(t: Backend) {
  for (let i = 0; i < 12; i++) await round(t);
}

/** Every step due now is dropped, as if its action had died. */
async function killSteps(t: Backend) {
  await t.run(async (ctx) => {
    for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
      if (job.state.kind === "pending" && /(importStep|exportChain.*step)$/.test(job.name)) await ctx.scheduler.cancel(job._id);
    }
  });
}

const portOf = (t: Backend, workspaceId: Id<"workspaces">, kind: "export" | "import") =>
  t.run(async (ctx) => await ctx.db.query("workspacePorts").withIndex("by_workspaceId_and_kind_and_startedAt", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind)).order("desc").first());

async function exportedParts(t: Backend, workspaceId: Id<"workspaces">): Promise<Uint8Array[]> {
  const port = await portOf(t, workspaceId, "export");
  const buffers = await t.run(async (ctx) => Promise.all(port!.parts.map(async (p) => await (await ctx.storage.get(p))!.arrayBuffer())));
  return buffers.map((b) => new Uint8Array(b));
}

/** Stored files nothing refers to: no item, log entry, export or import part, plan or held list. */
const unreferenced = (t: Backend) =>
  t.run(async (ctx) => {
    const used = new Set<string>();
    for (const a of await ctx.db.query("assets").collect()) for (const f of a.files) used.add(f.storageId);
    for (const p of await ctx.db.query("workspacePorts").collect()) {
      for (const id of [...p.parts, ...(p.chain?.plan === undefined ? [] : [p.chain.plan]), ...(p.held ?? []).map((h) => h.storageId)]) used.add(id);
    }
    return (await ctx.db.system.query("_storage").collect()).filter((f) => !used.has(f._id)).map((f) => f._id);
  });

const countStored = (t: Backend) => t.run(async (ctx) => (await ctx.db.system.query("_storage").collect()).length);

const sendZip = (as: Client, workspaceId: Id<"workspaces">, zip: Uint8Array) =>
  as.fetch(`/import-zip?workspaceId=${workspaceId}`, { method: "POST", headers: { "Content-Type": "application/zip" }, body: zip as Uint8Array<ArrayBuffer> });

const assetsOf = (t: Backend, workspaceId: Id<"workspaces">) =>
  t.run(async (ctx) => await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).collect());

/** A household with three bikes, each with a photo. */
async function bikes(t: Backend) {
  const h = await household(t);
  await fundWorkspace(t, h.workspaceId, 50);
  const serials: string[] = [];
  for (const name of ["Road bike", "Gravel bike", "Cargo bike"]) {
    const photo = await upload(t, "image/jpeg", 300);
    serials.push((await h.owner.as.mutation(api.assets.tag, { ...generalInput, name, workspaceId: h.workspaceId, files: [{ storageId: photo, kind: "photo", name: "front.jpg" }] })).serial);
  }
  return { h, serials };
}

const A = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const crafted = (n: number) =>
  zipSync({
    "workspaces/Home-x/assets.json": strToU8(JSON.stringify(Array.from({ length: n }, (_, i) => ({
      _id: `id-${i}`, serial: `TMT-ZZZZ-${A[i]}222`, kind: "general", name: `Lamp ${i}`, visibility: "private", status: "active", details: { kind: "general" }, files: [], taggedAt: 1_000,
    })))),
  });

describe("the export chain", () => {
  test("one item per step: progress counts up; a step run twice writes its part once; every item has one certificate", async () => {
    const t = setupTest();
    const { h, serials } = await bikes(t);
    const target = { workspacePort: undefined as unknown as Id<"workspacePorts"> };
    await h.admin.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId });
    target.workspacePort = (await portOf(t, h.workspaceId, "export"))!._id;
    // Two stages (tables, items) and three items.
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export).toMatchObject({ status: "running", done: 0, total: 5 });
    await round(t);
    await round(t);
    const seen = (await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export!;
    expect(seen).toMatchObject({ status: "running", done: 2 });

    // The step due now runs twice (a retry racing the scheduled run): only one part is kept.
    const step = (await portOf(t, h.workspaceId, "export"))!.chain!.step;
    const stored = await countStored(t);
    await Promise.all([t.action(internal.exportChain.step, { target, step }), t.action(internal.exportChain.step, { target, step })]);
    expect(await countStored(t)).toBe(stored + 1);
    await settle(t);

    const done = (await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export!;
    expect(done).toMatchObject({ status: "ready", done: 5, total: 5 });
    const parts = await exportedParts(t, h.workspaceId);
    expect(parts.length).toBeGreaterThan(1);
    const names = parts.flatMap((p) => Object.keys(unzipSync(p)));
    for (const serial of serials) expect(names.filter((n) => n.endsWith(`/certificates/${serial}.pdf`)), serial).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });

  test("a step that died is started again by the watchdog; cancelling deletes what was written", async () => {
    const t = setupTest();
    const { h } = await bikes(t);
    await h.owner.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId });
    await round(t);
    await killSteps(t);
    await round(t);
    expect((await portOf(t, h.workspaceId, "export"))!.status).toBe("running");
    vi.advanceTimersByTime(STEP_DEADLINE_MS);
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export).toMatchObject({ status: "ready", done: 5 });

    const before = await countStored(t);
    await h.owner.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId });
    await round(t);
    await round(t);
    expect(await countStored(t)).toBeGreaterThan(before);
    await h.admin.as.mutation(api.workspacePorts.cancel, { workspaceId: h.workspaceId, kind: "export" });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export).toMatchObject({ status: "cancelled", urls: [] });
    expect(await countStored(t)).toBe(before);
  });

  test("a step killed after storing its part, before handing over: the part is deleted, by the watchdog or the cancel, and never left unreferenced", async () => {
    const t = setupTest();
    const { h } = await bikes(t);
    const before = await countStored(t);
    const killed = async () => {
      await h.owner.as.mutation(api.workspacePorts.startExport, { workspaceId: h.workspaceId });
      const port = (await portOf(t, h.workspaceId, "export"))!;
      await killSteps(t);
      hang.afterPart = true;
      void t.action(internal.exportChain.step, { target: { workspacePort: port._id }, step: port.chain!.step });
      await vi.waitFor(async () => expect(await countStored(t)).toBe(before + 1));
      hang.afterPart = false;
    };
    await killed();
    vi.advanceTimersByTime(STEP_DEADLINE_MS);
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.export).toMatchObject({ status: "ready", done: 5 });
    expect(await unreferenced(t)).toEqual([]);

    await t.run(async (ctx) => {
      const port = (await ctx.db.query("workspacePorts").first())!;
      for (const part of port.parts) await ctx.storage.delete(part);
      await ctx.db.patch("workspacePorts", port._id, { status: "expired", parts: [] });
    });
    await killed();
    await h.owner.as.mutation(api.workspacePorts.cancel, { workspaceId: h.workspaceId, kind: "export" });
    await settle(t);
    expect(await countStored(t)).toBe(before);
  });

  test("Download my data runs as a chain too, and its owner can cancel it", async () => {
    const t = setupTest();
    const { h } = await bikes(t);
    await h.owner.as.mutation(api.dataExport.request, {});
    await round(t);
    await round(t);
    const mid = (await h.owner.as.query(api.dataExport.mine, {}))!;
    expect(mid.status).toBe("building");
    expect(mid.done).toBeGreaterThan(0);
    expect(mid.done).toBeLessThan(mid.total);
    await h.owner.as.mutation(api.dataExport.cancel, {});
    await settle(t);
    expect(await h.owner.as.query(api.dataExport.mine, {})).toMatchObject({ status: "cancelled", urls: [] });
    expect(await t.run(async (ctx) => (await ctx.db.query("dataExports").first())!.parts ?? [])).toEqual([]);
  });
});

describe("the import chain", () => {
  test("two items per step: a step run twice writes each item once, and one that died is resumed where the writes stand", async () => {
    const t = setupTest();
    const { h } = await bikes(t);
    const zip = crafted(5);
    expect((await sendZip(h.owner.as, h.workspaceId, zip)).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: h.workspaceId });
    const portId = (await portOf(t, h.workspaceId, "import"))!._id;
    await round(t);
    // Read, checked and charged; the first batch is due.
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "running", done: 0, total: 5 });
    const step = (await portOf(t, h.workspaceId, "import"))!.chain!.step;
    await Promise.all([t.action(internal.workspacePorts.importStep, { portId, step }), t.action(internal.workspacePorts.importStep, { portId, step })]);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ done: 2 });
    // The next step dies; the watchdog starts it again.
    await killSteps(t);
    vi.advanceTimersByTime(STEP_DEADLINE_MS);
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "ready", done: 5, report: { items: 5, kept: 5 } });
    const names = (await assetsOf(t, h.workspaceId)).map((a) => a.name).filter((n) => n.startsWith("Lamp"));
    expect(names.sort()).toEqual(["Lamp 0", "Lamp 1", "Lamp 2", "Lamp 3", "Lamp 4"]);
  });

  test("a step that keeps dying: past its attempts the import is undone and refunded; an owner can cancel one", async () => {
    const t = setupTest();
    const { h } = await bikes(t);
    const balance = await workspaceBalance(t, h.workspaceId);
    expect((await sendZip(h.owner.as, h.workspaceId, crafted(5))).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: h.workspaceId });
    await round(t);
    await round(t);
    expect(await workspaceBalance(t, h.workspaceId)).toBe(balance - importCost(5));
    expect((await assetsOf(t, h.workspaceId)).length).toBe(3 + 2);
    for (let i = 0; i < MAX_STEP_ATTEMPTS; i++) {
      await killSteps(t);
      vi.advanceTimersByTime(STEP_DEADLINE_MS);
      await round(t);
    }
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "failed", message: PORT_MESSAGES.failed });
    expect((await assetsOf(t, h.workspaceId)).length).toBe(3);
    expect(await workspaceBalance(t, h.workspaceId)).toBe(balance);

    expect((await sendZip(h.owner.as, h.workspaceId, crafted(5))).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: h.workspaceId });
    await round(t);
    await round(t);
    await h.owner.as.mutation(api.workspacePorts.cancel, { workspaceId: h.workspaceId, kind: "import" });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "cancelled", message: PORT_MESSAGES.cancelled });
    expect((await assetsOf(t, h.workspaceId)).length).toBe(3);
    expect(await workspaceBalance(t, h.workspaceId)).toBe(balance);
  });
});

describe("an import step that dies mid-way", () => {
  /** Two lamps with a photo each, in two ZIP parts: a batch (two items) reads both parts. */
  const twoParts = () => {
    const base = "workspaces/Home-x";
    const lamp = (i: number) => ({ _id: `id-${i}`, serial: `TMT-ZZZZ-${A[i]}333`, kind: "general", name: `Lamp ${i}`, visibility: "private", status: "active", details: { kind: "general" }, files: [{ kind: "photo", name: "lamp.jpg" }], taggedAt: 1_000 });
    const jpeg = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 200 }, () => n)]);
    return [
      zipSync({ [`${base}/assets.json`]: strToU8(JSON.stringify([lamp(0), lamp(1)])), [`${base}/files/${lamp(0).serial}/lamp.jpg`]: jpeg(1) }),
      zipSync({ [`${base}/files/${lamp(1).serial}/lamp.jpg`]: jpeg(2) }),
    ];
  };

  /** Starts an import of twoParts() whose first writing step dies after storing the first lamp's photo. */
  async function killedMidBatch(t: Backend) {
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 50);
    for (const part of twoParts()) expect((await sendZip(h.owner.as, h.workspaceId, part)).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: h.workspaceId });
    await round(t);
    const port = (await portOf(t, h.workspaceId, "import"))!;
    expect(port.chain).toMatchObject({ stage: 1 });
    // The scheduled run is replaced by one that dies reading the second part.
    await killSteps(t);
    hang.loads = 1;
    void t.action(internal.workspacePorts.importStep, { portId: port._id, step: port.chain!.step });
    // Stored: the two parts, the plan and the first lamp's photo.
    await vi.waitFor(async () => expect(await countStored(t)).toBe(4));
    hang.loads = null;
    return h;
  }

  test("resumed by the watchdog: the dead step's photo is deleted, the lamps are written once, no file is left unreferenced", async () => {
    const t = setupTest();
    const h = await killedMidBatch(t);
    expect(await unreferenced(t)).toEqual([]);
    vi.advanceTimersByTime(STEP_DEADLINE_MS);
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "ready", report: { items: 2, files: 2 } });
    expect((await assetsOf(t, h.workspaceId)).map((a) => a.name).sort()).toEqual(["Lamp 0", "Lamp 1"]);
    expect(await unreferenced(t)).toEqual([]);
    expect(await countStored(t)).toBe(2);
  });

  test("undone instead: nothing is left, the photo it stored included", async () => {
    const t = setupTest();
    const h = await killedMidBatch(t);
    await h.owner.as.mutation(api.workspacePorts.cancel, { workspaceId: h.workspaceId, kind: "import" });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: h.workspaceId }))!.import).toMatchObject({ status: "cancelled" });
    expect(await assetsOf(t, h.workspaceId)).toEqual([]);
    expect(await countStored(t)).toBe(0);
  });
});

describe("what a workspace export carries", () => {
  test("custom fields and their values, maintenance plans and the log survive export and import into another workspace", async () => {
    const t = setupTest();
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 50);
    const ws = { workspaceId: h.workspaceId };
    const frame = await h.owner.as.mutation(api.customFields.create, { ...ws, category: "Bicycles", label: "Frame size", type: "select", options: ["S", "M", "L"], required: false, showOnVerify: true });
    const insured = await h.owner.as.mutation(api.customFields.create, { ...ws, category: "Bicycles", label: "Insured value", type: "money", currency: "EUR", required: false, showOnVerify: false });
    // A file the import accepts: its first bytes say PDF (the import never trusts the stored type).
    const invoice = await t.run(async (ctx) => {
      const id = await ctx.storage.store(new Blob([strToU8("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }));
      await (ctx.db as unknown as { patch: (id: string, v: object) => Promise<void> }).patch(id, { contentType: "application/pdf" });
      return id;
    });
    const { assetId } = await h.owner.as.mutation(api.assets.tag, {
      ...generalInput, ...ws, files: [{ storageId: invoice, kind: "invoice", name: "invoice.pdf" }], custom: { [frame]: "M", [insured]: { amount: 120000, currency: "EUR" } },
    });
    const planId = await h.owner.as.mutation(api.maintenance.addPlan, { ...ws, assetId, title: "Service", schedule: { by: "time", every: 6, period: "month" }, lastOn: "2025-10-31" });
    await h.owner.as.mutation(api.maintenance.logWork, { ...ws, assetId, planId, doneOn: "2025-10-31", what: "Annual service", cost: { amount: 8500, currency: "GBP" }, files: [invoice] });

    await h.owner.as.mutation(api.workspacePorts.startExport, ws);
    await settle(t);
    const parts = await exportedParts(t, h.workspaceId);
    const zip: Unzipped = Object.assign({}, ...parts.map((p) => unzipSync(p)));
    for (const table of ["customFields", "maintenancePlans", "maintenanceLog"]) expect(Object.keys(zip).some((n) => n.endsWith(`/${table}.json`)), table).toBe(true);

    const other = await h.owner.as.mutation(api.workspaces.create, { name: "Flat", kind: "household" });
    await fundWorkspace(t, other, 50);
    for (const part of parts) expect((await sendZip(h.owner.as, other, part)).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: other });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: other }))!.import).toMatchObject({ message: null, status: "ready", report: { items: 1 } });

    const [copy] = await assetsOf(t, other);
    const fields = await h.owner.as.query(api.customFields.list, { workspaceId: other });
    const byLabel = Object.fromEntries(fields.map((f: { label: string; _id: string }) => [f.label, f._id]));
    expect(Object.keys(byLabel).sort()).toEqual(["Frame size", "Insured value"]);
    expect(byLabel["Frame size"]).not.toBe(frame);
    expect(copy.custom).toEqual({ [byLabel["Frame size"]]: "M", [byLabel["Insured value"]]: { amount: 120000, currency: "EUR" } });
    const upkeep = (await h.owner.as.query(api.maintenance.forAsset, { workspaceId: other, assetId: copy._id }))!;
    expect(upkeep.plans).toEqual([expect.objectContaining({ title: "Service", lastOn: "2025-10-31", dueOn: "2026-04-30" })]);
    expect(upkeep.plans[0]._id).not.toBe(planId);
    expect(upkeep.log).toEqual([
      expect.objectContaining({ doneOn: "2025-10-31", what: "Annual service", cost: { amount: 8500, currency: "GBP" }, plan: "Service", files: [expect.objectContaining({ storageId: copy.files[0].storageId, name: "invoice.pdf" })] }),
    ]);
  });

  test("locations (empty ones too), where each item is, kits and a stolen report arrive with new ids; undoing the import takes away only the places it made", async () => {
    const t = setupTest();
    const h = await household(t);
    await fundWorkspace(t, h.workspaceId, 50);
    const ws = { workspaceId: h.workspaceId };
    const garage = await h.owner.as.mutation(api.locations.create, { ...ws, name: "Garage" });
    const shelf = await h.owner.as.mutation(api.locations.create, { ...ws, name: "Shelf 2", parentId: garage });
    await h.owner.as.mutation(api.locations.create, { ...ws, name: "Loft" });
    const tag = async (name: string, location?: string) =>
      await h.owner.as.mutation(api.assets.tag, { ...generalInput, ...ws, name, files: [], details: { ...generalInput.details, location } });
    const kit = await tag("Camping kit", "Garage / Shelf 2");
    const tent = await tag("Tent", "Garage / Shelf 2");
    const stove = await tag("Stove", "Garage / Shelf 2");
    const bike = await tag("Road bike", "Garage");
    await h.owner.as.mutation(api.kits.addParts, { ...ws, kitId: kit.assetId, serials: [tent.serial, stove.serial] });
    await h.owner.as.mutation(api.assets.setStatus, { ...ws, assetId: bike.assetId, status: "stolen", stolen: { stolenAt: Date.now() - 86_400_000, place: "Station racks", policeReport: "CR-1234" } });

    await h.owner.as.mutation(api.workspacePorts.startExport, ws);
    await settle(t);
    const parts = await exportedParts(t, h.workspaceId);

    // The other workspace already has a Garage: it is used, and it stays when the import is undone.
    const other = await h.owner.as.mutation(api.workspaces.create, { name: "Flat", kind: "household" });
    await fundWorkspace(t, other, 50);
    const ownGarage = await h.owner.as.mutation(api.locations.create, { workspaceId: other, name: "Garage" });
    const placesOf = async (workspaceId: Id<"workspaces">) => await h.owner.as.query(api.locations.all, { workspaceId });
    for (const part of parts) expect((await sendZip(h.owner.as, other, part)).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: other });
    await settle(t);
    expect((await h.owner.as.query(api.workspacePorts.latestPorts, { workspaceId: other }))!.import).toMatchObject({ message: null, status: "ready", report: { items: 4 } });

    const places = await placesOf(other);
    expect(places.map((l) => l.path).sort()).toEqual(["Garage", "Garage / Shelf 2", "Loft"]);
    const byPath = new Map(places.map((l) => [l.path, l]));
    expect(byPath.get("Garage")!._id).toBe(ownGarage);
    expect(byPath.get("Garage / Shelf 2")!._id).not.toBe(shelf);
    expect(byPath.get("Garage / Shelf 2")!.parentId).toBe(ownGarage);
    const copies = new Map((await assetsOf(t, other)).map((a) => [a.name, a]));
    expect(copies.get("Tent")!.details).toMatchObject({ location: "Garage / Shelf 2" });
    expect((await h.owner.as.query(api.locations.contents, { workspaceId: other, locationId: byPath.get("Garage / Shelf 2")!._id }))!.items).toHaveLength(3);

    const kitCopy = (await h.owner.as.query(api.kits.ofAsset, { workspaceId: other, assetId: copies.get("Camping kit")!._id }))!;
    expect(kitCopy.parts.map((p) => p._id).sort()).toEqual([copies.get("Tent")!._id, copies.get("Stove")!._id].sort());
    expect((await h.owner.as.query(api.kits.ofAsset, { workspaceId: other, assetId: copies.get("Stove")!._id }))!.kit?._id).toBe(copies.get("Camping kit")!._id);
    const report = await t.run(async (ctx) => await ctx.db.query("stolenReports").withIndex("by_assetId_and_reportedAt", (q) => q.eq("assetId", copies.get("Road bike")!._id)).first());
    expect(report).toMatchObject({ workspaceId: other, place: "Station racks", policeReport: "CR-1234" });

    // Into a third workspace, cancelled once its places and some items are written: the places it made go, the Garage that was there stays.
    const shed = await h.owner.as.mutation(api.workspaces.create, { name: "Shed", kind: "household" });
    await fundWorkspace(t, shed, 50);
    await h.owner.as.mutation(api.locations.create, { workspaceId: shed, name: "Garage" });
    for (const part of parts) expect((await sendZip(h.owner.as, shed, part)).status).toBe(200);
    await h.owner.as.mutation(api.workspacePorts.startImport, { workspaceId: shed });
    // Three places (one here already), then items: wait until some items are in.
    while ((await assetsOf(t, shed)).length === 0) await round(t);
    expect((await placesOf(shed)).map((l) => l.path).sort()).toEqual(["Garage", "Garage / Shelf 2", "Loft"]);
    await h.owner.as.mutation(api.workspacePorts.cancel, { workspaceId: shed, kind: "import" });
    await settle(t);
    expect((await placesOf(shed)).map((l) => l.path)).toEqual(["Garage"]);
    expect(await assetsOf(t, shed)).toEqual([]);
  });
});
