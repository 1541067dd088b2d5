// Warranty and maintenance (issue 28 items 5 and 6): reminders with a moved clock (a month
// before a warranty ends, a week before a service, when a counter reaches its mark), each
// once, to owners and admins and in the dashboard's activity; plans starting over when the
// work is logged; the Upcoming list; bad input refused with nothing written; documents by type.
import { afterEach, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { generalInput, upload } from "./assets-support";
import { lendingHousehold } from "./custody-support";
import { errorData, outbox, snapshot, setupTest, type Backend } from "./setup";

afterEach(() => {
  vi.useRealTimers();
});

const at = (day: string) => Date.parse(`${day}T09:00:00Z`);

async function sweep(t: Backend) {
  await t.mutation(internal.maintenance.remind, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** Reminder e-mails sent so far: [to, subject]. */
async function reminders(t: Backend) {
  return (await outbox(t)).filter((m) => / due: |^Warranty ending/.test(m.subject ?? "")).map((m) => [m.to, m.subject]).sort();
}

async function household(t: Backend) {
  const h = await lendingHousehold(t);
  const tagWith = async (name: string, details: Record<string, unknown>) =>
    (await h.editor.mutation(api.assets.tag, { ...generalInput, name, details: { ...generalInput.details, ...details }, files: [] })).assetId;
  return { ...h, tagWith, staff: (subject: string) => [[h.owner.email, subject], [h.admin.email, subject]].sort() };
}

test("a warranty ending within a month is reminded once, by e-mail to owners and admins and in the activity; a lifetime one never", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(at("2026-03-01"));
  const t = setupTest();
  const h = await household(t);
  const bike = await h.tagWith("Bike", { warrantyEnd: "2026-04-15" });
  // A lifetime warranty keeps no end date, whatever the form sent.
  const kettle = await h.tagWith("Kettle", { warranty: "lifetime", warrantyEnd: "2026-03-20" });
  expect((await h.viewerAs.query(api.assets.get, { assetId: kettle }))!.details).not.toHaveProperty("warrantyEnd");

  await sweep(t);
  expect(await reminders(t)).toEqual([]);
  expect(await h.viewerAs.query(api.maintenance.upcoming, { today: "2026-03-01" })).toEqual([
    { about: "warranty", assetId: bike, name: "Bike", title: "Warranty ends", dueOn: "2026-04-15" },
  ]);

  vi.setSystemTime(at("2026-03-20"));
  await sweep(t);
  expect(await reminders(t)).toEqual(h.staff("Warranty ending: Bike"));
  const activity = await h.viewerAs.query(api.dashboard.activity, {});
  expect(activity!.find((a) => a.type === "reminder")).toMatchObject({ title: "Warranty of Bike ends 2026-04-15", link: `/assets/${bike}` });
  // Once: the next sweeps, hours and days later, send nothing more.
  vi.setSystemTime(at("2026-03-21"));
  await sweep(t);
  await sweep(t);
  expect(await reminders(t)).toEqual(h.staff("Warranty ending: Bike"));
  // Renewed to a new end: that end is reminded in its turn.
  await h.editor.mutation(api.assets.update, { assetId: bike, version: 0, ...generalInput, name: "Bike", details: { ...generalInput.details, warrantyEnd: "2026-04-10" } });
  await sweep(t);
  expect((await reminders(t)).length).toBe(4);
});

test("an item's new owner is reminded of its warranty in their turn; its plans go with it", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(at("2026-03-20"));
  const t = setupTest();
  const h = await household(t);
  const bike = await h.tagWith("Bike", { warrantyEnd: "2026-04-15" });
  await h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { by: "time", every: 1, period: "year" } });
  await sweep(t);
  expect(await reminders(t)).toEqual(h.staff("Warranty ending: Bike"));
  const transferId = await h.editor.mutation(api.transfers.offer, { assetId: bike, email: h.outsider.email! });
  await h.outsider.as.mutation(api.transfers.accept, { transferId });
  await sweep(t);
  expect(await reminders(t)).toEqual([...h.staff("Warranty ending: Bike"), [h.outsider.email, "Warranty ending: Bike"]].sort());
  expect((await h.outsider.as.query(api.maintenance.forAsset, { assetId: bike }))!.plans.map((p) => p.title)).toEqual(["Service"]);
  expect(await h.viewerAs.query(api.maintenance.upcoming, { today: "2026-03-20" })).toEqual([]);
});

test("a service every 6 months is due 6 months after it was last done, reminded a week before, once; logging it starts the plan over", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(at("2026-04-20"));
  const t = setupTest();
  const h = await household(t);
  const boiler = await h.tagWith("Boiler", {});
  const planId = await h.editor.mutation(api.maintenance.addPlan, { assetId: boiler, title: "Service", schedule: { by: "time", every: 6, period: "month" }, lastOn: "2025-10-31" });
  const plans = async () => (await h.viewerAs.query(api.maintenance.forAsset, { assetId: boiler }))!.plans;
  // 31 October + 6 months: the last day of April.
  expect((await plans())[0]).toMatchObject({ dueOn: "2026-04-30", lastOn: "2025-10-31" });
  await sweep(t);
  expect(await reminders(t)).toEqual([]);

  vi.setSystemTime(at("2026-04-24"));
  await sweep(t);
  await sweep(t);
  expect(await reminders(t)).toEqual(h.staff("Service due: Boiler"));
  expect(await h.viewerAs.query(api.maintenance.upcoming, { today: "2026-04-24" })).toEqual([
    { about: "service", assetId: boiler, name: "Boiler", title: "Service", dueOn: "2026-04-30" },
  ]);

  const invoice = await upload(t, "application/pdf");
  await h.editor.mutation(api.assetFiles.add, { assetId: boiler, files: [{ storageId: invoice, kind: "invoice", name: "invoice.pdf" }] });
  await h.editor.mutation(api.maintenance.logWork, {
    assetId: boiler, planId, doneOn: "2026-04-23", what: "Annual service", cost: { amount: 8500, currency: "GBP" }, files: [invoice],
  });
  const after = (await h.viewerAs.query(api.maintenance.forAsset, { assetId: boiler }))!;
  expect(after.plans[0]).toMatchObject({ lastOn: "2026-04-23", dueOn: "2026-10-23" });
  expect(after.log).toEqual([
    expect.objectContaining({ doneOn: "2026-04-23", what: "Annual service", cost: { amount: 8500, currency: "GBP" }, plan: "Service", files: [expect.objectContaining({ storageId: invoice, name: "invoice.pdf" })] }),
  ]);
  expect(await h.viewerAs.query(api.maintenance.upcoming, { today: "2026-04-24" })).toEqual([]);
});

test("a counter plan falls due when the reading the owner enters reaches its mark", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(at("2026-05-01"));
  const t = setupTest();
  const h = await household(t);
  const van = await h.tagWith("Van", {});
  const planId = await h.editor.mutation(api.maintenance.addPlan, { assetId: van, title: "Oil change", schedule: { by: "counter", every: 10_000, unit: "km" }, reading: 12_000 });
  await h.editor.mutation(api.maintenance.setReading, { planId, reading: 21_999 });
  expect((await h.viewerAs.query(api.maintenance.forAsset, { assetId: van }))!.plans[0]).toMatchObject({ reading: 21_999, dueReading: 22_000, dueOn: null });
  await sweep(t);
  expect(await reminders(t)).toEqual([]);

  vi.setSystemTime(at("2026-05-09"));
  await h.editor.mutation(api.maintenance.setReading, { planId, reading: 22_400 });
  vi.setSystemTime(at("2026-05-10"));
  await h.editor.mutation(api.maintenance.setReading, { planId, reading: 22_600 });
  // Due from the day the mark was reached, however often the reading moves on.
  expect((await h.viewerAs.query(api.maintenance.forAsset, { assetId: van }))!.plans[0]).toMatchObject({ dueOn: "2026-05-09" });
  await sweep(t);
  await sweep(t);
  expect(await reminders(t)).toEqual(h.staff("Oil change due: Van"));

  await h.editor.mutation(api.maintenance.logWork, { assetId: van, planId, doneOn: "2026-05-10", what: "Oil and filter", reading: 22_650, files: [] });
  expect((await h.viewerAs.query(api.maintenance.forAsset, { assetId: van }))!.plans[0]).toMatchObject({ lastReading: 22_650, dueReading: 32_650, dueOn: null });
});

test("bad plans and log entries are refused with a clear message and write nothing; a viewer cannot write; another workspace's plan reads as missing", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at("2026-06-01"));
  const t = setupTest();
  const h = await household(t);
  const bike = await h.tagWith("Bike", {});
  const photo = await upload(t, "image/png");
  const time = { by: "time" as const, every: 6, period: "month" as const };
  const cases: [() => Promise<unknown>, string][] = [
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: " ", schedule: time }), "Say what the plan is for, e.g. Service"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "x".repeat(81), schedule: time }), "Plan names must be at most 80 characters"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { ...time, every: 0 } }), "Every must be a whole number, 1 or more"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { ...time, every: 1.5 } }), "Every must be a whole number, 1 or more"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { ...time, every: 121 } }), "Every must be at most 120"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { by: "counter", every: 100, unit: "" } }), "Say what the counter counts, e.g. km"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: time, lastOn: "2026-06-02" }), "The date must be a real date, not in the future"],
    [() => h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: time, lastOn: "2026-02-30" }), "The date must be a real date, not in the future"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "", files: [] }), "Say what was done"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres\nnew", files: [] }), "What was done cannot contain line breaks or control characters"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres", cost: { amount: -1, currency: "GBP" }, files: [] }), "Cost cannot be negative"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres", cost: { amount: 500, currency: "TMT" }, files: [] }), "Cost needs a currency code such as GBP, EUR or USD"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres", reading: -5, files: [] }), "A reading must be a whole number, 0 or more"],
    [() => h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres", files: [photo] }), "Link files of this item only"],
  ];
  const before = await snapshot(t);
  for (const [call, message] of cases) expect(await errorData(call)).toEqual({ code: "INVALID", message });
  expect(await errorData(() => h.viewerAs.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Tyres", files: [] }))).toMatchObject({ code: "FORBIDDEN" });
  expect(await snapshot(t)).toEqual(before);

  // An NFT has no upkeep.
  const nft = (await h.editor.mutation(api.assets.tag, { kind: "nft", name: "Ape", visibility: "public", details: { kind: "nft", chain: "ethereum", contractAddress: `0x${"a".repeat(40)}`, tokenId: "1" }, files: [] })).assetId;
  expect(await errorData(() => h.editor.mutation(api.maintenance.addPlan, { assetId: nft, title: "Service", schedule: time }))).toEqual({ code: "INVALID", message: "Maintenance is kept for physical items (general and business)" });

  // Someone else's workspace: its plan and its item read as missing.
  const planId = await h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: time });
  const stranger = h.outsider.as;
  expect(await errorData(() => stranger.mutation(api.maintenance.removePlan, { planId }))).toEqual({ code: "NOT_FOUND", message: "Maintenance plan not found" });
  expect(await errorData(() => stranger.mutation(api.maintenance.setReading, { planId, reading: 5 }))).toEqual({ code: "NOT_FOUND", message: "Maintenance plan not found" });
  expect(await stranger.query(api.maintenance.forAsset, { assetId: bike })).toBeNull();
});

test("deleting an item removes its plans and, after, its log", async () => {
  vi.useFakeTimers();
  vi.setSystemTime(at("2026-06-01"));
  const t = setupTest();
  const h = await household(t);
  const bike = await h.tagWith("Bike", {});
  await h.editor.mutation(api.maintenance.addPlan, { assetId: bike, title: "Service", schedule: { by: "time", every: 1, period: "year" } });
  await h.editor.mutation(api.maintenance.logWork, { assetId: bike, doneOn: "2026-05-01", what: "Chain", files: [] });
  await h.editor.mutation(api.assets.remove, { assetId: bike });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const left = await t.run(async (ctx) => ({
    plans: (await ctx.db.query("maintenancePlans").collect()).length,
    log: (await ctx.db.query("maintenanceLog").collect()).length,
  }));
  expect(left).toEqual({ plans: 0, log: 0 });
});

test("documents by type: filed on upload, re-filed later (a PDF never as a photo), the change in the history", async () => {
  const t = setupTest();
  const h = await household(t);
  const pdf = await upload(t, "application/pdf");
  const { assetId } = await h.editor.mutation(api.assets.tag, { ...generalInput, files: [{ storageId: pdf, kind: "receipt", name: "till.pdf" }] });
  const kinds = async () => (await h.viewerAs.query(api.assets.get, { assetId }))!.files.map((f) => f.kind);
  expect(await kinds()).toEqual(["receipt"]);
  await h.editor.mutation(api.assetFiles.setKind, { assetId, storageId: pdf, kind: "warranty" });
  expect(await kinds()).toEqual(["warranty"]);
  const before = await snapshot(t);
  expect(await errorData(() => h.editor.mutation(api.assetFiles.setKind, { assetId, storageId: pdf, kind: "photo" }))).toEqual({ code: "INVALID", message: "Photos must be images (JPEG, PNG, WebP or GIF)" });
  expect(await errorData(() => h.viewerAs.mutation(api.assetFiles.setKind, { assetId, storageId: pdf, kind: "manual" }))).toMatchObject({ code: "FORBIDDEN" });
  expect(await snapshot(t)).toEqual(before);
  const history = await h.viewerAs.query(api.assets.history, { assetId });
  expect(JSON.stringify(history)).toContain("till.pdf filed as warranty");
});
