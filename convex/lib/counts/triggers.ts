// Registers every count's trigger on lib/writes.ts's `triggers`, so each insert,
// patch and delete made through the app's mutation builders keeps the counts exact.
// Aggregates use their idempotent form (replaceOrInsert / deleteIfExists) so a document
// that predates its aggregate (before the backfill reaches it) never makes a write fail;
// assets only add to the mutation's tally (./tally.ts).
import type { Trigger, Triggers } from "convex-helpers/server/triggers";
import type { DataModel, Doc, TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { tallyAssetStock } from "../inventory/stockGroups";
import { assetCountKeys } from "./assetCounts";
import {
  articlesByState,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
  verifications,
} from "./aggregates";
import type { CountTally } from "./tally";

/** A mutation's context as triggers see it: with the tally its asset counts add up in. */
export type FollowCtx = MutationCtx & { counts: CountTally };
type Follower<T extends TableNames> = Trigger<FollowCtx, DataModel, T>;

/**
 * The aggregate's trigger, skipped for an update that leaves what the aggregate holds
 * (`position`: its sort key) as it was: most writes (a rename, a seen flag) then cost
 * no component call at all.
 */
function whenMoved<T extends TableNames>(trigger: Follower<T>, position: (doc: Doc<T>) => unknown): Follower<T> {
  return async (ctx, change) => {
    if (change.operation === "update" && JSON.stringify(position(change.oldDoc)) === JSON.stringify(position(change.newDoc))) return;
    await trigger(ctx, change);
  };
}

/** Asset counts and stock groups: the write's -1 for the old document and +1 for the new, tallied. */
const followAsset: Follower<"assets"> = async (ctx, change) => {
  for (const key of change.oldDoc === null ? [] : assetCountKeys(change.oldDoc)) ctx.counts.count(key, -1);
  for (const key of change.newDoc === null ? [] : assetCountKeys(change.newDoc)) ctx.counts.count(key, 1);
  tallyAssetStock(ctx.counts, change);
};

export function registerCountTriggers(triggers: Triggers<DataModel, FollowCtx>): void {
  triggers.register("assets", followAsset);
  triggers.register("users", whenMoved<"users">(usersByEmail.idempotentTrigger(), (u) => u.email ?? ""));
  // Marking alerts seen patches them; only inserts and deletes move this count.
  triggers.register("verifyAlerts", whenMoved<"verifyAlerts">(verifications.idempotentTrigger(), () => null));
  triggers.register("articles", whenMoved<"articles">(articlesByState.idempotentTrigger(), (a) => a.isPublished));
  triggers.register("bugReports", whenMoved<"bugReports">(bugReportsByStatus.idempotentTrigger(), (r) => r.status));
  triggers.register("businessRequests", whenMoved<"businessRequests">(businessRequestsByStatus.idempotentTrigger(), (r) => r.status));
}
