// The kind's own fields, one control per entry of its field table (convex/lib/assets/fields.ts).
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { FieldSpec } from "../../../convex/lib/assets/fields";
import { valueError } from "../../../convex/lib/assets/fieldValues";
import { applies, fieldsOf, type FieldErrors } from "../../../convex/lib/assets/rules";
import type { AssetKind } from "../../../convex/lib/assets/tables";
import { MoneyInput } from "../../lib/MoneyInput";
import { useWorkspaceCurrency } from "../../lib/useWorkspace";
import { cn, Input, Select, Textarea } from "../../ui";
import type { FormState } from "./formModel";

export type FieldsProps = {
  form: FormState;
  errors: FieldErrors;
  set: (patch: Partial<FormState>) => void;
};

const INPUT_TYPES = { date: "date", url: "url" } as const;
/** One field's control, from its entry: the type picks the control, the entry its label, hint and limits. */
function FieldControl({ spec, form, errors, set }: FieldsProps & { spec: FieldSpec }) {
  const currency = useWorkspaceCurrency();
  const common = {
    label: spec.label,
    value: form[spec.key] ?? "",
    error: errors[spec.key],
    // Marked required when leaving it empty would be refused (a Solana NFT needs no token id).
    required: valueError(spec, "", form, 0) !== undefined,
    hint: typeof spec.form?.hint === "function" ? spec.form.hint(form) : spec.form?.hint,
    placeholder: spec.form?.placeholder,
    containerClassName: spec.form?.wide ? "sm:col-span-2" : undefined,
    className: spec.form?.mono ? "font-mono" : undefined,
  };
  const onChange = (e: { target: { value: string } }) => set({ [spec.key]: e.target.value });
  if (spec.type === "text") return <Textarea {...common} rows={4} onChange={onChange} />;
  if (spec.type === "money") {
    return <MoneyInput {...common} label={spec.label} error={common.error} currency={currency} onChange={(value) => set({ [spec.key]: value })} />;
  }
  if (spec.type === "choice") {
    return (
      <Select {...common} onChange={onChange}>
        {(spec.options ?? []).map((o) => <option key={o} value={o}>{spec.optionLabels?.[o] ?? o}</option>)}
      </Select>
    );
  }
  return (
    <Input
      {...common}
      type={spec.type === "date" || spec.type === "url" ? INPUT_TYPES[spec.type] : "text"}
      inputMode={spec.type === "count" ? "numeric" : undefined}
      autoComplete={spec.form?.mono ? "off" : undefined}
      spellCheck={spec.form?.mono ? false : undefined}
      onChange={onChange}
    />
  );
}

/** What a kind's form says before its fields. */
const KIND_NOTES: Partial<Record<AssetKind, ReactNode>> = {
  will: (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      Beneficiaries come from your next of kin: after tagging, choose who receives it (and their share) on the asset's page or on{" "}
      <Link to="/nok" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Next of kin</Link>.
    </p>
  ),
};

/** The kind's own fields, in its table's order. */
export function KindFields(props: FieldsProps) {
  const specs = fieldsOf(props.form.kind);
  const single = specs.length === 1;
  return (
    <div className="flex flex-col gap-4">
      {KIND_NOTES[props.form.kind]}
      <div className={cn("grid gap-4", !single && "sm:grid-cols-2")}>
        {specs.filter((spec) => applies(spec, props.form)).map((spec) => <FieldControl key={spec.key} spec={spec} {...props} />)}
      </div>
    </div>
  );
}
