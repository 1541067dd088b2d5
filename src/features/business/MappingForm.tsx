import { FIELD_LABELS, IMPORT_FIELDS, REQUIRED_FIELDS, type ImportField, type Mapping } from "../../../convex/lib/csv/import";
import type { CustomMapping } from "../../../convex/lib/customFields/csv";
import { Select } from "../../ui";

const NONE = "";

type CustomColumns = { columns: readonly string[]; mapping: CustomMapping; onChange: (next: CustomMapping) => void };

/** One select per import field: which of the file's columns fills it; then one per custom field name (each row fills its category's field). */
export function MappingForm({ header, mapping, onChange, custom }: { header: string[]; mapping: Mapping; onChange: (next: Mapping) => void; custom?: CustomColumns }) {
  const setCustom = (label: string, value: string) => {
    if (custom === undefined) return;
    const { [label]: _old, ...rest } = custom.mapping;
    custom.onChange(value === NONE ? rest : { ...rest, [label]: Number(value) });
  };
  const columns = header.map((h, i) => <option key={i} value={String(i)}>{h.trim() || `Column ${i + 1}`}</option>);
  const set = (field: ImportField, value: string) => {
    const next = { ...mapping };
    if (value === NONE) delete next[field];
    else next[field] = Number(value);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Match your columns</legend>
      {IMPORT_FIELDS.map((field) => {
        const required = REQUIRED_FIELDS.includes(field);
        return (
          <Select
            key={field}
            compact
            label={`${FIELD_LABELS[field]}${required ? " *" : ""}`}
            value={mapping[field] === undefined ? NONE : String(mapping[field])}
            onChange={(e) => set(field, e.target.value)}
          >
            <option value={NONE}>{required ? "Choose a column" : "Not imported"}</option>
            {header.map((h, i) => (
              <option key={i} value={String(i)}>{h.trim() || `Column ${i + 1}`}</option>
            ))}
          </Select>
        );
      })}
      {custom?.columns.map((label) => (
        <Select key={`custom:${label}`} compact label={label} value={custom.mapping[label] === undefined ? NONE : String(custom.mapping[label])}
          onChange={(e) => setCustom(label, e.target.value)}>
          <option value={NONE}>Not imported</option>
          {columns}
        </Select>
      ))}
    </fieldset>
  );
}
