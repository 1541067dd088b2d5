// The workspace's custom fields per category, for its owners and admins: add, change, remove
// (values are kept) and restore. The same checks as the server's run before sending.
import { useMutation, useQuery } from "convex/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { checkDefinition, CUSTOM_FIELD_MESSAGES, CUSTOM_FIELD_TYPE_LABELS, fieldCurrency } from "../../../convex/lib/customFields/rules";
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from "../../../convex/lib/customFields/tables";
import { CurrencySelect } from "../../lib/CurrencySelect";
import { useSubmit } from "../../lib/useSubmit";
import { Badge, Button, cn, Form, Input, Select, Textarea } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";

type Definition = NonNullable<ReturnType<typeof useQuery<typeof api.customFields.list>>>[number];
type Draft = { category: string; label: string; type: CustomFieldType; options: string; currency: string; required: boolean; showOnVerify: boolean; showOnLabel: boolean };

/** A new field: a money field in the workspace's currency unless another is chosen. */
const emptyDraft = (currency: string): Draft => ({ category: "", label: "", type: "text", options: "", currency, required: false, showOnVerify: false, showOnLabel: false });

const draftOf = (d: Definition): Draft => ({
  category: d.category,
  label: d.label,
  type: d.type,
  options: d.options.join("\n"),
  currency: fieldCurrency(d),
  required: d.required,
  showOnVerify: d.showOnVerify,
  showOnLabel: d.showOnLabel,
});

function Check({ checked, onChange, children }: { checked: boolean; onChange: (next: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 h-4 w-4" />
      <span>{children}</span>
    </label>
  );
}

/** Adding a field (no `editing`) or changing one. */
function DefinitionForm({ ws, editing, categories, onDone }: { ws: CurrentWorkspace; editing: Definition | null; categories: string[]; onDone: () => void }) {
  const create = useMutation(api.customFields.create);
  const update = useMutation(api.customFields.update);
  const [draft, setDraft] = useState<Draft>(editing === null ? emptyDraft(ws.currency) : draftOf(editing));
  const { busy, error, setError, run } = useSubmit({ fallback: "The field was not saved" });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // "Change" on a field far up a long list: the form below takes the focus (and scrolls into view).
  const nameRef = useRef<HTMLInputElement>(null);
  const editingId = editing?._id;
  useEffect(() => {
    if (editingId !== undefined) nameRef.current?.focus();
  }, [editingId]);
  async function submit() {
    const input = {
      label: draft.label,
      type: draft.type,
      options: draft.type === "select" ? draft.options.split("\n") : undefined,
      currency: draft.type === "money" ? draft.currency : undefined,
      required: draft.type !== "checkbox" && draft.required,
      showOnVerify: draft.showOnVerify,
      showOnLabel: draft.showOnLabel,
    };
    const checked = checkDefinition(input, ws.currency);
    if (!checked.ok) return setError(checked.message);
    if (editing === null && draft.category.trim() === "") return setError(CUSTOM_FIELD_MESSAGES.categoryRequired);
    const saved = await run(() =>
      editing === null
        ? create({ workspaceId: ws._id, category: draft.category, ...input })
        : update({ workspaceId: ws._id, fieldId: editing._id, ...input }),
    );
    if (saved) {
      toast.success(editing === null ? `Added ${checked.value.label}` : `Saved ${checked.value.label}`);
      setDraft(editing === null ? { ...emptyDraft(ws.currency), category: draft.category } : draft);
      onDone();
    }
  }
  const listId = `custom-field-categories-${ws._id}`;
  return (
    <Form onSubmit={submit} aria-label={editing === null ? "Add a custom field" : `Change ${editing.label}`} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Input label="Category" required list={listId} value={draft.category} disabled={editing !== null} onChange={(e) => set({ category: e.target.value })}
          hint={editing === null ? "Items of this category get the field" : undefined} />
        <datalist id={listId}>{categories.map((c) => <option key={c} value={c} />)}</datalist>
        <Input ref={nameRef} label="Field name" required value={draft.label} onChange={(e) => set({ label: e.target.value })} autoComplete="off" />
        <Select label="Type" value={draft.type} onChange={(e) => set({ type: e.target.value as CustomFieldType })}>
          {CUSTOM_FIELD_TYPES.map((t) => <option key={t} value={t}>{CUSTOM_FIELD_TYPE_LABELS[t]}</option>)}
        </Select>
      </div>
      {draft.type === "select" && (
        <Textarea label="Choices" required rows={3} value={draft.options} onChange={(e) => set({ options: e.target.value })} hint="One per line" />
      )}
      {draft.type === "money" && (
        <CurrencySelect label="Currency" required value={draft.currency} onChange={(e) => set({ currency: e.target.value })}
          hint="Every value of the field is in this currency" containerClassName="sm:max-w-xs" />
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {draft.type !== "checkbox" && <Check checked={draft.required} onChange={(required) => set({ required })}>Required</Check>}
        <Check checked={draft.showOnVerify} onChange={(showOnVerify) => set({ showOnVerify })}>Show on the public verify page</Check>
        <Check checked={draft.showOnLabel} onChange={(showOnLabel) => set({ showOnLabel })}>Print on item labels</Check>
      </div>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" loading={busy}>{editing === null ? "Add field" : "Save field"}</Button>
        {editing !== null && <Button variant="outline" onClick={onDone}>Cancel</Button>}
      </div>
    </Form>
  );
}

const changeButtonId = (fieldId: string) => `change-field-${fieldId}`;

function DefinitionRow({ ws, def, onEdit }: { ws: CurrentWorkspace; def: Definition; onEdit: () => void }) {
  const remove = useMutation(api.customFields.remove);
  const restore = useMutation(api.customFields.restore);
  const { busy, run } = useSubmit({ fallback: "The field was not changed", show: "toast" });
  const toggle = (fieldId: Id<"customFields">) =>
    void run(async () => {
      if (def.removed) await restore({ workspaceId: ws._id, fieldId });
      else await remove({ workspaceId: ws._id, fieldId });
      toast.success(def.removed ? `Restored ${def.label}` : `Removed ${def.label}: items keep their values`);
    });
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <span className={cn("min-w-0 break-words", def.removed ? "text-slate-400 line-through" : "font-medium text-slate-900 dark:text-white")}>{def.label}</span>
      <Badge tone="slate">{CUSTOM_FIELD_TYPE_LABELS[def.type]}{def.currency ? ` (${def.currency})` : ""}</Badge>
      {def.required && <Badge tone="amber">Required</Badge>}
      {def.showOnVerify && <Badge tone="green">On verify page</Badge>}
      {def.showOnLabel && <Badge tone="slate">On labels</Badge>}
      <span className="ml-auto flex gap-2">
        {!def.removed && <Button id={changeButtonId(def._id)} size="sm" variant="outline" onClick={onEdit} aria-label={`Change ${def.label}`}>Change</Button>}
        <Button size="sm" variant="outline" loading={busy} onClick={() => toggle(def._id)} aria-label={`${def.removed ? "Restore" : "Remove"} ${def.label}`}>
          {def.removed ? "Restore" : "Remove"}
        </Button>
      </span>
    </li>
  );
}

/** Every category's fields, and the form to add one. */
export function CustomFieldsEditor({ ws }: { ws: CurrentWorkspace }) {
  const defs = useQuery(api.customFields.list, { workspaceId: ws._id });
  const [editing, setEditing] = useState<Id<"customFields"> | null>(null);
  if (defs === undefined) return <p className="text-sm text-slate-500">Loading custom fields…</p>;
  const categories = [...new Set(defs.map((d) => d.category))];
  const current = defs.find((d) => d._id === editing) ?? null;
  return (
    <div className="flex flex-col gap-5">
      {categories.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No custom fields yet.</p>
      ) : (
        categories.map((category) => (
          <section key={category} aria-label={category}>
            <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{category}</h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {defs.filter((d) => d.category === category).map((d) => (
                <DefinitionRow key={d._id} ws={ws} def={d} onEdit={() => setEditing(d._id)} />
              ))}
            </ul>
          </section>
        ))
      )}
      <DefinitionForm key={current?._id ?? "new"} ws={ws} editing={current} categories={categories} onDone={() => {
        setEditing(null);
        // Saved or cancelled: the focus goes back to the field's "Change" up the list.
        if (editing !== null) requestAnimationFrame(() => document.getElementById(changeButtonId(editing))?.focus());
      }} />
    </div>
  );
}
