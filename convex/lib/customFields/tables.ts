// Custom fields: the shapes of a workspace's field definitions and of the values items hold.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { moneyValidator } from "../money/currency";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "money", "select", "url", "checkbox"] as const;
const customFieldTypeValidator = literals(...CUSTOM_FIELD_TYPES);
export type CustomFieldType = Infer<typeof customFieldTypeValidator>;

/** One stored value: text, date, select and URL as text; number; checkbox; money (lib/money, the items' own amounts' shape). */
const customValueValidator = v.union(v.string(), v.number(), v.boolean(), moneyValidator);
export type CustomValue = Infer<typeof customValueValidator>;

/** An item's values, keyed by the definition's id (a rename touches no item). */
export const customValuesValidator = v.record(v.string(), customValueValidator);
export type CustomValues = Infer<typeof customValuesValidator>;

/** What an owner or admin types to define a field. */
export const definitionInputValidator = {
  label: v.string(),
  type: customFieldTypeValidator,
  options: v.optional(v.array(v.string())),
  currency: v.optional(v.string()),
  required: v.boolean(),
  showOnVerify: v.boolean(),
  // Printed as a line of the item's label ("Frame size: M"); absent on older definitions: not printed.
  showOnLabel: v.optional(v.boolean()),
};

export const customFieldFields = {
  workspaceId: v.id("workspaces"),
  // The category as its owner typed it, and its key (trimmed, lower case): "Bikes" and "bikes " are one category.
  category: v.string(),
  categoryKey: v.string(),
  // What the owner defined; a money field's `currency` is the one every value of the field is in.
  ...definitionInputValidator,
  // Order within the category's form.
  position: v.number(),
};

export const definitionViewValidator = v.object({
  _id: v.id("customFields"),
  category: v.string(),
  label: v.string(),
  type: customFieldTypeValidator,
  options: v.array(v.string()),
  currency: v.union(v.string(), v.null()),
  required: v.boolean(),
  showOnVerify: v.boolean(),
  showOnLabel: v.boolean(),
  position: v.number(),
});
