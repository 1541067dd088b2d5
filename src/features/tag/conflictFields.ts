// The edit form against a save someone else made first: which fields differ (theirs, the
// values saved now, against yours, the form's), who changed each since the form was opened
// (against the values it loaded), and the form after a choice per field.
import { fieldLabel } from "../../../convex/lib/assets/diff";
import { displayText } from "../../../convex/lib/assets/fieldValues";
import { fieldsOf } from "../../../convex/lib/assets/rules";
import type { ConflictChoices, ConflictField } from "../../lib/ConflictPanel";
import type { FormState } from "./formModel";

type Key = keyof FormState & string;

function asText(key: Key, form: FormState): string {
  if (key === "visibility") return form.visibility === "public" ? "Public" : "Private";
  const spec = fieldsOf(form.kind).find((s) => s.key === key);
  return spec?.type === "choice" ? (displayText(spec, form[key]) ?? "") : form[key];
}

/** Every field where theirs and yours differ; `loaded` tells who changed it. `customLabels`: custom fields' names by form key. */
export function conflictFields(loaded: FormState, theirs: FormState, yours: FormState, customLabels: Readonly<Record<string, string>> = {}): ConflictField[] {
  const keys = Object.keys(yours) as Key[];
  return keys
    .filter((key) => key !== "kind" && theirs[key] !== yours[key])
    .map((key) => {
      const byThem = theirs[key] !== loaded[key];
      const byYou = yours[key] !== loaded[key];
      return {
        key,
        label: customLabels[key] ?? fieldLabel(key),
        theirs: asText(key, theirs),
        yours: asText(key, yours),
        changedBy: byThem && byYou ? "both" : byThem ? "them" : "you",
      };
    });
}

/** Yours, with theirs wherever it was chosen. */
export function mergeChoices(theirs: FormState, yours: FormState, choices: ConflictChoices): FormState {
  const merged = { ...yours };
  for (const key of Object.keys(choices) as Key[]) {
    if (choices[key] === "theirs") Object.assign(merged, { [key]: theirs[key] });
  }
  return merged;
}
