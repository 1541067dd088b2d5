// The edit form's version: what it loaded, which every save sends back (assets.update refuses a
// stale one with CONFLICT and the values saved now), and the conflict until it is resolved.
import { useState } from "react";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import type { AssetEditable } from "../../../convex/lib/assets/versions";
import type { ConflictChoices, ConflictField } from "../../lib/ConflictPanel";
import { conflictCurrent } from "../../lib/errors";
import { conflictFields, mergeChoices } from "./conflictFields";
import { fromAsset, type FormState } from "./formModel";
import { customKey } from "./customForm";
import { useCategoryFields } from "../../lib/useCategoryFields";

type Loaded = { form: FormState; version: number };
type Conflict = Loaded & { fields: ConflictField[] };

export function useEditConflict(asset: AssetDetail, form: FormState, setForm: (form: FormState) => void) {
  const [loaded, setLoaded] = useState<Loaded>(() => ({ form: fromAsset(asset), version: asset.version }));
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const customFields = useCategoryFields(form.category) ?? [];
  return {
    loaded,
    /** Someone saved the asset since the form was opened (the page's query is live). */
    changedSinceLoaded: asset.version !== loaded.version,
    /** While a save is refused as stale: the version saved now and the fields to choose between. */
    conflict,
    /** Keeps the values saved now when `error` is a CONFLICT against the form as sent; returns whether it was one. */
    refused(error: unknown): boolean {
      const current = conflictCurrent<AssetEditable>(error);
      if (current === null) return false;
      const theirs = fromAsset(current);
      const customLabels = Object.fromEntries(customFields.map((d) => [customKey(d._id), d.label]));
      setConflict({ form: theirs, version: current.version, fields: conflictFields(loaded.form, theirs, form, customLabels) });
      return true;
    },
    /** The form takes the choices; the next save goes against the version saved now. */
    apply(choices: ConflictChoices) {
      if (conflict === null) return;
      setForm(mergeChoices(conflict.form, form, choices));
      setLoaded({ form: conflict.form, version: conflict.version });
      setConflict(null);
    },
  };
}
