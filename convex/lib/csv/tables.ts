// Field shapes of the import tables (csv/schema.ts).
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { assetDetailsValidator, visibilityValidator } from "../assets/tables";
import { customValuesValidator } from "../customFields/tables";
import { walletHolderValidator } from "../wallet/tables";
import { DUPLICATE_CHOICES } from "./plan";

const IMPORT_STATUSES = ["running", "rolling_back", "done", "failed", "cancelled"] as const;
export const importStatusValidator = literals(...IMPORT_STATUSES);
export type ImportStatus = Infer<typeof importStatusValidator>;
export const onDuplicateValidator = literals(...DUPLICATE_CHOICES);

export const importJobFields = {
  // The business workspace imported into, and the member who started it.
  // Optional only until the migration has run; it moves `ownerId` to both.
  workspaceId: v.optional(v.id("workspaces")),
  startedBy: v.optional(v.id("users")),
  ownerId: v.optional(v.id("users")),
  // The wallet charged when the job began, so a refund goes back to it; older jobs were
  // paid by `startedBy`.
  paidBy: v.optional(walletHolderValidator),
  status: importStatusValidator,
  fileName: v.string(),
  onDuplicate: onDuplicateValidator,
  /** Rows the job writes (creates + updates), and how many of each. */
  total: v.number(),
  creates: v.number(),
  updates: v.number(),
  /** Rows left out as duplicates (shown, never charged). */
  skipped: v.number(),
  /** TMT charged when the job began (importCost(creates)). */
  cost: v.number(),
  batches: v.number(),
  /** The workpool's ids of the batches, to cancel those not yet run. */
  workIds: v.array(v.string()),
  /** Once finished: items created and kept, and the TMT refunded by a rollback. */
  kept: v.optional(v.number()),
  refunded: v.optional(v.number()),
  error: v.optional(v.string()),
  createdAt: v.number(),
  finishedAt: v.optional(v.number()),
};

/** An item's fields before an import updated it, so a rollback can put them back. */
export const assetBeforeValidator = v.object({
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  details: assetDetailsValidator,
  custom: v.optional(customValuesValidator),
  searchText: v.string(),
});

/** One row of a file as `start` planned it: an item to create, or the held item (same SKU) to overwrite. */
const importInputValidator = v.object({
  kind: v.literal("business"),
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  visibility: visibilityValidator,
  details: assetDetailsValidator,
  custom: v.optional(customValuesValidator),
});
export const importEntryValidator = v.union(
  v.object({ op: v.literal("create"), input: importInputValidator }),
  v.object({ op: v.literal("update"), assetId: v.id("assets"), input: importInputValidator }),
);
