// The lists' "Columns" dialog: custom fields to show as columns (grouped by category), and one
// field to order and filter the list by; plus the note above the list saying what it shows.
import { useState, type FormEvent } from "react";
import type { CustomFieldType } from "../../../convex/lib/customFields/tables";
import { Button, Input, Modal, Select } from "../../ui";
import { FILTER_KINDS, toFieldView, type FilterText, type LiveField, type Order } from "./fieldView";
import type { FieldColumns } from "./useFieldColumns";

const ORDER_LABELS: Record<CustomFieldType, [string, string]> = {
  number: ["Lowest first", "Highest first"],
  money: ["Lowest first", "Highest first"],
  date: ["Earliest first", "Latest first"],
  checkbox: ["Ticked", "Ticked"],
  text: ["A–Z", "Z–A"],
  url: ["A–Z", "Z–A"],
  select: ["A–Z", "Z–A"],
};

/** The fields by category, in the editor's order. */
function byCategory(fields: readonly LiveField[]): [string, LiveField[]][] {
  const groups = new Map<string, LiveField[]>();
  for (const f of fields) groups.set(f.category.toLowerCase(), [...(groups.get(f.category.toLowerCase()) ?? []), f]);
  return [...groups.values()].map((g) => [g[0].category, g]);
}

/** The filter's inputs for one field's type. */
function FilterInputs({ field, text, onChange, error }: { field: LiveField; text: FilterText; onChange: (t: FilterText) => void; error: string | null }) {
  switch (FILTER_KINDS[field.type]) {
    case "choice":
      return (
        <Select label={`${field.label} is`} value={text.is ?? ""} onChange={(e) => onChange({ is: e.target.value })}>
          <option value="">Any value</option>
          {(field.options ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
        </Select>
      );
    case "ticked":
      return (
        <Select label={`${field.label} is`} value={text.is ?? ""} onChange={(e) => onChange({ is: e.target.value })}>
          <option value="">Ticked (any item listed)</option>
          <option value="yes">Ticked only</option>
        </Select>
      );
    case "prefix":
      return <Input label={`${field.label} starts with`} value={text.starts ?? ""} maxLength={500} onChange={(e) => onChange({ starts: e.target.value })} error={error} hint="Letters as typed (capitals count)." />;
    case "range": {
      const type = field.type === "date" ? "date" : "text";
      const unit = field.type === "money" ? (field.currency ?? undefined) : undefined;
      return (
        <div className="grid grid-cols-2 gap-3">
          <Input label="From" type={type} inputMode={type === "text" ? "decimal" : undefined} unit={unit} value={text.from ?? ""} onChange={(e) => onChange({ ...text, from: e.target.value })} error={error} />
          <Input label="To" type={type} inputMode={type === "text" ? "decimal" : undefined} unit={unit} value={text.to ?? ""} onChange={(e) => onChange({ ...text, to: e.target.value })} />
        </div>
      );
    }
  }
}

function ViewForm({ columns, onDone }: { columns: FieldColumns; onDone: () => void }) {
  const { fields, active } = columns;
  const [fieldId, setFieldId] = useState(active?.field._id ?? "");
  const [order, setOrder] = useState<Order>(active?.order ?? "asc");
  const [text, setText] = useState<FilterText>(active?.text ?? {});
  const [error, setError] = useState<string | null>(null);
  const field = fields.find((f) => f._id === fieldId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (field === undefined) return;
    const parsed = toFieldView(field, order, text);
    if ("error" in parsed) return setError(parsed.error);
    columns.setView(field._id, order, text);
    onDone();
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Order and filter by a field">
      <Select label="Field" value={fieldId} onChange={(e) => { setFieldId(e.target.value); setOrder("asc"); setText({}); setError(null); }}>
        <option value="">Choose a field</option>
        {byCategory(fields).map(([category, group]) => (
          <optgroup key={category} label={category}>
            {group.map((f) => <option key={f._id} value={f._id}>{f.label}</option>)}
          </optgroup>
        ))}
      </Select>
      {field !== undefined && (
        <>
          {field.type !== "checkbox" && (
            <Select label="Order" value={order} onChange={(e) => setOrder(e.target.value as Order)}>
              <option value="asc">{ORDER_LABELS[field.type][0]}</option>
              <option value="desc">{ORDER_LABELS[field.type][1]}</option>
            </Select>
          )}
          <FilterInputs field={field} text={text} onChange={(t) => { setText(t); setError(null); }} error={error} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={field === undefined}>Apply</Button>
        {active !== null && <Button type="button" variant="outline" onClick={() => { columns.clearView(); onDone(); }}>Clear</Button>}
      </div>
    </form>
  );
}

/** "Columns": the dialog choosing custom-field columns and the field the list is ordered and filtered by. */
export function FieldColumnsControl({ columns }: { columns: FieldColumns }) {
  const [open, setOpen] = useState(false);
  if (columns.fields.length === 0) return null;
  const toggle = (id: string, on: boolean) => columns.setPicked(on ? [...columns.picked, id] : [...columns.picked].filter((p) => p !== id));
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {columns.picked.size > 0 ? `Columns (${columns.picked.size})` : "Columns"}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Columns" description="Show custom fields as columns, or list the items by one." footer={<Button onClick={() => setOpen(false)}>Done</Button>}>
        <div className="grid gap-6">
          <div className="grid gap-4">
            {byCategory(columns.fields).map(([category, group]) => (
              <fieldset key={category} className="min-w-0">
                <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{category}</legend>
                <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
                  {group.map((f) => (
                    <label key={f._id} className="flex min-w-0 items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
                      <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600" checked={columns.picked.has(f._id)} onChange={(e) => toggle(f._id, e.target.checked)} />
                      <span className="min-w-0 break-words">{f.label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <section className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">List by a field</h3>
            <ViewForm columns={columns} onDone={() => setOpen(false)} />
          </section>
        </div>
      </Modal>
    </>
  );
}

/** What the list shows while it is ordered or filtered by a field: only its category's items holding a value. */
export function FieldViewNote({ columns }: { columns: FieldColumns }) {
  const { active } = columns;
  if (active === null) return null;
  const { field } = active;
  const text = columns.searching
    ? `Search results are by relevance: the order ${active.filtered ? "and filter " : ""}by ${field.label} apply once the search is cleared.`
    : `${active.filtered ? "Filtered and ordered" : "Ordered"} by ${field.label}: items in ${field.category} with a value in it.`;
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      <span className="min-w-0 break-words">{active.error ?? text}</span>
      <Button variant="outline" size="sm" onClick={columns.clearView}>Show all items</Button>
    </div>
  );
}
