// The export chain (lib/ports/chain.ts) behind "Download my data" (dataExports) and a
// workspace's export (workspacePorts): each step is one action that writes one ZIP part (the
// account folder, a workspace's tables, or as many items' files and certificates as fit) and
// hands over to the next through `advance`, which saves where the chain stands, keeps the part
// and schedules the next step with its watchdog, all in one transaction.
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { env, internalAction, internalQuery, type MutationCtx, type QueryCtx } from "./_generated/server";
import { countOwned } from "./lib/counts/assetCounts";
import { PRODUCT_NAME } from "./lib/constants";
import { sendEmail, sendSms } from "./lib/outbound";
import { chainValidator, EXPORT_ITEMS_PAGE, exportStage, exportStages, firstChain, MAX_STEP_ATTEMPTS, STEP_BUDGET_MS, STEP_DEADLINE_MS, withoutHeld, type Chain } from "./lib/ports/chain";
import { PORT_MESSAGES } from "./lib/ports/rules";
import { withoutSecrets } from "./lib/privacy/exportPlan";
import { ACCOUNT_README, WORKSPACE_README, writeAccount, writeWorkspaceItems, writeWorkspaceTables } from "./lib/privacy/exportZip";
import { EXPORT_PART_BYTES, EXPORT_TTL_MS } from "./lib/privacy/rules";
import { ZipParts } from "./lib/privacy/zipParts";
import { internalMutation } from "./lib/writes";
import { strToU8 } from "fflate";

const targetValidator = v.union(v.object({ dataExport: v.id("dataExports") }), v.object({ workspacePort: v.id("workspacePorts") }));
type Target = Infer<typeof targetValidator>;
type Row = Doc<"dataExports"> | Doc<"workspacePorts">;

async function rowOf(ctx: Pick<QueryCtx, "db">, target: Target): Promise<Row | null> {
  return "dataExport" in target ? await ctx.db.get("dataExports", target.dataExport) : await ctx.db.get("workspacePorts", target.workspacePort);
}

/** The row's chain while it is being built ("building" for Download my data, "running" for a workspace's), else null. */
function liveChain(target: Target, row: Row | null): Chain | null {
  if (row === null || row.chain === undefined) return null;
  return row.status === ("dataExport" in target ? "building" : "running") ? row.chain : null;
}

const withAccount = (target: Target) => "dataExport" in target;

async function patchRow(ctx: MutationCtx, target: Target, fields: Partial<Doc<"dataExports">> & Partial<Doc<"workspacePorts">>) {
  if ("dataExport" in target) await ctx.db.patch("dataExports", target.dataExport, fields as Partial<Doc<"dataExports">>);
  else await ctx.db.patch("workspacePorts", target.workspacePort, fields as Partial<Doc<"workspacePorts">>);
}

/** Deletes the row's held parts that `which` picks (see heldFilesValidator) and takes them off its list. */
async function dropHeld(ctx: MutationCtx, target: Target, row: Row, which: (h: NonNullable<Row["held"]>[number]) => boolean) {
  const drop = (row.held ?? []).filter(which);
  for (const h of drop) await ctx.storage.delete(h.storageId);
  if (drop.length > 0) await patchRow(ctx, target, { held: withoutHeld(row.held, drop.map((h) => h.storageId)) });
}

/** A step overtaken while writing (retried, cancelled): it stops, its parts are dropped. */
class Overtaken extends Error {}

async function schedule(ctx: MutationCtx, target: Target, step: number) {
  await ctx.scheduler.runAfter(0, internal.exportChain.step, { target, step });
  await ctx.scheduler.runAfter(STEP_DEADLINE_MS, internal.exportChain.watchdog, { target, step });
}

/**
 * Starts an export's chain on its row (inserted by the caller as building/running): the
 * progress bar counts a unit per stage and one per item.
 */
export async function startExportChain(ctx: MutationCtx, target: Target, workspaces: Id<"workspaces">[]) {
  let items = 0;
  for (const ws of workspaces) items += await countOwned(ctx, ws);
  await patchRow(ctx, target, { chain: firstChain(workspaces), done: 0, total: exportStages(withAccount(target), workspaces.length) + items });
  await schedule(ctx, target, 0);
}

const workspaceView = v.object({ _id: v.id("workspaces"), name: v.string(), doc: v.any() });

/** What the steps write from: the chain, the user (Download my data) and the workspaces (null: gone since). */
export const state = internalQuery({
  args: { target: targetValidator },
  returns: v.union(v.null(), v.object({ chain: chainValidator, user: v.any(), workspaces: v.array(v.union(workspaceView, v.null())) })),
  handler: async (ctx, { target }) => {
    const row = await rowOf(ctx, target);
    const chain = liveChain(target, row);
    if (row === null || chain === null) return null;
    const user = withAccount(target) ? await ctx.db.get("users", row.userId) : null;
    const workspaces = [];
    for (const id of chain.workspaces) {
      const ws = await ctx.db.get("workspaces", id);
      workspaces.push(ws === null ? null : { _id: ws._id, name: ws.name, doc: withoutSecrets(ws) });
    }
    return { chain, user: user === null ? null : withoutSecrets(user), workspaces };
  },
});

/** A page of a workspace's items with what their files and certificates need. */
export const itemsPage = internalQuery({
  args: { workspaceId: v.id("workspaces"), cursor: v.union(v.string(), v.null()) },
  returns: v.object({ items: v.array(v.any()), cursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { workspaceId, cursor }) => {
    const page = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId))
      .paginate({ cursor, numItems: EXPORT_ITEMS_PAGE });
    const items = [];
    for (const a of page.page) {
      const owners = await ctx.db.query("assetOwners").withIndex("by_assetId", (q) => q.eq("assetId", a._id)).take(1000);
      items.push({ serial: a.serial, status: a.status, taggedAt: a.taggedAt, name: a.name, files: a.files, owners: owners.map((o) => ({ from: o.from, to: o.to })) });
    }
    return { items, cursor: page.continueCursor, isDone: page.isDone };
  },
});

/**
 * One step: from where the chain stands, stage after stage into the same ZIP part while it has
 * room and the step has time (a small export is one part), then hands over.
 */
export const step = internalAction({
  args: { target: targetValidator, step: v.number() },
  returns: v.null(),
  handler: async (ctx, { target, step }) => {
    const now = await ctx.runQuery(internal.exportChain.state, { target });
    if (now === null || now.chain.step !== step) return null;
    const { chain } = now;
    const parts: Id<"_storage">[] = [];
    const zip = new ZipParts(EXPORT_PART_BYTES, async (blob) => {
      const part = await ctx.storage.store(blob);
      // Noted on the row before anything else: a step that dies from here on leaves nothing behind.
      if (!(await ctx.runMutation(internal.exportChain.holdPart, { target, step, part }))) {
        await ctx.storage.delete(part);
        throw new Overtaken();
      }
      parts.push(part);
    });
    const stages = exportStages(withAccount(target), chain.workspaces.length);
    const until = Date.now() + STEP_BUDGET_MS;
    let at = { stage: chain.stage, cursor: chain.cursor, offset: chain.offset };
    let written = 0;
    try {
      // At least one stage (or one item) per step, then as many as fit in time.
      for (let first = true; at.stage < stages && (first || Date.now() < until); first = false) {
        const stage = exportStage(withAccount(target), at.stage);
        const workspace = stage.kind === "account" ? null : now.workspaces[stage.workspace];
        if (stage.kind === "account") {
          if (now.user === null) throw new Error("export of a deleted account");
          await zip.add("README.txt", strToU8(ACCOUNT_README));
          await writeAccount(ctx, zip, now.user);
        } else if (workspace !== null && stage.kind === "tables") {
          if (!withAccount(target)) await zip.add("README.txt", strToU8(WORKSPACE_README));
          await writeWorkspaceTables(ctx, zip, workspace);
        } else if (workspace !== null) {
          const wrote = async (items: number) => {
            written += items;
            await ctx.runMutation(internal.exportChain.progress, { target, step, done: chain.base + written });
          };
          const next = await writeWorkspaceItems(ctx, zip, workspace, { cursor: at.cursor, offset: at.offset }, until, wrote);
          // The part is full or the time is up: the next step goes on from here.
          if (next !== null) {
            at = { ...at, ...next };
            break;
          }
        }
        at = { stage: at.stage + 1, cursor: null, offset: 0 };
        written += 1;
      }
      if (zip.pending > 0) await zip.finish();
    } catch (error) {
      await ctx.runMutation(internal.exportChain.fail, { target, step, parts });
      if (error instanceof Overtaken) return null;
      throw error;
    }
    await ctx.runMutation(internal.exportChain.advance, { target, step, parts, at, written });
    return null;
  },
});

export const progress = internalMutation({
  args: { target: targetValidator, step: v.number(), done: v.number() },
  returns: v.null(),
  handler: async (ctx, { target, step, done }) => {
    if (liveChain(target, await rowOf(ctx, target))?.step === step) await patchRow(ctx, target, { done });
    return null;
  },
});

/** Notes a part the step just stored; false when the step is overtaken (it deletes the part itself). */
export const holdPart = internalMutation({
  args: { target: targetValidator, step: v.number(), part: v.id("_storage") },
  returns: v.boolean(),
  handler: async (ctx, { target, step, part }) => {
    const row = await rowOf(ctx, target);
    const chain = liveChain(target, row);
    if (row === null || chain === null || chain.step !== step) return false;
    await patchRow(ctx, target, { held: [...(row.held ?? []), { storageId: part, step, attempt: chain.attempts }] });
    return true;
  },
});

/** The step's part kept and the chain moved on, or, for a step overtaken (retried, cancelled), its part deleted. */
export const advance = internalMutation({
  args: {
    target: targetValidator,
    step: v.number(),
    parts: v.array(v.id("_storage")),
    at: v.object({ stage: v.number(), cursor: v.union(v.string(), v.null()), offset: v.number() }),
    written: v.number(),
  },
  returns: v.null(),
  handler: async (ctx, { target, step, parts, at, written }) => {
    const row = await rowOf(ctx, target);
    const chain = liveChain(target, row);
    const mine = new Set<string>(parts);
    if (row === null || chain === null || chain.step !== step) {
      if (row !== null) await dropHeld(ctx, target, row, (h) => mine.has(h.storageId));
      return null;
    }
    const all = [...(row.parts ?? []), ...parts];
    const held = withoutHeld(row.held, parts);
    const base = chain.base + written;
    if (at.stage >= exportStages(withAccount(target), chain.workspaces.length)) {
      await ready(ctx, target, row, all);
      return null;
    }
    await patchRow(ctx, target, {
      parts: all,
      held,
      done: base,
      chain: { ...chain, ...at, step: step + 1, base, attempts: 0 },
    });
    await schedule(ctx, target, step + 1);
    return null;
  },
});

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Every part written: the links work for EXPORT_TTL_MS; "Download my data" tells its user. */
async function ready(ctx: MutationCtx, target: Target, row: Row, parts: Id<"_storage">[]) {
  const expiresAt = Date.now() + EXPORT_TTL_MS;
  // Anything still held was stored by a step that did not hand over (overtaken, or dead).
  for (const h of withoutHeld(row.held, parts)) await ctx.storage.delete(h.storageId);
  await patchRow(ctx, target, { status: "ready", parts, expiresAt, done: row.total, chain: undefined, held: undefined });
  if (!("dataExport" in target)) {
    await ctx.scheduler.runAt(expiresAt, internal.workspacePorts.expire, { portId: target.workspacePort });
    return;
  }
  await ctx.scheduler.runAt(expiresAt, internal.dataExport.expire, { exportId: target.dataExport });
  const user = await ctx.db.get("users", row.userId);
  // The link leads to Settings, where the signed-in owner downloads it: the e-mail carries no file capability.
  const link = `${(env.SITE_URL ?? "").replace(/\/+$/, "")}/settings#your-data`;
  const body = `Your ${PRODUCT_NAME} data is ready. Download it from Settings until ${day(expiresAt)} (UTC): ${link}`;
  if (user?.email !== undefined) await sendEmail(ctx, { to: user.email, subject: `Your ${PRODUCT_NAME} data is ready`, body, link });
  else if (user?.phone !== undefined) await sendSms(ctx, { to: user.phone, body });
}

/** Ends an export that failed or was cancelled: whatever parts it wrote are deleted. */
export async function endExport(ctx: MutationCtx, target: Target, status: "failed" | "cancelled") {
  const row = await rowOf(ctx, target);
  if (row === null) return;
  for (const part of row.parts ?? []) await ctx.storage.delete(part);
  for (const h of row.held ?? []) await ctx.storage.delete(h.storageId);
  const message = "workspacePort" in target && status === "failed" ? PORT_MESSAGES.exportFailed : undefined;
  await patchRow(ctx, target, { status, parts: "dataExport" in target ? undefined : [], chain: undefined, held: undefined, ...(message === undefined ? {} : { message }) });
}

/** A step that threw: the export fails (its parts with it), or, when the step was overtaken, only the parts it stored go. */
export const fail = internalMutation({
  args: { target: targetValidator, step: v.number(), parts: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { target, step, parts }) => {
    const row = await rowOf(ctx, target);
    const mine = new Set<string>(parts);
    if (liveChain(target, row)?.step === step) await endExport(ctx, target, "failed");
    else if (row !== null) await dropHeld(ctx, target, row, (h) => mine.has(h.storageId));
    return null;
  },
});

/** A step that has not handed over by its deadline died: it runs again, or the export fails. */
export const watchdog = internalMutation({
  args: { target: targetValidator, step: v.number() },
  returns: v.null(),
  handler: async (ctx, { target, step }) => {
    const chain = liveChain(target, await rowOf(ctx, target));
    if (chain === null || chain.step !== step) return null;
    if (chain.attempts + 1 >= MAX_STEP_ATTEMPTS) {
      await endExport(ctx, target, "failed");
      return null;
    }
    // The dead step's parts: an action lives at most 10 minutes, so it stores no more.
    const row = (await rowOf(ctx, target))!;
    await dropHeld(ctx, target, row, (h) => h.step === step);
    await patchRow(ctx, target, { chain: { ...chain, attempts: chain.attempts + 1 } });
    await schedule(ctx, target, step);
    return null;
  },
});
