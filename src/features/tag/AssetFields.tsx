import { useId } from "react";
import { Input, Textarea } from "../../ui";
import { CustomFields } from "./CustomFields";
import { KindFields, type FieldsProps } from "./KindFields";

const CATEGORIES = ["Electronics", "Jewellery", "Bicycles", "Vehicles", "Art", "Collectibles", "Furniture", "Tools", "Documents", "Other"];

/** Name, category, description, the kind's own fields and visibility. */
export function AssetFields(props: FieldsProps) {
  const { form, errors, set } = props;
  const listId = useId();
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Name" required maxLength={120} value={form.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
        <Input label="Category" list={listId} value={form.category} error={errors.category} onChange={(e) => set({ category: e.target.value })} />
        <datalist id={listId}>{CATEGORIES.map((c) => <option key={c} value={c} />)}</datalist>
      </div>
      <Textarea label="Description" value={form.description} error={errors.description} onChange={(e) => set({ description: e.target.value })} />
      <KindFields {...props} />
      <CustomFields {...props} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Visibility</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(["public", "private"] as const).map((v) => (
            <label key={v} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950">
              <input type="radio" name="visibility" value={v} checked={form.visibility === v} onChange={() => set({ visibility: v })} className="mt-1" />
              <span>
                <span className="block text-sm font-semibold">{v === "public" ? "Public" : "Private"}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {v === "public" ? "Listed in public assets; the verify page shows its details." : "Only you see the details; the verify page confirms the serial and status."}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
