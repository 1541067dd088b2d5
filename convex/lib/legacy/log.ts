// The owner's legacy log: every step of next of kin and release, readable on /nok.
import type { Doc, Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import type { LegacyEventType } from "./rules";

export async function logLegacy(
  ctx: MutationCtx,
  ownerId: Id<"users">,
  type: LegacyEventType,
  summary: string,
  at = Date.now(),
) {
  await ctx.db.insert("legacyEvents", { ownerId, type, summary: summary.slice(0, 300), at });
}

export function siteUrl(path: string): string {
  return `${env.SITE_URL ?? ""}${path}`;
}

export async function contactsOf(ctx: QueryCtx, ownerId: Id<"users">): Promise<Doc<"nokContacts">[]> {
  // At most NOK_LIMITS.contacts per owner; take() keeps the read bounded regardless.
  return await ctx.db
    .query("nokContacts")
    .withIndex("by_ownerId_and_createdAt", (q) => q.eq("ownerId", ownerId))
    .take(100);
}
