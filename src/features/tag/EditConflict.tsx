import { ConflictPanel } from "../../lib/ConflictPanel";
import type { useEditConflict } from "./useEditConflict";

type Props = { edit: ReturnType<typeof useEditConflict>; onApplied: () => void };

/** Above the edit form's buttons: a live note that someone saved meanwhile, then the choice after a refused save. */
export function EditConflict({ edit, onApplied }: Props) {
  if (edit.conflict !== null) {
    return (
      <ConflictPanel key={edit.conflict.version} title="Someone else changed this asset" fields={edit.conflict.fields}
        onApply={(choices) => {
          edit.apply(choices);
          onApplied();
        }} />
    );
  }
  if (!edit.changedSinceLoaded) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
      Someone else saved changes to this asset while you were editing. When you save, you choose what to keep.
    </p>
  );
}
