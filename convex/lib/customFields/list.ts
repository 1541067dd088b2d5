// A list (My Assets, the business inventory, their "select all" and export) sorted or filtered
// by a custom field: the field's value rows read in index order, joined to their items. One
// field at a time, as one index range serves one field: a filter by a field lists in its order.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { assetSummaryValidator, toSummary } from "../assets/read";
import { appError } from "../errors";
import { categoryKey, CUSTOM_FIELD_LIMITS, foldText } from "./rules";
import { valueRows } from "./stream";
import { customValuesValidator } from "./tables";

const orderValidator = v.union(v.literal("asc"), v.literal("desc"));
const boundValidator = v.union(v.string(), v.number());

/**
 * A list's custom-field view: the field it is ordered by, and at most one of its filters:
 * `value` (a choice, a ticked box, a number), `from`/`to` (numbers, amounts in minor units,
 * dates as YYYY-MM-DD; both ends included) or `prefix` (text and links starting with it).
 */
export const fieldViewValidator = v.object({
  fieldId: v.string(),
  order: orderValidator,
  value: v.optional(v.union(v.string(), v.number(), v.boolean())),
  from: v.optional(boundValidator),
  to: v.optional(boundValidator),
  prefix: v.optional(v.string()),
});
export type FieldView = Infer<typeof fieldViewValidator>;

/** A row of My Assets: the summary and the item's custom values (the columns a member picks). */
export const listRowValidator = v.object({ ...assetSummaryValidator.fields, custom: customValuesValidator });

export async function toListRow(ctx: QueryCtx, asset: Doc<"assets">): Promise<Infer<typeof listRowValidator>> {
  return { ...(await toSummary(ctx, asset)), custom: asset.custom ?? {} };
}

/** Rows one page may read past items the list's other filters (or a change of category) leave out. */
const MAX_ROWS_READ = 2_000;
// Above every character: the end of the range of text starting with a prefix.
const TEXT_END = "\u{10FFFF}";
const empty = <T>(): PaginationResult<T> => ({ page: [], isDone: true, continueCursor: "" });

function checkView(view: FieldView, label: string) {
  const texts = [view.value, view.from, view.to, view.prefix].filter((x): x is string => typeof x === "string");
  if (texts.some((x) => x.length > CUSTOM_FIELD_LIMITS.text)) throw appError("INVALID", `${label} must be at most ${CUSTOM_FIELD_LIMITS.text} characters`);
}

type Range = { eq(f: string, x: unknown): Range; gte(f: string, x: unknown): Range; lte(f: string, x: unknown): Range; lt(f: string, x: unknown): Range };

const hasPrefix = (view: FieldView): view is FieldView & { prefix: string } => view.prefix !== undefined && view.prefix !== "";

/** The index range of the field's rows that the view's filter selects ("starts with": on the folded text, any case). */
function valueRange(fieldId: string, view: FieldView) {
  return (q: Range) => {
    const field = q.eq("fieldId", fieldId);
    if (view.value !== undefined) return field.eq("value", view.value);
    if (hasPrefix(view)) {
      const prefix = foldText(view.prefix);
      return field.gte("folded", prefix).lt("folded", prefix + TEXT_END);
    }
    const low = view.from === undefined ? field : field.gte("value", view.from);
    return view.to === undefined ? low : low.lte("value", view.to);
  };
}

/**
 * One page of the workspace's items in the view's field's category that hold a value in it
 * (and pass `keep`: the list's other filters), in value order. The range holds exactly the
 * field's values, so a page is full unless `keep` drops most of what it reads.
 */
export async function fieldPage(
  ctx: QueryCtx,
  workspaceId: Id<"workspaces">,
  view: FieldView,
  keep: (asset: Doc<"assets">) => boolean,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<Doc<"assets">>> {
  const id = ctx.db.normalizeId("customFields", view.fieldId);
  const field = id === null ? null : await ctx.db.get("customFields", id);
  if (field === null || field.workspaceId !== workspaceId || field.removed) return empty();
  checkView(view, field.label);
  const rows = valueRows(ctx.db)
    .withIndex(hasPrefix(view) ? "by_fieldId_and_folded" : "by_fieldId_and_value", valueRange(field._id, view) as never)
    .order(view.order)
    .map(async (row) => await ctx.db.get("assets", row.assetId))
    .filterWith(async (asset) => asset !== null && asset.workspaceId === workspaceId && categoryKey(asset.category ?? "") === field.categoryKey && keep(asset));
  const page = await rows.paginate({ cursor: paginationOpts.cursor, numItems: paginationOpts.numItems, maximumRowsRead: MAX_ROWS_READ });
  return { ...page, page: page.page.filter((a): a is Doc<"assets"> => a !== null) };
}
