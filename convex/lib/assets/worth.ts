// What a workspace's items are worth, per currency, for the dashboard: the business stock's
// exact totals (stockGroups) and the purchase values of its other items. A household's
// register is read whole; past WORTH_READ items (the newest are read) the figure says it is partial, and the
// insurance report (lib/reports) totals every item in pages.
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { stockTotals } from "../inventory/stockGroups";
import { addByCurrency, asMoney, totalsList, type Money } from "../money/currency";
import { WORTH_READ } from "../constants";

export async function workspaceWorth(ctx: QueryCtx, workspaceId: Id<"workspaces">): Promise<{ values: Money[]; complete: boolean }> {
  const items = await ctx.db
    .query("assets")
    .withIndex("by_workspaceId_and_kind_and_taggedAt", (q) => q.eq("workspaceId", workspaceId).eq("kind", "general"))
    .order("desc")
    .take(WORTH_READ + 1);
  let totals: Record<string, number> = {};
  for (const item of items.slice(0, WORTH_READ)) {
    if (item.details.kind === "general") totals = addByCurrency(totals, asMoney(item.details.purchaseValue));
  }
  for (const stock of (await stockTotals(ctx, workspaceId, {})).values) totals = addByCurrency(totals, stock);
  return { values: totalsList(totals), complete: items.length <= WORTH_READ };
}
