// Audits' writes: the expected list written in batches, a scan ticking its item (once, however
// many auditors scan it), and finishing's follow-ups (mark missing items lost, move the moved
// and unexpected ones in) in bounded batches. The public functions are in convex/audits.ts.
import type { OrderedQuery } from "convex/server";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ASSET_KINDS } from "../assets/tables";
import { changeStatus } from "../assets/changes";
import { displayName } from "../assets/read";
import { openLoan } from "../custody/store";
import { hasPlace, locationText } from "../locations/paths";
import { PATH_SEPARATOR } from "../locations/rules";
import { kitOf, moveItem } from "../locations/store";
import { PREPARE_BATCH, prefixEnd, RESOLVE_BATCH, withinPath } from "./rules";
import type { AuditAction, AuditItemState, AuditView, ScanResult } from "./tables";

/** An index range of the scope, in name order. */
type Source = () => OrderedQuery<DataModel["assets"]>;

/**
 * The index ranges holding an audit's scope, read one after another: the workspace by name; a
 * location's own items and every nested one (their location text starts with its path); a
 * category in each kind of item.
 */
function scopeSources(ctx: Pick<QueryCtx, "db">, audit: Doc<"audits">): Source[] {
  const workspaceId = audit.workspaceId;
  const { scope } = audit;
  if (scope.kind === "workspace") {
    return [() => ctx.db.query("assets").withIndex("by_workspaceId_and_name", (q) => q.eq("workspaceId", workspaceId))];
  }
  if (scope.kind === "location") {
    // From the path itself to just past "path / …": a sibling such as "Shop (old)" sorts in
    // between and is left out by withinPath.
    const end = prefixEnd(`${scope.path}${PATH_SEPARATOR}`);
    return [
      () =>
        ctx.db
          .query("assets")
          .withIndex("by_workspaceId_and_location_and_name", (q) => q.eq("workspaceId", workspaceId).gte("details.location", scope.path).lt("details.location", end)),
    ];
  }
  return ASSET_KINDS.map(
    (kind): Source =>
      () =>
        ctx.db
          .query("assets")
          .withIndex("by_workspaceId_and_kind_and_category_and_name", (q) => q.eq("workspaceId", workspaceId).eq("kind", kind).eq("category", scope.category)),
  );
}

function inScope(audit: Doc<"audits">, asset: Doc<"assets">): boolean {
  return audit.scope.kind !== "location" || withinPath(audit.scope.path, locationText(asset));
}

async function itemRow(ctx: Pick<QueryCtx, "db">, auditId: Id<"audits">, assetId: Id<"assets">) {
  return await ctx.db.query("auditItems").withIndex("by_auditId_and_assetId", (q) => q.eq("auditId", auditId).eq("assetId", assetId)).unique();
}

/**
 * Writes one batch of the expected list: the active items of the scope, each once; an item
 * out on loan is counted apart (it is with its borrower). The audit opens with the last
 * batch. Returns whether more is left.
 */
export async function prepareBatch(ctx: MutationCtx, auditId: Id<"audits">): Promise<boolean> {
  const audit = await ctx.db.get("audits", auditId);
  if (audit === null || audit.status !== "preparing" || audit.prepare === undefined) return false;
  const sources = scopeSources(ctx, audit);
  const { source, cursor } = audit.prepare;
  let expected = 0;
  let onLoan = 0;
  let next = { source: source + 1, cursor: null as string | null };
  if (source < sources.length) {
    // One paginated read per transaction (Convex's rule); the ranges after it are peeked at.
    const page = await sources[source]().paginate({ cursor, numItems: PREPARE_BATCH });
    for (const asset of page.page) {
      if (asset.status !== "active" || !inScope(audit, asset)) continue;
      // An item renamed while the list is written may come round again in the name order.
      if ((await itemRow(ctx, auditId, asset._id)) !== null) continue;
      if ((await openLoan(ctx, asset._id)) !== null) {
        onLoan += 1;
        continue;
      }
      await ctx.db.insert("auditItems", {
        auditId,
        workspaceId: audit.workspaceId,
        assetId: asset._id,
        serial: asset.serial,
        name: asset.name,
        expected: true,
        registeredAt: locationText(asset),
        state: "pending",
      });
      expected += 1;
    }
    if (!page.isDone) next = { source, cursor: page.continueCursor };
  }
  // Empty ranges are skipped here, so a category held by one kind of item opens at once.
  while (next.source < sources.length && next.cursor === null && (await sources[next.source]().first()) === null) next.source += 1;
  const complete = next.source >= sources.length;
  await ctx.db.patch("audits", auditId, {
    expected: audit.expected + expected,
    onLoan: audit.onLoan + onLoan,
    ...(complete ? { status: "open" as const, openedAt: Date.now(), prepare: undefined } : { prepare: next }),
  });
  return !complete;
}

/**
 * Ticks `asset` in an open audit: an expected item becomes found; one not on the list is
 * added as moved (registered at another location than the audited one) or unexpected. A
 * second scan of the same item, by anyone, changes nothing and says who counted it.
 */
export async function recordScan(ctx: MutationCtx, audit: Doc<"audits">, asset: Doc<"assets">, userId: Id<"users">): Promise<ScanResult> {
  const row = await itemRow(ctx, audit._id, asset._id);
  const at = Date.now();
  if (row !== null) {
    if (row.state !== "pending") {
      const by = row.foundBy === undefined ? null : displayName(await ctx.db.get("users", row.foundBy));
      return { outcome: "already", state: row.state, name: row.name, serial: row.serial, registeredAt: row.registeredAt ?? null, by };
    }
    await ctx.db.patch("auditItems", row._id, { state: "found", foundAt: at, foundBy: userId });
    await ctx.db.patch("audits", audit._id, { found: audit.found + 1 });
    return { outcome: "found", state: "found", name: row.name, serial: row.serial, registeredAt: row.registeredAt ?? null, by: null };
  }
  const registeredAt = locationText(asset);
  const state: AuditItemState = audit.scope.kind === "location" && registeredAt !== undefined && !withinPath(audit.scope.path, registeredAt) ? "moved" : "unexpected";
  await ctx.db.insert("auditItems", {
    auditId: audit._id,
    workspaceId: audit.workspaceId,
    assetId: asset._id,
    serial: asset.serial,
    name: asset.name,
    expected: false,
    registeredAt,
    state,
    foundAt: at,
    foundBy: userId,
  });
  await ctx.db.patch("audits", audit._id, state === "moved" ? { moved: audit.moved + 1 } : { unexpected: audit.unexpected + 1 });
  return { outcome: state, state, name: asset.name, serial: asset.serial, registeredAt: registeredAt ?? null, by: null };
}

/** The rows each follow-up goes through, in turn. */
const ACTION_STATES: Record<AuditAction, AuditItemState[]> = { markLost: ["pending"], moveIn: ["moved", "unexpected"] };

/** Whether one item is changed by the follow-up (and changes it): false leaves it as it is. */
async function resolveOne(ctx: MutationCtx, action: AuditAction, asset: Doc<"assets">, by: Id<"users">, location: Doc<"locations"> | null) {
  if (action === "markLost") {
    // Only what is still active and not out on loan since the start is declared lost.
    if (asset.status !== "active" || (await openLoan(ctx, asset._id)) !== null) return false;
    await changeStatus(ctx, asset, "lost", by);
    return true;
  }
  // A kit's part moves with its kit; a kind without a place and an item already inside stay.
  if (location === null || !hasPlace(asset) || withinPath(location.path, locationText(asset)) || (await kitOf(ctx, asset._id)) !== null) return false;
  await moveItem(ctx, asset, location, by);
  return true;
}

/** One batch of a follow-up started by `resolve`; returns whether more is left. */
export async function resolveBatch(ctx: MutationCtx, auditId: Id<"audits">, action: AuditAction): Promise<boolean> {
  const audit = await ctx.db.get("audits", auditId);
  const outcome = audit?.[action];
  if (audit === null || outcome === undefined || outcome.done) return false;
  const states = ACTION_STATES[action];
  const location = audit.scope.kind === "location" ? await ctx.db.get("locations", audit.scope.locationId) : null;
  const place = location !== null && location.workspaceId === audit.workspaceId ? location : null;
  const state = states[outcome.phase];
  const page = await ctx.db
    .query("auditItems")
    .withIndex("by_auditId_and_state_and_name", (q) => q.eq("auditId", auditId).eq("state", state))
    .paginate({ cursor: outcome.cursor, numItems: RESOLVE_BATCH });
  let { changed, skipped } = outcome;
  for (const row of page.page) {
    const asset = await ctx.db.get("assets", row.assetId);
    const ours = asset !== null && asset.workspaceId === audit.workspaceId;
    if (row.resolved === undefined && ours && (await resolveOne(ctx, action, asset, outcome.by, place))) {
      await ctx.db.patch("auditItems", row._id, { resolved: action === "markLost" ? "markedLost" : "movedIn" });
      changed += 1;
    } else {
      skipped += 1;
    }
  }
  const phase = page.isDone ? outcome.phase + 1 : outcome.phase;
  const done = phase >= states.length;
  await ctx.db.patch("audits", auditId, { [action]: { ...outcome, changed, skipped, done, phase, cursor: page.isDone ? null : page.continueCursor } });
  return !done;
}

export async function toAuditView(ctx: Pick<QueryCtx, "db">, audit: Doc<"audits">): Promise<AuditView> {
  const outcome = (o: Doc<"audits">["markLost"]) => (o === undefined ? null : { changed: o.changed, skipped: o.skipped, done: o.done });
  return {
    _id: audit._id,
    name: audit.name,
    scope: audit.scope,
    status: audit.status,
    startedAt: audit.startedAt,
    startedBy: displayName(await ctx.db.get("users", audit.startedBy)),
    endedAt: audit.endedAt ?? null,
    expected: audit.expected,
    found: audit.found,
    moved: audit.moved,
    unexpected: audit.unexpected,
    onLoan: audit.onLoan,
    markLost: outcome(audit.markLost),
    moveIn: outcome(audit.moveIn),
  };
}

/** A page's rows as the lists and the report show them, each scanner's name read once. */
export async function toItemViews(ctx: Pick<QueryCtx, "db">, rows: Doc<"auditItems">[]) {
  const names = new Map<Id<"users">, string>();
  const nameOf = async (id: Id<"users">) => {
    const known = names.get(id);
    if (known !== undefined) return known;
    const name = displayName(await ctx.db.get("users", id));
    names.set(id, name);
    return name;
  };
  const views = [];
  for (const r of rows) {
    views.push({
      _id: r._id,
      assetId: r.assetId,
      serial: r.serial,
      name: r.name,
      state: r.state,
      registeredAt: r.registeredAt ?? null,
      foundAt: r.foundAt ?? null,
      foundBy: r.foundBy === undefined ? null : await nameOf(r.foundBy),
      resolved: r.resolved ?? null,
    });
  }
  return views;
}
