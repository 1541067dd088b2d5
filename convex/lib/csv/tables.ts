// Field shapes of the import tables (csv/schema.ts).
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { assetDetailsValidator } from "../assets/tables";
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
  /** While it runs: the file of its planned rows (a JSON array of batches), which its runner applies. */
  plan: v.optional(v.id("_storage")),
  /** The workpool's id of its runner (of each batch, for older jobs), to cancel it if not yet run. */
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
