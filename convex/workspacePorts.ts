// A workspace's records, portable (issue 32): owners and admins export the workspace as the
// same ZIP its owner's "Download my data" holds for it (built in the background, with
// progress and a link that expires), and import such a ZIP into another workspace. The
// import reads the ZIP as untrusted input (lib/ports/zipRead.ts, importPlan.ts), refuses it
// whole with a clear message before writing anything, then writes in bounded batches; should
// a batch still fail, everything it wrote is undone (workspacePortItems) and the charge refunded.
import { ConvexError, v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalAction, internalQuery, type ActionCtx, type QueryCtx } from "./_generated/server";
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
import { appError } from "./lib/errors";
import { charge, earn } from "./lib/ledger";
import { planItems, parseTable, type ImportItem } from "./lib/ports/importPlan";
import {
  IMPORT_WATCHDOG_MS,
  IMPORT_WRITE_BATCH,
  MAX_IMPORT_JSON_BYTES,
  MAX_IMPORT_PART_BYTES,
  MAX_IMPORT_PARTS,
  PORT_MESSAGES,
  REPORT_RENUMBERED,
} from "./lib/ports/rules";
import { importReportValidator, portStatusValidator } from "./lib/ports/schema";
import { ImportRefused, listZip, readEntries } from "./lib/ports/zipRead";
import { buildWorkspaceZip, workspaceSections } from "./lib/privacy/exportZip";
import { withoutSecrets } from "./lib/privacy/exportPlan";
import { EXPORT_TTL_MS } from "./lib/privacy/rules";
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
      total: workspaceSections,
      parts: [],
    });
    await ctx.scheduler.runAfter(0, internal.workspacePorts.buildExport, { portId });
    return null;
  },
});

// ---- the export -------------------------------------------------------------------------

export const exportSubject = internalQuery({
  args: { portId: v.id("workspacePorts") },
  returns: v.union(v.null(), v.object({ _id: v.id("workspaces"), name: v.string(), doc: v.any() })),
  handler: async (ctx, { portId }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const ws = port === null ? null : await ctx.db.get("workspaces", port.workspaceId);
    return ws === null ? null : { _id: ws._id, name: ws.name, doc: withoutSecrets(ws) };
  },
});

export const progress = internalMutation({
  args: { portId: v.id("workspacePorts"), done: v.number() },
  returns: v.null(),
  handler: async (ctx, { portId, done }) => {
    await ctx.db.patch("workspacePorts", portId, { done });
    return null;
  },
});

export const buildExport = internalAction({
  args: { portId: v.id("workspacePorts") },
  returns: v.null(),
  handler: async (ctx, { portId }) => {
    const parts: Id<"_storage">[] = [];
    try {
      const ws = await ctx.runQuery(internal.workspacePorts.exportSubject, { portId });
      if (ws === null) throw new Error("export of a deleted workspace");
      await buildWorkspaceZip(
        ctx,
        ws,
        (done) => ctx.runMutation(internal.workspacePorts.progress, { portId, done }).then(() => undefined),
        async (zip) => {
          parts.push(await ctx.storage.store(zip));
        },
      );
      await ctx.runMutation(internal.workspacePorts.exportReady, { portId, parts });
    } catch (error) {
      for (const part of parts) await ctx.storage.delete(part);
      await ctx.runMutation(internal.workspacePorts.fail, { portId, message: PORT_MESSAGES.exportFailed });
      throw error;
    }
    return null;
  },
});

export const exportReady = internalMutation({
  args: { portId: v.id("workspacePorts"), parts: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { portId, parts }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null) return null;
    const expiresAt = Date.now() + EXPORT_TTL_MS;
    await ctx.db.patch("workspacePorts", portId, { status: "ready", parts, expiresAt, done: port.total });
    await ctx.scheduler.runAt(expiresAt, internal.workspacePorts.expire, { portId });
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

export const fail = internalMutation({
  args: { portId: v.id("workspacePorts"), message: v.string() },
  returns: v.null(),
  handler: async (ctx, { portId, message }) => {
    if ((await ctx.db.get("workspacePorts", portId)) !== null) await ctx.db.patch("workspacePorts", portId, { status: "failed", parts: [], message });
    return null;
  },
});

// ---- the import: upload ------------------------------------------------------------------

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
    const current = await latest(ctx, workspaceId, "import");
    if (current?.status === "running") return PORT_MESSAGES.busy;
    if (current?.status === "uploading" && current.userId === userId) {
      if (current.parts.length >= MAX_IMPORT_PARTS) return PORT_MESSAGES.uploadTooMany;
      await ctx.db.patch("workspacePorts", current._id, { parts: [...current.parts, storageId] });
      return null;
    }
    await ctx.db.insert("workspacePorts", { workspaceId, userId, kind: "import", status: "uploading", startedAt: Date.now(), done: 0, total: 0, parts: [storageId] });
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
    await ctx.db.patch("workspacePorts", current._id, { status: "running", startedAt: Date.now() });
    await ctx.scheduler.runAfter(0, internal.workspacePorts.runImport, { portId: current._id });
    // An import whose action died (a timeout) is undone, never left half-written or resumed.
    await ctx.scheduler.runAfter(IMPORT_WATCHDOG_MS, internal.workspacePorts.watchdog, { portId: current._id });
    return null;
  },
});

// ---- the import: read, check, write ------------------------------------------------------

export const importSubject = internalQuery({
  args: { portId: v.id("workspacePorts") },
  returns: v.union(v.null(), v.object({ workspaceKind: v.string(), parts: v.array(v.id("_storage")) })),
  handler: async (ctx, { portId }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    const ws = port === null ? null : await ctx.db.get("workspaces", port.workspaceId);
    return port === null || ws === null || port.status !== "running" ? null : { workspaceKind: ws.kind, parts: port.parts };
  },
});

/** Which of these serials may not be kept: issued here before (even if deleted since), held, or a sticker's code. */
export const takenSerials = internalQuery({
  args: { serials: v.array(v.string()) },
  returns: v.array(v.string()),
  handler: async (ctx, { serials }) => {
    const taken: string[] = [];
    for (const serial of serials.slice(0, 500)) {
      if (await serialTaken(ctx, serial)) taken.push(serial);
    }
    return taken;
  },
});

async function serialTaken(ctx: Pick<QueryCtx, "db">, serial: string): Promise<boolean> {
  // Only a plain serial never issued here is kept: a sticker's code is claimed by tagging, not by a file.
  if (!SERIAL_PATTERN.test(serial)) return true;
  if ((await ctx.db.query("serials").withIndex("by_serial", (q) => q.eq("serial", serial)).first()) !== null) return true;
  return (await ctx.db.query("assets").withIndex("by_serial", (q) => q.eq("serial", serial)).first()) !== null;
}

export const chargeImport = internalMutation({
  args: { portId: v.id("workspacePorts"), items: v.number() },
  returns: v.null(),
  handler: async (ctx, { portId, items }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || port.status !== "running") throw new Error("import no longer running");
    const amount = importCost(items);
    const by = amount > 0 ? await charge(ctx, port.workspaceId, port.userId, { amount, source: "tagging", description: `Workspace import: ${items} item${items === 1 ? "" : "s"}` }) : undefined;
    await ctx.db.patch("workspacePorts", portId, { total: items, paid: by === undefined ? undefined : { amount, by } });
    return null;
  },
});

const batchItem = v.object({
  serial: v.string(),
  keep: v.boolean(),
  input: v.object(assetInputArgs),
  status: assetStatusValidator,
  taggedAt: v.number(),
  // Stored by the import's action, typed from their own bytes (sniff below) and checked there.
  files: v.array(v.object({ storageId: v.id("_storage"), kind: fileKindValidator, name: v.string(), contentType: v.string(), size: v.number() })),
  events: v.array(v.object({ type: assetEventTypeValidator, summary: v.string(), changes: v.array(assetChangeValidator), at: v.number() })),
});

/** One batch of items, in one transaction: assets, files, history (marked imported), a new owner period. */
export const writeBatch = internalMutation({
  args: { portId: v.id("workspacePorts"), items: v.array(batchItem) },
  returns: v.array(v.object({ from: v.string(), to: v.string() })),
  handler: async (ctx, { portId, items }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || port.status !== "running") throw new Error("import no longer running");
    const { workspaceId, userId: actorId } = port;
    const renumbered: { from: string; to: string }[] = [];
    const now = Date.now();
    for (const item of items) {
      // Checked again here: a serial issued since the check is never taken.
      const keep = item.keep && !(await serialTaken(ctx, item.serial));
      if (keep) await ctx.db.insert("serials", { serial: item.serial });
      const serial = keep ? item.serial : await reserveSerial(ctx);
      if (!keep) renumbered.push({ from: item.serial, to: serial });
      const files = item.files;
      // Registered here now: the ZIP's own dates are history it states, not provenance.
      const assetId = await ctx.db.insert("assets", {
        ...item.input,
        workspaceId,
        serial,
        status: item.status,
        files,
        taggedAt: now,
        updatedAt: now,
        searchText: searchTextOf({ ...item.input, serial }),
      });
      await claimFiles(ctx, assetId, files);
      await ctx.db.insert("assetOwners", { assetId, workspaceId, from: now });
      for (const e of item.events) await ctx.db.insert("assetEvents", { assetId, workspaceId, actorId, type: e.type, summary: e.summary, changes: e.changes, at: now, imported: true });
      const was = keep ? "" : ` (its serial ${item.serial} was taken, so it has a new one)`;
      await recordEvent(ctx, { assetId, workspaceId, actorId, type: "imported", summary: `Imported from a workspace export with serial ${serial}${was}; first tagged ${new Date(item.taggedAt).toISOString().slice(0, 10)}`, at: now });
      await ctx.db.insert("workspacePortItems", { portId, assetId, keptSerial: keep ? serial : undefined });
    }
    await ctx.db.patch("workspacePorts", portId, { done: port.done + items.length });
    return renumbered;
  },
});

export const importReady = internalMutation({
  args: { portId: v.id("workspacePorts"), report: importReportValidator },
  returns: v.null(),
  handler: async (ctx, { portId, report }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || port.status !== "running") return null;
    for (const part of port.parts) await ctx.storage.delete(part);
    await ctx.db.patch("workspacePorts", portId, { status: "ready", parts: [], report, done: port.total });
    return null;
  },
});

/** Undoes what an import wrote, a batch at a time, then refunds its charge and says why it failed. */
export const rollback = internalMutation({
  args: { portId: v.id("workspacePorts"), message: v.string() },
  returns: v.null(),
  handler: async (ctx, { portId, message }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port === null || (port.status !== "running" && port.status !== "undoing")) return null;
    // Stops the import's action at its next batch; the undo below then owns the job.
    if (port.status === "running") await ctx.db.patch("workspacePorts", portId, { status: "undoing" });
    const rows = await ctx.db.query("workspacePortItems").withIndex("by_portId", (q) => q.eq("portId", portId)).take(IMPORT_WRITE_BATCH);
    for (const row of rows) {
      const asset = await ctx.db.get("assets", row.assetId);
      if (asset !== null) await deleteAsset(ctx, asset, port.userId);
      // A serial this import kept goes back to never-issued: importing the ZIP again keeps it.
      const reserved = row.keptSerial === undefined ? null : await ctx.db.query("serials").withIndex("by_serial", (q) => q.eq("serial", row.keptSerial!)).first();
      if (reserved !== null) await ctx.db.delete("serials", reserved._id);
      await ctx.db.delete("workspacePortItems", row._id);
    }
    if (rows.length === IMPORT_WRITE_BATCH) {
      await ctx.scheduler.runAfter(0, internal.workspacePorts.rollback, { portId, message });
      return null;
    }
    if (port.paid !== undefined) {
      await earn(ctx, { ...port.paid.by, actorId: port.userId, amount: port.paid.amount, source: "refund", description: "Refund: workspace import failed and undone" });
    }
    for (const part of port.parts) await ctx.storage.delete(part);
    await ctx.db.patch("workspacePorts", portId, { status: "failed", parts: [], message, paid: undefined, done: 0 });
    return null;
  },
});

export const watchdog = internalMutation({
  args: { portId: v.id("workspacePorts") },
  returns: v.null(),
  handler: async (ctx, { portId }) => {
    const port = await ctx.db.get("workspacePorts", portId);
    if (port?.status === "running") await ctx.scheduler.runAfter(0, internal.workspacePorts.rollback, { portId, message: PORT_MESSAGES.failed });
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

async function loadPart(ctx: ActionCtx, id: Id<"_storage">): Promise<Uint8Array> {
  const blob = await ctx.storage.get(id);
  if (blob === null) throw new ImportRefused(PORT_MESSAGES.noParts);
  if (blob.size > MAX_IMPORT_PART_BYTES) throw new ImportRefused(PORT_MESSAGES.partTooLarge);
  return new Uint8Array(await blob.arrayBuffer());
}

const ASSETS_JSON = /^(workspaces\/[^/]+)\/assets\.json$/;

/** Every entry's part, and the workspace folder's item tables, checked. */
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
    const wanted = entries.filter((e) => /^workspaces\/[^/]+\/(assets|assetEvents)\.json$/.test(e.name));
    jsonBytes += wanted.reduce((sum, e) => sum + e.originalSize, 0);
    if (jsonBytes > MAX_IMPORT_JSON_BYTES) throw new ImportRefused(PORT_MESSAGES.jsonTooLarge);
    Object.assign(tables, readEntries(bytes, new Set(wanted.map((e) => e.name))));
  }
  const bases = [...where.keys()].flatMap((name) => ASSETS_JSON.exec(name)?.[1] ?? []);
  if (bases.length === 0) throw new ImportRefused(PORT_MESSAGES.noWorkspace);
  if (bases.length > 1) throw new ImportRefused(PORT_MESSAGES.severalWorkspaces);
  const base = bases[0];
  return { where, base, assets: parseTable("assets", tables[`${base}/assets.json`]), events: parseTable("assetEvents", tables[`${base}/assetEvents.json`]) };
}

/** Reads one batch's files from the parts that hold them, checks their real type and size, and stores them. */
async function storeFiles(ctx: ActionCtx, batch: ImportItem[], base: string, where: Map<string, number>, load: (part: number) => Promise<Uint8Array>) {
  const byPart = new Map<number, Set<string>>();
  for (const item of batch) for (const f of item.files) {
    const part = where.get(`${base}/${f.path}`);
    if (part === undefined) throw new ImportRefused(PORT_MESSAGES.missingFile(f.path));
    byPart.set(part, (byPart.get(part) ?? new Set()).add(`${base}/${f.path}`));
  }
  const stored = new Map<string, { storageId: Id<"_storage">; contentType: string; size: number }>();
  try {
    for (const part of [...byPart.keys()].sort((a, b) => a - b)) {
      const files = readEntries(await load(part), byPart.get(part)!);
      for (const item of batch) for (const f of item.files) {
        const data = files[`${base}/${f.path}`];
        if (data === undefined) continue;
        const type = sniff(data);
        const problem = data.length === 0 ? "it is empty" : fileError(f.kind, type, data.length);
        if (problem !== null) throw new ImportRefused(PORT_MESSAGES.badFile(f.path, problem));
        stored.set(f.path, { storageId: await ctx.storage.store(new Blob([data as Uint8Array<ArrayBuffer>], { type })), contentType: type, size: data.length });
      }
    }
  } catch (error) {
    for (const file of stored.values()) await ctx.storage.delete(file.storageId);
    throw error;
  }
  return stored;
}

function refusal(error: unknown): string {
  if (error instanceof ImportRefused) return error.message;
  if (error instanceof ConvexError && typeof (error.data as { message?: unknown })?.message === "string") return (error.data as { message: string }).message;
  return PORT_MESSAGES.failed;
}

export const runImport = internalAction({
  args: { portId: v.id("workspacePorts") },
  returns: v.null(),
  handler: async (ctx, { portId }) => {
    try {
      const subject = await ctx.runQuery(internal.workspacePorts.importSubject, { portId });
      if (subject === null) return null;
      const { where, base, assets, events } = await readTables(ctx, subject.parts);
      const items = planItems(assets, events, Date.now());
      const wrongKind = items.find((item) => !mayHoldKind(subject.workspaceKind as Doc<"workspaces">["kind"], item.input.kind));
      if (wrongKind !== undefined) throw new ImportRefused(PORT_MESSAGES.wrongKind(wrongKind.input.kind));
      for (const item of items) for (const f of item.files) if (!where.has(`${base}/${f.path}`)) throw new ImportRefused(PORT_MESSAGES.missingFile(f.path));
      const taken = new Set<string>();
      for (let i = 0; i < items.length; i += 500) {
        for (const s of await ctx.runQuery(internal.workspacePorts.takenSerials, { serials: items.slice(i, i + 500).map((item) => item.serial) })) taken.add(s);
      }
      // Everything is checked: from here the import writes, and undoes it all should a batch fail.
      await ctx.runMutation(internal.workspacePorts.chargeImport, { portId, items: items.length });
      let loaded: { part: number; bytes: Uint8Array } | null = null;
      const load = async (part: number) => {
        if (loaded?.part !== part) loaded = { part, bytes: await loadPart(ctx, subject.parts[part]) };
        return loaded.bytes;
      };
      const renumbered: { from: string; to: string }[] = [];
      let renumberedCount = 0;
      let fileCount = 0;
      for (let i = 0; i < items.length; i += IMPORT_WRITE_BATCH) {
        const batch = items.slice(i, i + IMPORT_WRITE_BATCH);
        const stored = await storeFiles(ctx, batch, base, where, load);
        const rows = batch.map((item) => ({
          serial: item.serial,
          keep: !taken.has(item.serial),
          input: item.input,
          status: item.status,
          taggedAt: item.taggedAt,
          files: item.files.map((f) => ({ ...stored.get(f.path)!, kind: f.kind, name: f.name })),
          events: item.events,
        }));
        let pairs: { from: string; to: string }[];
        try {
          pairs = await ctx.runMutation(internal.workspacePorts.writeBatch, { portId, items: rows });
        } catch (error) {
          for (const file of stored.values()) await ctx.storage.delete(file.storageId);
          throw error;
        }
        fileCount += stored.size;
        renumberedCount += pairs.length;
        renumbered.push(...pairs.slice(0, REPORT_RENUMBERED - renumbered.length));
      }
      await ctx.runMutation(internal.workspacePorts.importReady, {
        portId,
        report: { items: items.length, files: fileCount, kept: items.length - renumberedCount, renumbered: renumberedCount, renumberedList: renumbered },
      });
    } catch (error) {
      await ctx.runMutation(internal.workspacePorts.rollback, { portId, message: refusal(error) });
      if (!(error instanceof ImportRefused) && !(error instanceof ConvexError)) throw error;
    }
    return null;
  },
});
