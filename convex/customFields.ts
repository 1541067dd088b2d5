// A workspace's custom fields per category: members read the definitions (the forms and lists
// need them); owners and admins define, change and remove them; editors fill the values in
// (assets.tag / assets.update, the CSV import). Removing a field keeps its values (restorable);
// a type, currency or choice that items still hold cannot change under them.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { internalQuery, type MutationCtx, type QueryCtx } from "./_generated/server";
import { internal } from "./_generated/api";
import { inWorkspace, workspaceMutation, workspaceQuery } from "./lib/access";
import { internalMutation } from "./lib/writes";
import { searchTextOf } from "./lib/assets/rules";
import { currentDetails } from "./lib/assets/read";
import { assetKindValidator, assetStatusValidator } from "./lib/assets/tables";
import { matchesKindAndStatus } from "./lib/assets/bulk";
import { appError } from "./lib/errors";
import { oneLineError } from "./lib/oneLine";
import { ASSET_LIMITS } from "./lib/assets/fields";
import { DEFAULT_CURRENCY } from "./lib/money/currency";
import { categoryKey, checkDefinition, CUSTOM_FIELD_LIMITS, CUSTOM_FIELD_MESSAGES } from "./lib/customFields/rules";
import { categoryDefinitions, customSearchWords, workspaceDefinitions } from "./lib/customFields/store";
import { definitionInputValidator, definitionViewValidator } from "./lib/customFields/tables";
import { fieldPage, fieldViewValidator, listRowValidator, toListRow } from "./lib/customFields/list";

const view = (d: Doc<"customFields">) => ({
  _id: d._id,
  category: d.category,
  label: d.label,
  type: d.type,
  options: d.options ?? [],
  currency: d.currency ?? null,
  required: d.required,
  showOnVerify: d.showOnVerify,
  showOnLabel: d.showOnLabel ?? false,
  position: d.position,
  removed: d.removed,
});

async function workspaceField(ctx: QueryCtx, fieldId: Id<"customFields">, workspaceId: Id<"workspaces">) {
  return inWorkspace(await ctx.db.get("customFields", fieldId), workspaceId, CUSTOM_FIELD_MESSAGES.notFound);
}

/** Whether any item holds a value in the field (`value`: that value). One index row read. */
async function holdsValue(ctx: QueryCtx, fieldId: Id<"customFields">, value?: string): Promise<boolean> {
  const row = await ctx.db
    .query("customFieldValues")
    .withIndex("by_fieldId_and_value", (q) => (value === undefined ? q.eq("fieldId", fieldId) : q.eq("fieldId", fieldId).eq("value", value)))
    .first();
  return row !== null;
}

/** Items' search text follows what /verify may show: a field switched on or off, removed or restored re-indexes its items. */
async function reindexLater(ctx: MutationCtx, fieldId: Id<"customFields">) {
  await ctx.scheduler.runAfter(0, internal.customFields.reindex, { fieldId, cursor: null });
}

/** The category's live fields with `label`, other than `except`. */
function labelTaken(fields: Doc<"customFields">[], label: string, except?: Id<"customFields">): boolean {
  return fields.some((f) => f._id !== except && f.label.toLowerCase() === label.toLowerCase());
}

/** Every definition of the workspace, removed ones included (the editor; forms take their category's live ones). */
export const list = workspaceQuery({
  absent: [],
  args: {},
  returns: v.array(v.object({ ...definitionViewValidator.fields, removed: v.boolean() })),
  handler: async (ctx) => (await workspaceDefinitions(ctx, ctx.workspace._id)).map(view),
});

export const create = workspaceMutation({
  can: "manageFields",
  args: { category: v.string(), ...definitionInputValidator },
  returns: v.id("customFields"),
  handler: async (ctx, { workspaceId: _workspaceId, category: rawCategory, ...input }) => {
    const category = rawCategory.trim();
    if (category === "") throw appError("INVALID", CUSTOM_FIELD_MESSAGES.categoryRequired);
    if (category.length > ASSET_LIMITS.category) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.categoryTooLong);
    const control = oneLineError("Category", category);
    if (control !== undefined) throw appError("INVALID", control);
    const checked = checkDefinition(input, ctx.workspace.currency ?? DEFAULT_CURRENCY);
    if (!checked.ok) throw appError("INVALID", checked.message);
    const all = await workspaceDefinitions(ctx, ctx.workspace._id);
    if (all.length >= CUSTOM_FIELD_LIMITS.perWorkspace) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.tooManyInWorkspace);
    const inCategory = all.filter((d) => !d.removed && d.categoryKey === categoryKey(category));
    if (inCategory.length >= CUSTOM_FIELD_LIMITS.perCategory) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.tooManyInCategory);
    if (labelTaken(inCategory, checked.value.label)) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.labelTaken);
    return await ctx.db.insert("customFields", {
      workspaceId: ctx.workspace._id,
      category: inCategory[0]?.category ?? category,
      categoryKey: categoryKey(category),
      ...checked.value,
      position: Math.max(0, ...all.map((d) => d.position)) + 1,
      removed: false,
    });
  },
});

/**
 * Renames a field or changes its settings. Its type and currency stay while any item holds a
 * value in it, and a choice stays while an item holds it: values are never converted or dropped.
 */
export const update = workspaceMutation({
  can: "manageFields",
  args: { fieldId: v.id("customFields"), ...definitionInputValidator },
  returns: v.null(),
  handler: async (ctx, { workspaceId: _workspaceId, fieldId, ...input }) => {
    const field = await workspaceField(ctx, fieldId, ctx.workspace._id);
    const checked = checkDefinition(input, field.currency ?? ctx.workspace.currency ?? DEFAULT_CURRENCY);
    if (!checked.ok) throw appError("INVALID", checked.message);
    const next = checked.value;
    const siblings = await categoryDefinitions(ctx, ctx.workspace._id, field.category);
    if (labelTaken(siblings, next.label, fieldId)) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.labelTaken);
    if ((next.type !== field.type || next.currency !== field.currency) && (await holdsValue(ctx, fieldId))) {
      throw appError("INVALID", CUSTOM_FIELD_MESSAGES.typeInUse);
    }
    for (const option of field.options ?? []) {
      if (!(next.options ?? []).includes(option) && (await holdsValue(ctx, fieldId, option))) {
        throw appError("INVALID", CUSTOM_FIELD_MESSAGES.optionInUse(option));
      }
    }
    await ctx.db.patch("customFields", fieldId, { ...next, options: next.options, currency: next.currency });
    if (next.showOnVerify !== field.showOnVerify) await reindexLater(ctx, fieldId);
    return null;
  },
});

/** Takes a field off the category's forms, lists and /verify; items keep their values, and restoring brings them back. */
export const remove = workspaceMutation({
  can: "manageFields",
  args: { fieldId: v.id("customFields") },
  returns: v.null(),
  handler: async (ctx, { fieldId }) => {
    const field = await workspaceField(ctx, fieldId, ctx.workspace._id);
    await ctx.db.patch("customFields", fieldId, { removed: true });
    if (field.showOnVerify) await reindexLater(ctx, fieldId);
    return null;
  },
});

export const restore = workspaceMutation({
  can: "manageFields",
  args: { fieldId: v.id("customFields") },
  returns: v.null(),
  handler: async (ctx, { fieldId }) => {
    const field = await workspaceField(ctx, fieldId, ctx.workspace._id);
    if (!field.removed) return null;
    const siblings = await categoryDefinitions(ctx, ctx.workspace._id, field.category);
    if (siblings.length >= CUSTOM_FIELD_LIMITS.perCategory) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.tooManyInCategory);
    if (labelTaken(siblings, field.label)) throw appError("INVALID", CUSTOM_FIELD_MESSAGES.labelTaken);
    await ctx.db.patch("customFields", fieldId, { removed: false });
    if (field.showOnVerify) await reindexLater(ctx, fieldId);
    return null;
  },
});

/**
 * My Assets ordered (and filtered) by a custom field: the items of the field's category that
 * hold a value in it, in value order, narrowed by the list's kind and status; an index read of
 * the field's value rows (lib/customFields/list.ts), so a page costs its own rows whatever the
 * workspace's size. Items with no value in the field are not listed: the list says so.
 */
export const itemsByValue = workspaceQuery({
  args: {
    ...fieldViewValidator.fields,
    kind: v.optional(assetKindValidator),
    status: v.optional(assetStatusValidator),
    paginationOpts: paginationOptsValidator,
  },
  returns: paginationResultValidator(listRowValidator),
  handler: async (ctx, { workspaceId: _workspaceId, paginationOpts, kind, status, ...view }) => {
    const page = await fieldPage(ctx, ctx.workspace._id, view, (asset) => matchesKindAndStatus(asset, { kind, status }), paginationOpts);
    return { ...page, page: await Promise.all(page.page.map((a) => toListRow(ctx, a))) };
  },
});

const REINDEX_BATCH = 100;

/** Recomputes the search text of the items holding a value in the field, a batch at a time. */
export const reindex = internalMutation({
  args: { fieldId: v.id("customFields"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { fieldId, cursor }) => {
    const rows = await ctx.db
      .query("customFieldValues")
      .withIndex("by_fieldId_and_value", (q) => q.eq("fieldId", fieldId))
      .paginate({ cursor, numItems: REINDEX_BATCH });
    for (const row of rows.page) {
      const asset = await ctx.db.get("assets", row.assetId);
      if (asset === null || asset.workspaceId === undefined) continue;
      const searchText = searchTextOf({ ...asset, details: currentDetails(asset.details) }, await customSearchWords(ctx, asset.workspaceId, asset));
      if (searchText !== asset.searchText) await ctx.db.patch("assets", asset._id, { searchText });
    }
    if (!rows.isDone) await ctx.scheduler.runAfter(0, internal.customFields.reindex, { fieldId, cursor: rows.continueCursor });
    return null;
  },
});

/** The workspace's live fields with their categories, for the CSV import's check on the server. */
export const importDefinitions = internalQuery({
  args: { workspaceId: v.id("workspaces") },
  returns: v.array(v.object({ ...definitionViewValidator.fields, removed: v.boolean() })),
  handler: async (ctx, { workspaceId }) => (await workspaceDefinitions(ctx, workspaceId)).filter((d) => !d.removed).map(view),
});
