// The item's category's custom fields in the tag/edit form, one control per field by its type.
import { customValueError, fieldCurrency, type FieldDefinition } from "../../../convex/lib/customFields/rules";
import { Input, Select } from "../../ui";
import { MoneyInput } from "../../lib/MoneyInput";
import { useCategoryFields } from "../../lib/useCategoryFields";
import { customKey } from "./customForm";
import type { FieldsProps } from "./KindFields";

const INPUT_TYPES = { date: "date", url: "url" } as const;

function CustomControl({ def, form, errors, set }: FieldsProps & { def: FieldDefinition }) {
  const key = customKey(def._id);
  const value = form[key] ?? "";
  const error = errors[key];
  const onChange = (e: { target: { value: string } }) => set({ [key]: e.target.value });
  if (def.type === "checkbox") {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200 sm:mt-7">
          <input type="checkbox" checked={value === "true"} onChange={(e) => set({ [key]: e.target.checked ? "true" : "" })} className="h-4 w-4" />
          {def.label}
        </label>
        {error && <p className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      </div>
    );
  }
  const common = { label: def.label, value, error, required: customValueError(def, undefined, 0) !== undefined, onChange };
  if (def.type === "select") {
    return (
      <Select {...common}>
        <option value="">{def.required ? "Choose…" : "—"}</option>
        {(def.options ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
      </Select>
    );
  }
  if (def.type === "money") return <MoneyInput {...common} onChange={(text) => set({ [key]: text })} currency={fieldCurrency(def)} fixed />;
  return (
    <Input
      {...common}
      type={def.type === "date" || def.type === "url" ? INPUT_TYPES[def.type] : "text"}
      inputMode={def.type === "number" ? "decimal" : undefined}
    />
  );
}

/** The custom fields of the category typed above, once it has any. */
export function CustomFields(props: FieldsProps) {
  const fields = useCategoryFields(props.form.category);
  if (fields === undefined || fields.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{props.form.category.trim()} fields</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((def) => <CustomControl key={def._id} def={def} {...props} />)}
      </div>
    </fieldset>
  );
}
