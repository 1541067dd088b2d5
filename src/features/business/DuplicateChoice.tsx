import type { ImportPlan, OnDuplicate } from "../../../convex/lib/csv/plan";
import { formatNumber } from "../../lib/format";

const SHOWN = 5;

/** Duplicate SKUs (repeated in the file, or already held) and the one choice for all of them. */
export function DuplicateChoice<Id>({ plan, value, onChange }: { plan: ImportPlan<Id>; value: OnDuplicate; onChange: (v: OnDuplicate) => void }) {
  if (plan.repeated.length === 0 && plan.existing.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No duplicate SKUs: every row is a new item.</p>;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50" data-testid="duplicates">
      <legend className="px-1 font-semibold">Duplicate SKUs</legend>
      {plan.existing.length > 0 && (
        <p>
          {formatNumber(plan.existing.length)} SKU{plan.existing.length === 1 ? " is" : "s are"} already in your inventory
          ({plan.existing.slice(0, SHOWN).join(", ")}{plan.existing.length > SHOWN ? ", …" : ""}).
        </p>
      )}
      {plan.repeated.length > 0 && (
        <p>
          {formatNumber(plan.repeated.length)} SKU{plan.repeated.length === 1 ? " appears" : "s appear"} more than once in the file
          ({plan.repeated.slice(0, SHOWN).map((r) => `${r.sku} on rows ${r.rows.join(", ")}`).join("; ")}{plan.repeated.length > SHOWN ? "; …" : ""}).
        </p>
      )}
      <label className="flex items-start gap-2">
        <input type="radio" name="on-duplicate" value="skip" checked={value === "skip"} onChange={() => onChange("skip")} className="mt-1" />
        <span><strong>Skip</strong>: keep what is already there (in the file, the first row wins).</span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" name="on-duplicate" value="update" checked={value === "update"} onChange={() => onChange("update")} className="mt-1" />
        <span><strong>Update existing</strong>: the file's values replace the item's (in the file, the last row wins). Updating is free.</span>
      </label>
    </fieldset>
  );
}
