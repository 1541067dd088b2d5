// Custom fields on the server: a workspace's definitions (one bounded read), an item's values
// checked against its category's fields before anything is written, their history lines and
// the ones /verify may show.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import type { AssetInput } from "../assets/rules";
import { labelLine } from "../assets/labels";
import type { AssetChange } from "../assets/tables";
import { categoryKey, cleanCustom, customDisplayText, customErrors, customSearchText, CUSTOM_FIELD_LIMITS, CUSTOM_FIELD_MESSAGES, sameValue, type FieldDefinition } from "./rules";
import type { CustomValue, CustomValues } from "./tables";
import { moneyChange } from "../assets/diff";
import { asMoney } from "../money/currency";
import type { VerifyFact } from "../verify/facts";

type Definition = Doc<"customFields">;
const PREVIEW = 80;

/** Every definition of the workspace, removed ones included (bounded by the workspace's cap). */
export async function workspaceDefinitions(ctx: QueryCtx, workspaceId: Id<"workspaces">): Promise<Definition[]> {
  const rows = await ctx.db
    .query("customFields")
    .withIndex("by_workspaceId_and_categoryKey", (q) => q.eq("workspaceId", workspaceId))
    .take(CUSTOM_FIELD_LIMITS.perWorkspace);
  return rows.sort((a, b) => a.position - b.position);
}

/** The category's fields in the form's order: those not removed. */
export async function categoryDefinitions(ctx: QueryCtx, workspaceId: Id<"workspaces">, category: string | undefined): Promise<Definition[]> {
  const key = categoryKey(category ?? "");
  if (key === "") return [];
  const rows = await ctx.db
    .query("customFields")
    .withIndex("by_workspaceId_and_categoryKey", (q) => q.eq("workspaceId", workspaceId).eq("categoryKey", key))
    .take(CUSTOM_FIELD_LIMITS.perWorkspace);
  return rows.filter((d) => !d.removed).sort((a, b) => a.position - b.position);
}

/** A stored definition as the pure rules take it. */
const asDefinition = (d: Definition): FieldDefinition => ({
  _id: d._id,
  label: d.label,
  type: d.type,
  options: d.options,
  currency: d.currency ?? null,
  required: d.required,
  showOnVerify: d.showOnVerify,
});

/**
 * The input with its custom values checked against the category's fields: values sent for the
 * category replace its old ones; values for another category's (or a removed) field that the
 * item already holds are kept, so changing a category or removing a field loses nothing.
 * `sent` undefined (a caller that edits no custom field): the item's values stay as they are.
 * Refuses with the first message, before anything is written.
 */
export async function withCustomValues(
  ctx: QueryCtx,
  workspaceId: Id<"workspaces">,
  input: AssetInput,
  sent: Readonly<Record<string, unknown>> | undefined,
  previous: CustomValues | undefined,
): Promise<AssetInput> {
  if (sent === undefined) return previous === undefined ? input : { ...input, custom: previous };
  const defs = (await categoryDefinitions(ctx, workspaceId, input.category)).map(asDefinition);
  const known = new Set(defs.map((d) => d._id));
  if (Object.entries(sent).some(([key, value]) => !known.has(key) && value !== undefined && !sameValue(previous?.[key], value as CustomValue))) {
    throw appError("INVALID", CUSTOM_FIELD_MESSAGES.notInCategory);
  }
  const values = cleanCustom(defs, sent);
  const first = Object.values(customErrors(defs, values))[0];
  if (first !== undefined) throw appError("INVALID", first);
  const kept = Object.fromEntries(Object.entries(previous ?? {}).filter(([key]) => !known.has(key)));
  const custom = { ...kept, ...values };
  return { ...input, custom: Object.keys(custom).length === 0 ? undefined : custom };
}

/** The words of an item's custom values its search text holds (those shown on /verify). */
export async function customSearchWords(ctx: QueryCtx, workspaceId: Id<"workspaces">, asset: Pick<AssetInput, "category" | "custom">): Promise<string> {
  if (asset.custom === undefined) return "";
  const defs = await categoryDefinitions(ctx, workspaceId, asset.category);
  return customSearchText(defs.map(asDefinition), asset.custom);
}

/** The history lines of an edit's custom values, labelled by their fields. */
export async function customChanges(ctx: QueryCtx, before: CustomValues | undefined, after: CustomValues | undefined): Promise<AssetChange[]> {
  const changes: AssetChange[] = [];
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const [from, to] = [before?.[key], after?.[key]];
    if (sameValue(from, to)) continue;
    const id = ctx.db.normalizeId("customFields", key);
    const found = id === null ? null : await ctx.db.get("customFields", id);
    const def: FieldDefinition = found === null ? { _id: key, label: "Removed field", type: "text", required: false, showOnVerify: false } : asDefinition(found);
    const text = (value: CustomValue | undefined) => {
      const shown = customDisplayText(def, value);
      return shown === null || shown.length <= PREVIEW ? shown : `${shown.slice(0, PREVIEW - 1)}…`;
    };
    changes.push({ field: def.label, from: text(from), to: text(to), ...(def.type === "money" ? moneyChange(from, to) : {}) });
  }
  return changes;
}

/**
 * The custom values /verify shows for a public item: only the fields of its category, in its
 * workspace, switched to "show on verify". Everything else never leaves the server.
 */
export async function customVerifyFacts(ctx: QueryCtx, asset: Doc<"assets">): Promise<VerifyFact[]> {
  if (asset.custom === undefined || asset.workspaceId === undefined) return [];
  const defs = await categoryDefinitions(ctx, asset.workspaceId, asset.category);
  return defs.flatMap((d) => {
    const value = asset.custom?.[d._id];
    const text = d.showOnVerify ? customDisplayText(asDefinition(d), value) : null;
    if (text === null) return [];
    // An amount also as itself, so the page shows it in the reader's locale.
    const money = d.type === "money" ? asMoney(value) : undefined;
    return [money === undefined ? { label: d.label, value: text } : { label: d.label, value: text, money }];
  });
}

/** Reads each category's live definitions once: a batch of labels names many items of few categories. */
export function definitionsByCategory(ctx: QueryCtx, workspaceId: Id<"workspaces">): (category: string | undefined) => Promise<Definition[]> {
  const read = new Map<string, Promise<Definition[]>>();
  return (category) => {
    const key = categoryKey(category ?? "");
    if (!read.has(key)) read.set(key, categoryDefinitions(ctx, workspaceId, category));
    return read.get(key)!;
  };
}

/** The label lines of an item's custom values: its category's fields switched to "show on label", in the form's order. */
export function customLabelLines(defs: readonly Definition[], custom: CustomValues | undefined, locale?: string): string[] {
  return defs.flatMap((d) => {
    const text = d.showOnLabel === true ? customDisplayText(asDefinition(d), custom?.[d._id], locale) : null;
    return text === null ? [] : [labelLine(d.label, text)];
  });
}
