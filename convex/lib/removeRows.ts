// Deleting a batch a caller has already read (erasure steps): how many went, so the step
// knows whether to run again.
import type { Doc, Id, TableNames } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** Deletes `rows` of `table`; returns how many it removed. */
export async function removeRows<T extends TableNames>(ctx: MutationCtx, table: T, rows: Doc<T>[]): Promise<number> {
  for (const row of rows) await ctx.db.delete(table, row._id as Id<T>);
  return rows.length;
}
