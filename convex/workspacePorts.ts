// A workspace's records, portable (issue 32): owners and admins export the workspace as the
// same ZIP its owner's "Download my data" holds for it (built in the background, with
// progress and a link that expires), and import such a ZIP into another workspace. The
// import reads the ZIP as untrusted input (lib/ports/zipRead.ts, importPlan.ts,
// importRecords.ts), refuses it whole with a clear message before writing anything, then
// writes in bounded batches over a chain of steps; should a batch still fail, or the import be
// cancelled, everything it wrote is undone (workspacePortItems) and the charge refunded.
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalAction, internalQuery, type ActionCtx, type MutationCtx, type QueryCtx } from "./_generated/server";
import { endExport, startExportChain } from "./exportChain";
import { workspaceMutation, workspaceQuery } from "./lib/access";
import { deleteAsset } from "./lib/assets/changes";
import { fileError } from "./lib/assets/fileRules";
import { recordEvent } from "./lib/assets/read";
import { searchTextOf } from "./lib/assets/rules";
import { reserveSerial, SERIAL_PATTERN } from "./lib/assets/serial";
import { claimFiles } from "./lib/assets/store";
import { assetChangeValidator, assetEventTypeValidator, assetStatusValidator, fileKindValidator } from "./lib/assets/tables";
import { assetInputArgs } from "./lib/assets/tagging";
import { importCost } from "./lib/csv/pricing";
import { categoryKey, CUSTOM_FIELD_LIMITS, customValueError } from "./lib/customFields/rules";
import { categoryDefinitions, customSearchWords, workspaceDefinitions } from "./lib/customFields/store";
import { customValuesValidator, type CustomValues } from "./lib/customFields/tables";
import { appError } from "./lib/errors";
import { charge, earn } from "./lib/ledger";
import { chainValidator, firstChain, MAX_STEP_ATTEMPTS, STEP_BUDGET_MS, STEP_DEADLINE_MS, withoutHeld, type Chain } from "./lib/ports/chain";
import { planItems, parseTable, type ImportItem } from "./lib/ports/importPlan";
import { importedFieldValidator, importedLogValidator, importedPlanValidator, planFields, planUpkeep, type ImportedField, type ImportedLog, type ImportedPlan } from "./lib/ports/importRecords";
import {
  importedKitPartValidator,
  importedLocationValidator,
  importedStolenValidator,
  planKits,
  planLocations,
  planStolen,
  type ImportedKitPart,
  type ImportedLocation,
  type ImportedStolen,
} from "./lib/ports/importPlaces";
import { IMPORT_WRITE_BATCH, IMPORTED_TABLES, MAX_IMPORT_JSON_BYTES, MAX_IMPORT_PART_BYTES, MAX_IMPORT_PARTS, PORT_MESSAGES, REPORT_RENUMBERED } from "./lib/ports/rules";
import { isHexDigest, matchingSlot, openSlots } from "./lib/ports/uploads";
import { enforceLimit } from "./lib/limits";
import { EXPORT_PART_BYTES } from "./lib/privacy/rules";
import { importReportValidator, portStatusValidator } from "./lib/ports/schema";
import { ImportRefused, listZip, loadPart, readEntries } from "./lib/ports/zipRead";
import { locationByPath, locationText } from "./lib/locations/paths";
import { splitPath } from "./lib/locations/rules";
import { DEFAULT_CURRENCY } from "./lib/money/currency";
import { MAINTAINED_KINDS } from "./lib/upkeep/rules";
import { dueOf } from "./lib/upkeep/store";
import { allows, membership } from "./lib/workspaces/policy";
import { mayHoldKind } from "./lib/workspaces/rules";
import { internalMutation } from "./lib/writes";

type Kind = "export" | "import";
/** Exports and imports are the workspace's settings: owners and admins. */
const PORTING = { can: "settings" } as const;

const portView = v.union(
  v.null(),
  v.object({
    status: portStatusValidator,
    startedAt: v.number(),
    done: v.number(),
    total: v.number(),
    expiresAt: v.union(v.number(), v.null()),
    // Export: one link per ZIP part while ready. Import: how many parts are uploaded.
    urls: v.array(v.string()),
    parts: v.number(),
    message: v.union(v.string(), v.null()),
    report: v.union(importReportValidator, v.null()),
  }),
);

async function latest(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces">, kind: Kind) {
  return await ctx.db
    .query("workspacePorts")
    .withIndex("by_workspaceId_and_kind_and_startedAt", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind))
    .order("desc")
    .first();
}

async function view(ctx: QueryCtx, row: Doc<"workspacePorts"> | null) {
  if (row === null) return null;
  const links = row.kind === "export" && row.status === "ready" ? row.parts : [];
  const urls = (await Promise.all(links.map((id) => ctx.storage.getUrl(id)))).filter((u): u is string => u !== null);
  const { status, startedAt, done, total } = row;
  return { status, startedAt, done, total, expiresAt: row.expiresAt ?? null, urls, parts: row.parts.length, message: row.message ?? null, report: row.report ?? null };
}

/** One export or import at a time per workspace: both read or write its whole register. */
async function assertIdle(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces">) {
  for (const kind of ["export", "import"] as const) {
    if ((await latest(ctx, workspaceId, kind))?.status === "running") throw appError("INVALID", PORT_MESSAGES.busy);
  }
}

/** The workspace's latest export and import, live. */
export const latestPorts = workspaceQuery({
  ...PORTING,
  args: {},
  returns: v.union(v.null(), v.object({ export: portView, import: portView })),
  absent: null,
  handler: async (ctx) => ({
    export: await view(ctx, await latest(ctx, ctx.workspace._id, "export")),
    import: await view(ctx, await latest(ctx, ctx.workspace._id, "import")),
  }),
});

export const startExport = workspaceMutation({
  ...PORTING,
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await assertIdle(ctx, ctx.workspace._id);
    const portId = await ctx.db.insert("workspacePorts", {
      workspaceId: ctx.workspace._id,
      userId: ctx.user._id,
      kind: "export",
      status: "running",
      startedAt: Date.now(),
      done: 0,
      total: 1,
      parts: [],
    });
    await startExportChain(ctx, { workspacePort: portId }, [ctx.workspace._id]);
    return null;
  },
});

/** Stops the workspace's running export (its parts are deleted) or import (what it wrote is undone). */
export const cancel = workspaceMutation({
  ...PORTING,
  args: { kind: v.union(v.literal("export"), v.literal("import")) },
  returns: v.null(),
  handler: async (ctx, { kind }) => {
    const port = await latest(ctx, ctx.workspace._id, kind);
    if (port === null || port.status !== "running") throw appError("INVALID", PORT_MESSAGES.notRunning);
    if (kind === "export") await endExport(ctx, { workspacePort: port._id }, "cancelled");
    else await undo(ctx, port, PORT_MESSAGES.cancelled, "cancelled");
    return null;
  },
});

/** The link's end: the ZIP is deleted. */
export const expire = internalMutation({
  args: { portId: v.id("workspacePorts") },
  returns: v.null(),
  handler: async (ctx, { portId }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || port.expiresAt === undefined || port.expiresAt > Date.now()) return null;
    for (const part of port.parts) await ctx.storage.delete(part);
    await ctx.db.patch("workspacePorts", portId, { status: "expired", parts: [] });
    return null;
  },
});

// ---- the import: upload ------------------------------------------------------------------

/** The caller's import in the making, made when there is none; a message when they cannot add to one now. */
async function openImport(ctx: MutationCtx, workspaceId: Id<"workspaces">, userId: Id<"users">): Promise<Doc<"workspacePorts"> | string> {
  const current = await latest(ctx, workspaceId, "import");
  if (current?.status === "running") return PORT_MESSAGES.busy;
  if (current?.status === "uploading" && current.userId === userId) return current;
  const id = await ctx.db.insert("workspacePorts", { workspaceId, userId, kind: "import", status: "uploading", startedAt: Date.now(), done: 0, total: 0, parts: [] });
  return (await ctx.db.get("workspacePorts", id))!;
}

/** Adds a received part to the caller's import in the making, within MAX_IMPORT_PARTS (announced parts included). */
async function addPart(ctx: MutationCtx, port: Doc<"workspacePorts">, storageId: Id<"_storage">, slots = openSlots(port.slots, Date.now())) {
  if (port.parts.length + slots.length >= MAX_IMPORT_PARTS) return PORT_MESSAGES.uploadTooMany;
  await ctx.db.patch("workspacePorts", port._id, { parts: [...port.parts, storageId], slots });
  return null;
}

/**
 * A ZIP part that POST /import-zip stored (lib/ports/uploadHttp.ts): added to the caller's
 * import in the making. Refused (the caller deletes the file) for a non-owner/admin, while
 * an export or import runs, or past MAX_IMPORT_PARTS.
 */
export const receivePart = internalMutation({
  args: { workspaceId: v.id("workspaces"), userId: v.id("users"), storageId: v.id("_storage") },
  returns: v.union(v.null(), v.string()),
  handler: async (ctx, { workspaceId, userId, storageId }) => {
    if (!allows(await membership(ctx, workspaceId, userId), PORTING)) return PORT_MESSAGES.notAllowed;
    const port = await openImport(ctx, workspaceId, userId);
    return typeof port === "string" ? port : await addPart(ctx, port, storageId);
  },
});

/**
 * An upload URL for one large part (lib/ports/uploads.ts), announced with its size and SHA-256
 * (hex), which the stored file must match to be taken into this caller's import.
 */
export const importUploadUrl = workspaceMutation({
  ...PORTING,
  args: { size: v.number(), sha256: v.string() },
  returns: v.string(),
  handler: async (ctx, { size, sha256 }) => {
    if (!Number.isInteger(size) || size <= 0 || size > MAX_IMPORT_PART_BYTES) throw appError("INVALID", PORT_MESSAGES.partTooLarge);
    if (!isHexDigest(sha256)) throw appError("INVALID", PORT_MESSAGES.badDigest);
    const port = await openImport(ctx, ctx.workspace._id, ctx.user._id);
    if (typeof port === "string") throw appError("INVALID", port);
    const now = Date.now();
    const slots = [...openSlots(port.slots, now), { sha256, size, issuedAt: now }];
    if (port.parts.length + slots.length > MAX_IMPORT_PARTS) throw appError("INVALID", PORT_MESSAGES.uploadTooMany);
    // Each URL takes a file of any size until it is checked here: they come from the uploads budget.
    await enforceLimit(ctx, "upload", ctx.user._id);
    await ctx.db.patch("workspacePorts", port._id, { slots });
    return await ctx.storage.generateUploadUrl();
  },
});

/**
 * The storage id an upload URL returned, taken into the caller's import when it matches one of
 * its announcements. Anything else (another's file, a file stored before it was announced, one
 * with other bytes, one an item holds) is refused and left alone: it may not be the caller's.
 */
export const addUploadedPart = workspaceMutation({
  ...PORTING,
  args: { storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { storageId }) => {
    const port = await latest(ctx, ctx.workspace._id, "import");
    const file = await ctx.db.system.get("_storage", storageId);
    if (port === null || port.status !== "uploading" || port.userId !== ctx.user._id || file === null || port.parts.includes(storageId)) throw appError("INVALID", PORT_MESSAGES.notAnnounced);
    const slots = openSlots(port.slots, Date.now());
    const slot = matchingSlot(slots, file);
    const held = await ctx.db.query("assetFileRefs").withIndex("by_storageId", (q) => q.eq("storageId", storageId)).first();
    if (slot < 0 || held !== null) throw appError("INVALID", PORT_MESSAGES.notAnnounced);
    const refused = await addPart(ctx, port, storageId, slots.filter((_, i) => i !== slot));
    if (refused !== null) throw appError("INVALID", refused);
    return null;
  },
});

export const startImport = workspaceMutation({
  ...PORTING,
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const current = await latest(ctx, ctx.workspace._id, "import");
    if (current === null || current.status !== "uploading" || current.userId !== ctx.user._id || current.parts.length === 0) {
      throw appError("INVALID", PORT_MESSAGES.noParts);
    }
    await assertIdle(ctx, ctx.workspace._id);
    await ctx.db.patch("workspacePorts", current._id, { status: "running", startedAt: Date.now(), chain: firstChain([]), slots: undefined });
    await scheduleStep(ctx, current._id, 0);
    return null;
  },
});

// ---- the import: a chain of steps (lib/ports/chain.ts) ----------------------------------
// Step 0 reads the ZIP, checks all of it, charges and adds the custom fields; it saves what
// it read (the plan) in file storage. Each later step writes the next items, a batch per
// mutation; a batch names where it starts, so a retried step never writes an item twice.

async function scheduleStep(ctx: MutationCtx, portId: Id<"workspacePorts">, step: number) {
  await ctx.scheduler.runAfter(0, internal.workspacePorts.importStep, { portId, step });
  await ctx.scheduler.runAfter(STEP_DEADLINE_MS, internal.workspacePorts.watchdog, { portId, step });
}

/** The port's chain while this step may write, else null (overtaken, cancelled, undone). */
function liveStep(port: Doc<"workspacePorts"> | null, step: number) {
  return port !== null && port.status === "running" && port.chain?.step === step ? port.chain : null;
}

export const importSubject = internalQuery({
  args: { portId: v.id("workspacePorts"), step: v.number() },
  returns: v.union(v.null(), v.object({ workspaceKind: v.string(), currency: v.string(), parts: v.array(v.id("_storage")), chain: chainValidator })),
  handler: async (ctx, { portId, step }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    const ws = port === null ? null : await ctx.db.get("workspaces", port.workspaceId);
    return port === null || ws === null || chain === null ? null : { workspaceKind: ws.kind, currency: ws.currency ?? DEFAULT_CURRENCY, parts: port.parts, chain };
  },
});

async function serialTaken(ctx: Pick<QueryCtx, "db">, serial: string): Promise<boolean> {
  // Only a plain serial never issued here is kept: a sticker's code is claimed by tagging, not by a file.
  if (!SERIAL_PATTERN.test(serial)) return true;
  if ((await ctx.db.query("serials").withIndex("by_serial", (q) => q.eq("serial", serial)).first()) !== null) return true;
  return (await ctx.db.query("assets").withIndex("by_serial", (q) => q.eq("serial", serial)).first()) !== null;
}

/** The ZIP's custom fields in this workspace: one with the same category and name is used, else added (and undone with the import). */
async function addFields(ctx: MutationCtx, workspaceId: Id<"workspaces">, fields: ImportedField[]) {
  const all = await workspaceDefinitions(ctx, workspaceId);
  const map: { from: string; to: Id<"customFields">; created: boolean }[] = [];
  for (const f of fields) {
    const key = categoryKey(f.category);
    const inCategory = all.filter((d) => d.categoryKey === key);
    const same = inCategory.find((d) => !d.removed && d.label.toLowerCase() === f.label.toLowerCase());
    if (same !== undefined) {
      if (same.type !== f.type || (same.currency ?? null) !== (f.currency ?? null)) throw appError("INVALID", PORT_MESSAGES.fieldClash(f.label));
      map.push({ from: f.from, to: same._id, created: false });
      continue;
    }
    if (all.length >= CUSTOM_FIELD_LIMITS.perWorkspace || inCategory.filter((d) => !d.removed).length >= CUSTOM_FIELD_LIMITS.perCategory) throw appError("INVALID", PORT_MESSAGES.tooManyFields);
    const { from, ...definition } = f;
    const doc = { ...definition, workspaceId, categoryKey: key, position: inCategory.length };
    const to = await ctx.db.insert("customFields", doc);
    all.push({ ...doc, _id: to, _creationTime: Date.now() });
    map.push({ from, to, created: true });
  }
  return map;
}

/** Everything is checked: the import is charged, its custom fields added, and its writing begins. */
export const importPlanned = internalMutation({
  args: {
    portId: v.id("workspacePorts"),
    step: v.number(),
    plan: v.id("_storage"),
    items: v.number(),
    // Rows written before the items (locations) and after them (kit parts).
    before: v.number(),
    after: v.number(),
    fields: v.array(importedFieldValidator),
  },
  returns: v.boolean(),
  handler: async (ctx, { portId, step, plan, items, before, after, fields }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null || !isHeld(port, [plan])) return false;
    const amount = importCost(items);
    const by = amount > 0 ? await charge(ctx, port.workspaceId, port.userId, { amount, source: "tagging", description: `Workspace import: ${items} item${items === 1 ? "" : "s"}` }) : undefined;
    const map = await addFields(ctx, port.workspaceId, fields);
    await ctx.db.patch("workspacePorts", portId, {
      total: before + items + after,
      done: 0,
      paid: by === undefined ? undefined : { amount, by },
      fields: map,
      // The chain holds the plan from here on.
      held: unheld(port, [plan]),
      report: { items, files: 0, kept: 0, renumbered: 0, renumberedList: [] },
      chain: { ...chain, step: step + 1, stage: 1, offset: 0, attempts: 0, plan },
    });
    await scheduleStep(ctx, portId, step + 1);
    return true;
  },
});

const batchItem = v.object({
  // Its id in the ZIP, for its kit rows.
  from: v.string(),
  serial: v.string(),
  input: v.object(assetInputArgs),
  status: assetStatusValidator,
  taggedAt: v.number(),
  // Stored by the import's action, typed from their own bytes (sniff below) and checked there.
  files: v.array(v.object({ storageId: v.id("_storage"), kind: fileKindValidator, name: v.string(), contentType: v.string(), size: v.number() })),
  events: v.array(v.object({ type: assetEventTypeValidator, summary: v.string(), changes: v.array(assetChangeValidator), at: v.number() })),
  // Keyed by the ZIP's field ids; mapped here, and kept only where the field takes the value.
  custom: customValuesValidator,
  plans: v.array(importedPlanValidator),
  logs: v.array(importedLogValidator),
  stolen: v.optional(importedStolenValidator),
});

/** An item's custom values under this workspace's field ids, those its category's fields take. */
async function mappedCustom(ctx: MutationCtx, port: Doc<"workspacePorts">, category: string | undefined, custom: CustomValues, now: number): Promise<CustomValues> {
  const to = new Map((port.fields ?? []).map((f) => [f.from, f.to as string]));
  const defs = await categoryDefinitions(ctx, port.workspaceId, category);
  const out: CustomValues = {};
  for (const [from, value] of Object.entries(custom)) {
    const def = defs.find((d) => d._id === to.get(from));
    if (def !== undefined && customValueError(def, value, now) === undefined) out[def._id] = value;
  }
  return out;
}

/**
 * One batch of items, in one transaction: assets (custom values mapped), files, history
 * (marked imported), maintenance plans and log, a new owner period. Null when the batch is
 * not the next one (a retried step): nothing is written and the caller deletes its files.
 */
export const writeBatch = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number(), from: v.number(), items: v.array(batchItem) },
  returns: v.union(v.null(), v.number()),
  handler: async (ctx, { portId, step, from, items }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null || chain.offset !== from || port.report === undefined) return null;
    // Only files this import's steps stored and noted: nothing else can be attached.
    const used = items.flatMap((item) => item.files.map((f) => f.storageId));
    if (!isHeld(port, used)) throw new Error("an import batch names a file it did not store");
    const { workspaceId, userId: actorId } = port;
    const report = { ...port.report };
    const now = Date.now();
    for (const item of items) {
      // Checked here, in the write: a serial issued anywhere since is never taken.
      const keep = !(await serialTaken(ctx, item.serial));
      if (keep) await ctx.db.insert("serials", { serial: item.serial });
      const serial = keep ? item.serial : await reserveSerial(ctx);
      if (keep) report.kept += 1;
      else {
        report.renumbered += 1;
        if (report.renumberedList.length < REPORT_RENUMBERED) report.renumberedList = [...report.renumberedList, { from: item.serial, to: serial }];
      }
      const files = item.files;
      const input = { ...item.input, custom: await mappedCustom(ctx, port, item.input.category, item.custom, now) };
      // Registered here now: the ZIP's own dates are history it states, not provenance.
      const assetId = await ctx.db.insert("assets", {
        ...input,
        workspaceId,
        serial,
        status: item.status,
        files,
        taggedAt: now,
        updatedAt: now,
        searchText: searchTextOf({ ...input, serial }, await customSearchWords(ctx, workspaceId, input)),
      });
      await claimFiles(ctx, assetId, files);
      await ctx.db.insert("assetOwners", { assetId, workspaceId, from: now });
      for (const e of item.events) await ctx.db.insert("assetEvents", { assetId, workspaceId, actorId, type: e.type, summary: e.summary, changes: e.changes, at: now, imported: true });
      const was = keep ? "" : ` (its serial ${item.serial} was taken, so it has a new one)`;
      await recordEvent(ctx, { assetId, workspaceId, actorId, type: "imported", summary: `Imported from a workspace export with serial ${serial}${was}; first tagged ${new Date(item.taggedAt).toISOString().slice(0, 10)}`, at: now });
      const maintained = MAINTAINED_KINDS.includes(input.kind);
      const planIds = new Map<string, Id<"maintenancePlans">>();
      for (const { from: planFrom, ...plan } of maintained ? item.plans : []) {
        planIds.set(planFrom, await ctx.db.insert("maintenancePlans", { ...plan, workspaceId, assetId, dueOn: dueOf(plan, now), createdAt: now }));
      }
      for (const { plan, files: at, ...entry } of maintained ? item.logs : []) {
        const planId = plan === undefined ? undefined : planIds.get(plan);
        await ctx.db.insert("maintenanceLog", { ...entry, assetId, planId, files: at.flatMap((i) => (files[i] === undefined ? [] : [files[i].storageId])) });
      }
      if (item.stolen !== undefined && item.status === "stolen") await ctx.db.insert("stolenReports", { ...item.stolen, assetId, workspaceId, reportedBy: actorId });
      await ctx.db.insert("workspacePortItems", { portId, assetId, keptSerial: keep ? serial : undefined, from: item.from });
      report.files += files.length;
    }
    const offset = from + items.length;
    await ctx.db.patch("workspacePorts", portId, { done: offset, report, held: unheld(port, used), chain: { ...chain, offset } });
    return offset;
  },
});

/** The ZIP's locations (parents first) this workspace lacks, made and noted for undo; one it has is used. */
export const writeLocations = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number(), from: v.number(), locations: v.array(importedLocationValidator) },
  returns: v.union(v.null(), v.number()),
  handler: async (ctx, { portId, step, from, locations }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null || chain.offset !== from) return null;
    const { workspaceId } = port;
    for (const { path, name, parent } of locations) {
      if ((await locationByPath(ctx, workspaceId, path)) !== null) continue;
      const above = parent === null ? null : await locationByPath(ctx, workspaceId, parent);
      const locationId = await ctx.db.insert("locations", { workspaceId, name, parentId: above?._id, path, createdAt: Date.now() });
      await ctx.db.insert("workspacePortLocations", { portId, locationId, depth: parent === null ? 1 : splitPath(parent).length + 1 });
    }
    const offset = from + locations.length;
    await ctx.db.patch("workspacePorts", portId, { done: offset, chain: { ...chain, offset } });
    return offset;
  },
});

/** The ZIP's kits, between the items this import wrote (named by their ids in the ZIP). */
export const writeKits = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number(), from: v.number(), kits: v.array(importedKitPartValidator) },
  returns: v.union(v.null(), v.number()),
  handler: async (ctx, { portId, step, from, kits }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null || chain.offset !== from) return null;
    const written = async (zipId: string) => (await ctx.db.query("workspacePortItems").withIndex("by_portId_and_from", (q) => q.eq("portId", portId).eq("from", zipId)).first())?.assetId;
    for (const { kit, part } of kits) {
      const kitId = await written(kit);
      const partId = await written(part);
      if (kitId !== undefined && partId !== undefined) await ctx.db.insert("kitParts", { workspaceId: port.workspaceId, kitId, partId, addedAt: Date.now() });
    }
    const offset = from + kits.length;
    await ctx.db.patch("workspacePorts", portId, { done: offset, chain: { ...chain, offset } });
    return offset;
  },
});

// ---- the import's files: noted on the job before use ---------------------------------------
// A step stores files (and step 0 its plan) from an action, which can die at any moment. So
// each stored file is noted on the job (`held`) before anything uses it; a batch attaches only
// held files and takes them off the list in the same transaction. Whatever is still held when
// its step is found dead (the watchdog), the import ends, or it is undone, is deleted.

function isHeld(port: Doc<"workspacePorts">, ids: readonly Id<"_storage">[]) {
  const held = new Set((port.held ?? []).map((h) => h.storageId));
  return ids.every((id) => held.has(id));
}

const unheld = (port: Doc<"workspacePorts">, ids: readonly Id<"_storage">[]) => withoutHeld(port.held, ids);

/** Deletes the held files `which` picks and takes them off the list. */
async function dropHeld(ctx: MutationCtx, port: Doc<"workspacePorts">, which: (h: NonNullable<Doc<"workspacePorts">["held"]>[number]) => boolean) {
  const drop = (port.held ?? []).filter(which);
  for (const h of drop) await ctx.storage.delete(h.storageId);
  if (drop.length > 0) await ctx.db.patch("workspacePorts", port._id, { held: unheld(port, drop.map((h) => h.storageId)) });
}

/** Notes files a step just stored; false when the step is overtaken (the action deletes them itself). */
export const holdFiles = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number(), ids: v.array(v.id("_storage")) },
  returns: v.boolean(),
  handler: async (ctx, { portId, step, ids }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null) return false;
    const held = [...(port.held ?? []), ...ids.map((storageId) => ({ storageId, step, attempt: chain.attempts }))];
    await ctx.db.patch("workspacePorts", portId, { held });
    return true;
  },
});

/** Files a step stored and then did not use (its batch was overtaken): deleted, if still held. */
export const dropFiles = internalMutation({
  args: { portId: v.id("workspacePorts"), ids: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { portId, ids }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const wanted = new Set<string>(ids);
    if (port !== null) await dropHeld(ctx, port, (h) => wanted.has(h.storageId));
    return null;
  },
});

/** The step's range is written: the next step goes on from where it ended, or the import is done. */
export const stepDone = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number() },
  returns: v.null(),
  handler: async (ctx, { portId, step }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null) return null;
    if (chain.offset < port.total) {
      await ctx.db.patch("workspacePorts", portId, { chain: { ...chain, step: step + 1, attempts: 0 } });
      await scheduleStep(ctx, portId, step + 1);
      return null;
    }
    for (const part of port.parts) await ctx.storage.delete(part);
    if (chain.plan !== undefined) await ctx.storage.delete(chain.plan);
    // Files a step stored and never wrote (it was overtaken, or died): nothing refers to them.
    await dropHeld(ctx, port, () => true);
    await ctx.db.patch("workspacePorts", portId, { status: "ready", parts: [], done: port.total, chain: undefined, fields: undefined, held: undefined });
    return null;
  },
});

/** Starts undoing an import: its steps stop at their next batch, the undo owns the job. */
async function undo(ctx: MutationCtx, port: Doc<"workspacePorts">, message: string, status: "failed" | "cancelled") {
  await dropHeld(ctx, port, () => true);
  await ctx.db.patch("workspacePorts", port._id, { status: "undoing", chain: undefined, held: undefined });
  await ctx.scheduler.runAfter(0, internal.workspacePorts.rollback, { portId: port._id, message, status });
  if (port.chain?.plan !== undefined) await ctx.storage.delete(port.chain.plan);
}

/** Undoes what an import wrote, a batch at a time, then refunds its charge and says why it stopped. */
export const rollback = internalMutation({
  args: { portId: v.id("workspacePorts"), message: v.string(), status: v.union(v.literal("failed"), v.literal("cancelled")) },
  returns: v.null(),
  handler: async (ctx, { portId, message, status }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || port.status !== "undoing") return null;
    const rows = await ctx.db.query("workspacePortItems").withIndex("by_portId_and_from", (q) => q.eq("portId", portId)).take(IMPORT_WRITE_BATCH);
    for (const row of rows) {
      const asset = await ctx.db.get("assets", row.assetId);
      if (asset !== null) await deleteAsset(ctx, asset, port.userId);
      // A serial this import kept goes back to never-issued: importing the ZIP again keeps it.
      const reserved = row.keptSerial === undefined ? null : await ctx.db.query("serials").withIndex("by_serial", (q) => q.eq("serial", row.keptSerial!)).first();
      if (reserved !== null) await ctx.db.delete("serials", reserved._id);
      await ctx.db.delete("workspacePortItems", row._id);
    }
    if (rows.length === IMPORT_WRITE_BATCH || (await undoLocations(ctx, port))) {
      await ctx.scheduler.runAfter(0, internal.workspacePorts.rollback, { portId, message, status });
      return null;
    }
    for (const f of port.fields ?? []) if (f.created && (await ctx.db.get("customFields", f.to)) !== null) await ctx.db.delete("customFields", f.to);
    if (port.paid !== undefined) {
      await earn(ctx, { ...port.paid.by, actorId: port.userId, amount: port.paid.amount, source: "refund", description: `Refund: workspace import ${status === "cancelled" ? "cancelled" : "failed"} and undone` });
    }
    for (const part of port.parts) await ctx.storage.delete(part);
    await ctx.db.patch("workspacePorts", portId, { status, parts: [], message, paid: undefined, done: 0, fields: undefined, report: undefined });
    return null;
  },
});

/**
 * After its items, the locations the import made go, deepest first, each only while empty (a
 * member may have put something there since). True while there are more to look at.
 */
async function undoLocations(ctx: MutationCtx, port: Doc<"workspacePorts">): Promise<boolean> {
  const rows = await ctx.db.query("workspacePortLocations").withIndex("by_portId_and_depth", (q) => q.eq("portId", port._id)).order("desc").take(IMPORT_WRITE_BATCH);
  for (const row of rows) {
    const location = await ctx.db.get("locations", row.locationId);
    const inner = await ctx.db.query("locations").withIndex("by_workspaceId_and_parentId_and_name", (q) => q.eq("workspaceId", port.workspaceId).eq("parentId", row.locationId)).first();
    const item =
      location === null ? null : await ctx.db.query("assets").withIndex("by_workspaceId_and_location_and_name", (q) => q.eq("workspaceId", port.workspaceId).eq("details.location", location.path)).first();
    if (location !== null && inner === null && item === null) await ctx.db.delete("locations", location._id);
    await ctx.db.delete("workspacePortLocations", row._id);
  }
  return rows.length === IMPORT_WRITE_BATCH;
}

/** A refused or failed import is undone (from its action, which names its step). */
export const fail = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number(), message: v.string() },
  returns: v.null(),
  handler: async (ctx, { portId, step, message }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port !== null && liveStep(port, step) !== null) await undo(ctx, port, message, "failed");
    return null;
  },
});

/** A step that has not handed over by its deadline died: it runs again from where the writes stand, or the import is undone. */
export const watchdog = internalMutation({
  args: { portId: v.id("workspacePorts"), step: v.number() },
  returns: v.null(),
  handler: async (ctx, { portId, step }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const chain = liveStep(port, step);
    if (port === null || chain === null) return null;
    if (chain.attempts + 1 >= MAX_STEP_ATTEMPTS) {
      await undo(ctx, port, PORT_MESSAGES.failed, "failed");
      return null;
    }
    // The dead step's files that no batch took: an action lives at most 10 minutes, so it stores no more.
    await dropHeld(ctx, port, (h) => h.step === step);
    await ctx.db.patch("workspacePorts", portId, { chain: { ...chain, attempts: chain.attempts + 1 } });
    await scheduleStep(ctx, portId, step);
    return null;
  },
});

/** The real type of a file from its first bytes (never the ZIP's word for it). */
function sniff(bytes: Uint8Array): string {
  const at = (i: number, ...values: number[]) => values.every((b, j) => bytes[i + j] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47)) return "image/png";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  if (at(0, 0x25, 0x50, 0x44, 0x46)) return "application/pdf";
  return "application/octet-stream";
}

const ASSETS_JSON = /^(workspaces\/[^/]+)\/assets\.json$/;
const TABLE_JSON = new RegExp(`^workspaces/[^/]+/(${IMPORTED_TABLES.join("|")})\\.json$`);

/** Every entry's part, and the workspace folder's tables the import reads, checked. */
async function readTables(ctx: ActionCtx, parts: Id<"_storage">[]) {
  const where = new Map<string, number>();
  const tables: Record<string, Uint8Array> = {};
  let jsonBytes = 0;
  for (const [i, part] of parts.entries()) {
    const bytes = await loadPart(ctx, part);
    const entries = listZip(bytes);
    for (const e of entries) {
      if (where.has(e.name)) throw new ImportRefused(PORT_MESSAGES.duplicateName(e.name));
      where.set(e.name, i);
    }
    const wanted = entries.filter((e) => TABLE_JSON.test(e.name));
    jsonBytes += wanted.reduce((sum, e) => sum + e.originalSize, 0);
    if (jsonBytes > MAX_IMPORT_JSON_BYTES) throw new ImportRefused(PORT_MESSAGES.jsonTooLarge);
    Object.assign(tables, readEntries(bytes, new Set(wanted.map((e) => e.name))));
  }
  const bases = [...where.keys()].flatMap((name) => ASSETS_JSON.exec(name)?.[1] ?? []);
  if (bases.length === 0) throw new ImportRefused(PORT_MESSAGES.noWorkspace);
  if (bases.length > 1) throw new ImportRefused(PORT_MESSAGES.severalWorkspaces);
  const base = bases[0];
  const table = (name: (typeof IMPORTED_TABLES)[number]) => parseTable(name, tables[`${base}/${name}.json`]);
  return { where, base, table };
}

/** What step 0 read from the ZIP, for the steps that write: each item with its files' parts, plans and log. */
type PlannedItem = ImportItem & { parts: number[]; plans: ImportedPlan[]; logs: ImportedLog[]; stolen?: ImportedStolen };
/** Written in this order, one range of the chain's offset each: locations, items, kit parts. */
type Plan = { base: string; locations: ImportedLocation[]; items: PlannedItem[]; kits: ImportedKitPart[] };

async function readPlan(ctx: ActionCtx, subject: { workspaceKind: string; currency: string; parts: Id<"_storage">[] }) {
  const { where, base, table } = await readTables(ctx, subject.parts);
  const items = planItems(table("assets"), table("assetEvents"), Date.now());
  // A money field the ZIP gives no currency takes this workspace's, as a new field does.
  const fields = planFields(table("customFields"), subject.currency);
  const upkeep = planUpkeep(table("maintenancePlans"), table("maintenanceLog"), new Map(items.map((item) => [item.from, item.fileIds])));
  const wrongKind = items.find((item) => !mayHoldKind(subject.workspaceKind as Doc<"workspaces">["kind"], item.input.kind));
  if (wrongKind !== undefined) throw new ImportRefused(PORT_MESSAGES.wrongKind(wrongKind.input.kind));
  const locations = planLocations(table("locations"), items.flatMap((item) => locationText(item.input) ?? []));
  const kits = planKits(table("kitParts"), new Set(items.map((item) => item.from)));
  const stolen = planStolen(table("stolenReports"), Date.now());
  const planned = items.map((item) => ({
    ...item,
    parts: item.files.map((f) => {
      const part = where.get(`${base}/${f.path}`);
      if (part === undefined) throw new ImportRefused(PORT_MESSAGES.missingFile(f.path));
      return part;
    }),
    plans: upkeep.plans.get(item.from) ?? [],
    logs: upkeep.logs.get(item.from) ?? [],
    // Only an item that arrives stolen has a current report.
    stolen: item.status === "stolen" ? stolen.get(item.from) : undefined,
  }));
  return { plan: { base, locations, items: planned, kits } satisfies Plan, fields };
}

/**
 * Reads one batch's files from the parts that hold them, checks their real type and size,
 * stores them and notes them on the job (holdFiles) part by part, before the batch uses them.
 * Null when the step is overtaken (what it stored is deleted).
 */
async function storeFiles(ctx: ActionCtx, portId: Id<"workspacePorts">, step: number, batch: PlannedItem[], base: string, load: (part: number) => Promise<Uint8Array>) {
  const byPart = new Map<number, Set<string>>();
  for (const item of batch) for (const [i, f] of item.files.entries()) byPart.set(item.parts[i], (byPart.get(item.parts[i]) ?? new Set()).add(`${base}/${f.path}`));
  const stored = new Map<string, { storageId: Id<"_storage">; contentType: string; size: number }>();
  for (const part of [...byPart.keys()].sort((a, b) => a - b)) {
    const files = readEntries(await load(part), byPart.get(part)!);
    const fresh: Id<"_storage">[] = [];
    try {
      for (const item of batch) for (const f of item.files) {
        const data = files[`${base}/${f.path}`];
        if (data === undefined) continue;
        const type = sniff(data);
        const problem = data.length === 0 ? "it is empty" : fileError(f.kind, type, data.length);
        if (problem !== null) throw new ImportRefused(PORT_MESSAGES.badFile(f.path, problem));
        const storageId = await ctx.storage.store(new Blob([data as Uint8Array<ArrayBuffer>], { type }));
        fresh.push(storageId);
        stored.set(f.path, { storageId, contentType: type, size: data.length });
      }
    } catch (error) {
      // Not yet noted: only this action knows them. (Those noted go with the import's undo.)
      for (const id of fresh) await ctx.storage.delete(id);
      throw error;
    }
    if (fresh.length > 0 && !(await ctx.runMutation(internal.workspacePorts.holdFiles, { portId, step, ids: fresh }))) {
      for (const id of fresh) await ctx.storage.delete(id);
      return null;
    }
  }
  return stored;
}

function refusal(error: unknown): string {
  if (error instanceof ImportRefused) return error.message;
  if (error instanceof ConvexError && typeof (error.data as { message?: unknown })?.message === "string") return (error.data as { message: string }).message;
  return PORT_MESSAGES.failed;
}

/** One batch of items: its files stored and noted, then written (the files dropped when the batch is overtaken). */
async function writeItemBatch(ctx: ActionCtx, portId: Id<"workspacePorts">, step: number, from: number, batch: PlannedItem[], base: string, load: (part: number) => Promise<Uint8Array>) {
  const stored = await storeFiles(ctx, portId, step, batch, base, load);
  if (stored === null) return null;
  const rows = batch.map((item) => ({
    from: item.from,
    serial: item.serial,
    input: item.input,
    status: item.status,
    taggedAt: item.taggedAt,
    files: item.files.map((f) => ({ ...stored.get(f.path)!, kind: f.kind, name: f.name })),
    events: item.events,
    custom: item.custom,
    plans: item.plans,
    logs: item.logs,
    stolen: item.stolen,
  }));
  let next: number | null = null;
  try {
    next = await ctx.runMutation(internal.workspacePorts.writeBatch, { portId, step, from, items: rows });
  } finally {
    if (next === null) await ctx.runMutation(internal.workspacePorts.dropFiles, { portId, ids: [...stored.values()].map((f) => f.storageId) });
  }
  return next;
}

/** Writes the plan from the chain's offset (locations, items, kit parts), a batch per mutation, until done or the step's time is up. */
async function writeItems(ctx: ActionCtx, portId: Id<"workspacePorts">, step: number, subject: { parts: Id<"_storage">[]; chain: Chain }) {
  const blob = subject.chain.plan === undefined ? null : await ctx.storage.get(subject.chain.plan);
  if (blob === null) throw new Error("import plan missing");
  const plan = JSON.parse(await blob.text()) as Plan;
  let loaded: { part: number; bytes: Uint8Array } | null = null;
  const load = async (part: number) => {
    if (loaded?.part === part) return loaded.bytes;
    const bytes = await loadPart(ctx, subject.parts[part]);
    // A part that is one large file is read again if needed, not kept while its file is stored:
    // an action then holds that file about twice (unpacked, stored), not three times.
    loaded = bytes.length <= EXPORT_PART_BYTES ? { part, bytes } : null;
    return bytes;
  };
  const places = plan.locations.length;
  const items = places + plan.items.length;
  const end = items + plan.kits.length;
  const until = Date.now() + STEP_BUDGET_MS;
  let from = subject.chain.offset;
  // At least one batch per step, then as many as its time allows.
  for (let first = true; from < end && (first || Date.now() < until); first = false) {
    const next =
      from < places ? await ctx.runMutation(internal.workspacePorts.writeLocations, { portId, step, from, locations: plan.locations.slice(from, Math.min(places, from + IMPORT_WRITE_BATCH)) })
      : from < items ? await writeItemBatch(ctx, portId, step, from, plan.items.slice(from - places, Math.min(items, from + IMPORT_WRITE_BATCH) - places), plan.base, load)
      : await ctx.runMutation(internal.workspacePorts.writeKits, { portId, step, from, kits: plan.kits.slice(from - items, from - items + IMPORT_WRITE_BATCH) });
    // Overtaken (a retried step got here first, or the import was cancelled): this step stops.
    if (next === null) return false;
    from = next;
  }
  return true;
}

export const importStep = internalAction({
  args: { portId: v.id("workspacePorts"), step: v.number() },
  returns: v.null(),
  handler: async (ctx, { portId, step }) => {
    const subject = await ctx.runQuery(internal.workspacePorts.importSubject, { portId, step });
    if (subject === null) return null;
    try {
      if (subject.chain.stage === 0) {
        const { plan, fields } = await readPlan(ctx, subject);
        const stored = await ctx.storage.store(new Blob([JSON.stringify(plan)], { type: "application/json" }));
        const counts = { items: plan.items.length, before: plan.locations.length, after: plan.kits.length };
        const held = await ctx.runMutation(internal.workspacePorts.holdFiles, { portId, step, ids: [stored] });
        if (!held) await ctx.storage.delete(stored);
        else if (!(await ctx.runMutation(internal.workspacePorts.importPlanned, { portId, step, plan: stored, ...counts, fields }))) {
          await ctx.runMutation(internal.workspacePorts.dropFiles, { portId, ids: [stored] });
        }
        return null;
      }
      if (await writeItems(ctx, portId, step, subject)) await ctx.runMutation(internal.workspacePorts.stepDone, { portId, step });
    } catch (error) {
      await ctx.runMutation(internal.workspacePorts.fail, { portId, step, message: refusal(error) });
      if (!(error instanceof ImportRefused) && !(error instanceof ConvexError)) throw error;
    }
    return null;
  },
});
