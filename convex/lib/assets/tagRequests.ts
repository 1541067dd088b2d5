// One tag per submission: the tag form sends a key it drew when it was filled in (an
// idempotency key). A second request with the same key in the same workspace within the
// window (a double submit, a retry after a dropped connection, two tabs) is answered with the
// first one's result and charged nothing; the first request's mutation wrote the key, so the
// two can never both commit. Keys are forgotten after the window (convex/crons.ts).
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../errors";

export const TAG_REPLAY_WINDOW_MS = 10 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
// Expired keys deleted per cron run; more wait for the next run.
const FORGET_BATCH = 500;

/** The optional key a tag or a sticker claim carries. */
export const requestKeyArgs = { requestKey: v.optional(v.string()) };

type Tagged = { assetId: Id<"assets">; serial: string };
type Scope = { workspaceId: Id<"workspaces">; key: string | undefined };

/** The result of an earlier request with this key, or null when this one is the first. */
export async function earlierTag(ctx: MutationCtx, { workspaceId, key }: Scope): Promise<Tagged | null> {
  if (key === undefined) return null;
  if (!KEY.test(key)) throw appError("INVALID", "Invalid request key");
  const earlier = await ctx.db
    .query("tagRequests")
    .withIndex("by_workspaceId_and_key", (q) => q.eq("workspaceId", workspaceId).eq("key", key))
    .first();
  if (earlier === null || Date.now() - earlier.at > TAG_REPLAY_WINDOW_MS) return null;
  return { assetId: earlier.assetId, serial: earlier.serial };
}

/** Keeps this request's result under its key, in the same transaction as the tag. */
export async function rememberTag(ctx: MutationCtx, { workspaceId, key }: Scope, tagged: Tagged) {
  if (key === undefined) return;
  await ctx.db.insert("tagRequests", { workspaceId, key, ...tagged, at: Date.now() });
}

/** Deletes one batch of keys older than the window; true when more may be left. */
export async function forgetOldTagRequests(ctx: MutationCtx): Promise<boolean> {
  const old = await ctx.db
    .query("tagRequests")
    .withIndex("by_at", (q) => q.lt("at", Date.now() - TAG_REPLAY_WINDOW_MS))
    .take(FORGET_BATCH);
  for (const row of old) await ctx.db.delete("tagRequests", row._id);
  return old.length === FORGET_BATCH;
}
