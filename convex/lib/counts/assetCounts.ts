// Exact asset counts, kept in @convex-dev/sharded-counter (mounted as `assetCounts`).
// Every number shown about assets is a count by a fixed key (an owner's kind and
// status; all assets; public assets), so counters are enough, and unlike a B-tree
// aggregate a counter takes a whole batch of writes as one addition: the triggers put
// each write's +1/-1 in the mutation's tally (./tally.ts), which adds them up once when
// the mutation ends. A 500-row CSV import batch is then two counter writes, not 1,000
// B-tree inserts.
import { ShardedCounter } from "@convex-dev/sharded-counter";
import { components } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ASSET_KINDS, ASSET_STATUSES, type AssetKind, type AssetStatus } from "../assets/tables";

/** Every asset, and every public asset: written by everyone, so spread over shards. */
export const ALL_ASSETS = "assets:all";
export const PUBLIC_ASSETS = "assets:public";
const GLOBAL_SHARDS = 16;

/** One workspace's assets of one kind and status (read together, written by its members: one shard). */
export const ownedKey = (workspaceId: Id<"workspaces">, kind: AssetKind, status: AssetStatus) => `workspace:${workspaceId}:${kind}:${status}`;
/** Before workspaces, a user's; the migration's moves empty these (counts:backfill resets them too). */
export const legacyOwnedKey = (ownerId: Id<"users">, kind: AssetKind, status: AssetStatus) => `owner:${ownerId}:${kind}:${status}`;

/**
 * A new client per use: the library remembers the shard it last wrote per key for the
 * life of the object, which, module-wide, would send every write of a long-lived
 * runtime to one shard of the global counters.
 */
export const assetCounter = () =>
  new ShardedCounter<string>(components.assetCounts, {
    defaultShards: 1,
    shards: { [ALL_ASSETS]: GLOBAL_SHARDS, [PUBLIC_ASSETS]: GLOBAL_SHARDS },
  });

/** The counter keys an asset adds 1 to. */
export function assetCountKeys(asset: Doc<"assets">): string[] {
  const keys = [ALL_ASSETS];
  if (asset.workspaceId !== undefined) keys.push(ownedKey(asset.workspaceId, asset.kind, asset.status));
  else if (asset.ownerId !== undefined) keys.push(legacyOwnedKey(asset.ownerId, asset.kind, asset.status));
  if (asset.visibility === "public") keys.push(PUBLIC_ASSETS);
  return keys;
}

/** How many of the workspace's assets match a kind and/or status (either may be left open). */
export async function countOwned(ctx: QueryCtx | MutationCtx, workspaceId: Id<"workspaces">, filter: { kind?: AssetKind; status?: AssetStatus } = {}) {
  const counts = await countOwnedByPair(ctx, workspaceId, filter);
  return counts.reduce((sum, c) => sum + c.count, 0);
}

/** The workspace's count for every (kind, status) pair the filter keeps: one one-document read each (16 at most). */
export async function countOwnedByPair(ctx: QueryCtx | MutationCtx, workspaceId: Id<"workspaces">, filter: { kind?: AssetKind; status?: AssetStatus } = {}) {
  const counter = assetCounter();
  const kinds = filter.kind === undefined ? ASSET_KINDS : [filter.kind];
  const statuses = filter.status === undefined ? ASSET_STATUSES : [filter.status];
  const pairs = kinds.flatMap((kind) => statuses.map((status) => ({ kind, status })));
  const counts = await Promise.all(pairs.map(({ kind, status }) => counter.count(ctx, ownedKey(workspaceId, kind, status))));
  return pairs.map((pair, i) => ({ ...pair, count: counts[i] }));
}

export const countAllAssets = (ctx: QueryCtx | MutationCtx) => assetCounter().count(ctx, ALL_ASSETS);
export const countPublicAssets = (ctx: QueryCtx | MutationCtx) => assetCounter().count(ctx, PUBLIC_ASSETS);
