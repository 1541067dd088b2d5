// The legacy clock: warnings, lapse, confirmations and release. Every entry point
// takes `now` so tests (fake timers) and the E2E hook can move time.
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { contactsOf, logLegacy } from "./log";
import {
  CONFIRM_LINK_TTL_MS,
  GRANT_TTL_MS,
  deadlineOf,
  dueWarning,
  nextCheckAt,
  warningsCoveredBy,
} from "./rules";

type Settings = Doc<"legacySettings">;
const MAX_HOP_MS = 20 * 24 * 60 * 60 * 1000;

export async function getSettings(ctx: QueryCtx, ownerId: Id<"users">): Promise<Settings | null> {
  return await ctx.db.query("legacySettings").withIndex("by_ownerId", (q) => q.eq("ownerId", ownerId)).unique();
}

/** The owner's last sign of life: a sign-in (users.lastActiveAt) or a check-in. */
export function lastAliveAt(user: Doc<"users"> | null, s: Settings): number {
  return Math.max(user?.lastActiveAt ?? 0, s.lastCheckInAt);
}

async function dropJob(ctx: MutationCtx, s: Settings, keep?: Id<"_scheduled_functions">) {
  if (s.jobId === undefined || s.jobId === keep) return;
  const job = await ctx.db.system.get("_scheduled_functions", s.jobId);
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(s.jobId);
}

/** Looks at one plan at `now`: warns, lapses, or arms the next look. */
export async function runCheck(ctx: MutationCtx, ownerId: Id<"users">, now: number): Promise<void> {
  const s = await getSettings(ctx, ownerId);
  if (s === null) return;
  if (!s.enabled) return await dropJob(ctx, s);
  if (s.state !== "active") return;
  const user = await ctx.db.get("users", ownerId);
  const deadline = deadlineOf(lastAliveAt(user, s), s.periodMonths);
  if (now >= deadline) return await lapse(ctx, s, now);
  let sent = s.warnedDeadline === deadline ? s.warningsSent : [];
  const due = dueWarning(now, deadline, sent);
  if (due !== null) {
    sent = [...new Set([...sent, ...warningsCoveredBy(due)])];
    const when = due === 1 ? "in 1 day" : `in ${due} days`;
    await logLegacy(ctx, ownerId, "warning", `Warning: your will assets will be released ${when} unless you check in`, now);
    if (user?.email) {
      await ctx.scheduler.runAfter(0, internal.legacyLinks.sendWarning, { to: user.email, days: due, deadline });
    }
  }
  // Capped hop: JS timers (convex-test, fake timers) overflow past ~24.8 days; a hop just re-arms.
  const at = Math.min(nextCheckAt(now, deadline), now + MAX_HOP_MS);
  const current = s.jobId === undefined ? null : await ctx.db.system.get("_scheduled_functions", s.jobId);
  let jobId = s.jobId;
  if (current?.state.kind !== "pending" || current.scheduledTime !== at) {
    await dropJob(ctx, s);
    jobId = await ctx.scheduler.runAt(at, internal.legacy.check, { ownerId });
  }
  await ctx.db.patch("legacySettings", s._id, { warnedDeadline: deadline, warningsSent: sent, jobId });
}

async function lapse(ctx: MutationCtx, s: Settings, now: number) {
  await ctx.db.patch("legacySettings", s._id, { state: "lapsed", lapsedAt: now, jobId: undefined });
  await logLegacy(ctx, s.ownerId, "lapsed", `No sign of life for ${s.periodMonths} months: legacy release started`, now);
  const confirmed = (await contactsOf(ctx, s.ownerId)).filter((c) => c.status === "confirmed");
  if (confirmed.length === 0) {
    await logLegacy(ctx, s.ownerId, "lapsed", "No confirmed contacts to ask: nothing can be released", now);
    return;
  }
  const ids: Id<"legacyConfirmations">[] = [];
  for (const c of confirmed) {
    ids.push(
      await ctx.db.insert("legacyConfirmations", {
        ownerId: s.ownerId,
        contactId: c._id,
        lapsedAt: now,
        expiresAt: now + CONFIRM_LINK_TTL_MS,
      }),
    );
  }
  const need = Math.min(s.threshold, confirmed.length);
  await logLegacy(ctx, s.ownerId, "confirmation_requested", `Asked ${confirmed.length} contact(s) to confirm; ${need} must agree`, now);
  await ctx.scheduler.runAfter(0, internal.legacyLinks.sendConfirmationRequests, { ids, ownerId: s.ownerId });
}

export async function confirmationsOf(ctx: QueryCtx, s: Settings) {
  if (s.lapsedAt === undefined) return [];
  const lapsedAt = s.lapsedAt;
  return await ctx.db
    .query("legacyConfirmations")
    .withIndex("by_ownerId_and_lapsedAt", (q) => q.eq("ownerId", s.ownerId).eq("lapsedAt", lapsedAt))
    .take(100);
}

/** Releases once enough contacts agree: one signed link per beneficiary. */
export async function releaseIfEnough(ctx: MutationCtx, s: Settings, now: number): Promise<boolean> {
  const rows = await confirmationsOf(ctx, s);
  const agreed = rows.filter((r) => r.confirmedAt !== undefined).length;
  if (agreed < Math.min(s.threshold, rows.length)) return false;
  await ctx.db.patch("legacySettings", s._id, { state: "released", releasedAt: now });
  const ids: Id<"legacyGrants">[] = [];
  for (const c of await contactsOf(ctx, s.ownerId)) {
    const assigned = await ctx.db
      .query("beneficiaries")
      .withIndex("by_ownerId_and_contactId", (q) => q.eq("ownerId", s.ownerId).eq("contactId", c._id))
      .first();
    if (assigned === null) continue;
    ids.push(await ctx.db.insert("legacyGrants", { ownerId: s.ownerId, contactId: c._id, expiresAt: now + GRANT_TTL_MS, createdAt: now }));
  }
  await logLegacy(ctx, s.ownerId, "released", `${agreed} contact(s) confirmed: will assets released to ${ids.length} beneficiary(ies)`, now);
  if (ids.length > 0) await ctx.scheduler.runAfter(0, internal.legacyLinks.sendGrants, { ids });
  return true;
}

/**
 * The owner is alive: pending confirmation links die, released links are revoked at
 * once, and every contact who holds one is told it no longer works.
 */
export async function cancelRelease(ctx: MutationCtx, s: Settings, now: number, summary: string) {
  const told = new Set<Id<"nokContacts">>();
  for (const r of await confirmationsOf(ctx, s)) {
    if (r.expiresAt <= now) continue;
    await ctx.db.patch("legacyConfirmations", r._id, { expiresAt: now });
    told.add(r.contactId);
  }
  const grants = await ctx.db.query("legacyGrants").withIndex("by_ownerId", (q) => q.eq("ownerId", s.ownerId)).take(200);
  for (const g of grants) {
    if (g.revokedAt !== undefined) continue;
    await ctx.db.patch("legacyGrants", g._id, { revokedAt: now });
    if (g.expiresAt > now) told.add(g.contactId);
  }
  await ctx.db.patch("legacySettings", s._id, {
    state: "active",
    lapsedAt: undefined,
    releasedAt: undefined,
    warningsSent: [],
    warnedDeadline: undefined,
  });
  await logLegacy(ctx, s.ownerId, "cancelled", summary, now);
  if (told.size === 0) return;
  await logLegacy(ctx, s.ownerId, "cancelled", `${told.size} contact(s) told the release is cancelled: their links no longer work`, now);
  await ctx.scheduler.runAfter(0, internal.legacyLinks.sendCancellations, { ownerId: s.ownerId, contactIds: [...told] });
}
