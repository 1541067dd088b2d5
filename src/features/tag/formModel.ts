// The tag/edit form's state (what people type, as text, one entry per field of the kind's
// table) and its conversion to the server's input, with the same checks the server runs.
import { COMMON_FIELDS } from "../../../convex/lib/assets/fields";
import { formText, parseText } from "../../../convex/lib/assets/fieldValues";
import { assetErrors, cleanAsset, defaultVisibility, fieldsOf, type AssetInput, type FieldErrors } from "../../../convex/lib/assets/rules";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import type { AssetKind, Visibility } from "../../../convex/lib/assets/tables";
import type { FieldDefinition } from "../../../convex/lib/customFields/rules";
import { customFormValues, customInput } from "./customForm";

/** The kind, visibility, and every field's text by its key. */
export type FormState = { kind: AssetKind; visibility: Visibility; name: string; description: string; category: string; [key: string]: string };

export function emptyForm(kind: AssetKind): FormState {
  const form: FormState = { kind, name: "", description: "", category: "", visibility: defaultVisibility(kind) };
  for (const spec of fieldsOf(kind)) form[spec.key] = formText(spec, undefined);
  return form;
}

/**
 * The server input of a form, and every field error the server would raise. `customFields`: the
 * category's custom fields (left out while they load: an edit then keeps the values as they are).
 */
export function toInput(form: FormState, customFields?: readonly FieldDefinition[]): { input: AssetInput; errors: FieldErrors } {
  const parseErrors: FieldErrors = {};
  const details: Record<string, unknown> = { kind: form.kind };
  for (const spec of fieldsOf(form.kind)) {
    const parsed = parseText(spec, form[spec.key] ?? "");
    if ("error" in parsed) parseErrors[spec.key] = parsed.error;
    else details[spec.key] = parsed.value;
  }
  const input = cleanAsset({
    kind: form.kind,
    name: form.name,
    description: form.description,
    category: form.category,
    visibility: form.visibility,
    details: details as AssetInput["details"],
  });
  if (customFields === undefined) return { input, errors: { ...assetErrors(input), ...parseErrors } };
  const custom = customInput(form, customFields);
  return { input: { ...input, custom: custom.custom }, errors: { ...assetErrors(input), ...parseErrors, ...custom.errors } };
}

/** The values the form edits, as an asset's page or a refused save (AssetEditable) has them. */
type EditableValues = Pick<AssetDetail, "kind" | "name" | "description" | "category" | "visibility" | "details" | "custom">;

/** The form pre-filled from an asset (edit). */
export function fromAsset(asset: EditableValues): FormState {
  const form = emptyForm(asset.kind);
  for (const spec of COMMON_FIELDS) form[spec.key] = formText(spec, asset[spec.key]);
  form.visibility = asset.visibility;
  const details = asset.details as Readonly<Record<string, unknown>>;
  for (const spec of fieldsOf(asset.kind)) form[spec.key] = formText(spec, details[spec.key]);
  return { ...form, ...customFormValues(asset.custom) };
}
