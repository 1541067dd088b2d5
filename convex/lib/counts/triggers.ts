// Registers every count's trigger on lib/writes.ts's `triggers`, so each insert,
// patch and delete made through the app's mutation builders keeps the counts exact.
// The idempotent form (replaceOrInsert / deleteIfExists) is used so a document that
// predates its aggregate (before the backfill reaches it) never makes a write fail.
import type { Triggers } from "convex-helpers/server/triggers";
import type { DataModel } from "../../_generated/dataModel";
import { followAsset } from "../inventory/stockGroups";
import {
  articlesByState,
  assetsByOwner,
  assetsByVisibility,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
  verifications,
} from "./aggregates";

export function registerCountTriggers(triggers: Triggers<DataModel>): void {
  triggers.register("assets", assetsByOwner.idempotentTrigger());
  triggers.register("assets", assetsByVisibility.idempotentTrigger());
  triggers.register("assets", followAsset);
  triggers.register("users", usersByEmail.idempotentTrigger());
  triggers.register("verifyAlerts", verifications.idempotentTrigger());
  triggers.register("articles", articlesByState.idempotentTrigger());
  triggers.register("bugReports", bugReportsByStatus.idempotentTrigger());
  triggers.register("businessRequests", businessRequestsByStatus.idempotentTrigger());
}
