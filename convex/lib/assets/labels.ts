// Printing labels: how many ids one call may name (the page asks in batches of this size)
// and how many labels one print job may hold.
import { v } from "convex/values";
import { appError } from "../errors";
import { displayText } from "./fieldValues";
import { fieldsOf } from "./rules";
import type { AssetKind, StoredAssetDetails } from "./tables";

export const LABEL_IDS_PER_CALL = 200;
export const LABELS_PER_JOB_MAX = 5_000;
// Convex ids are 31-37 characters; anything longer is no id.
const ID_MAX_LENGTH = 64;

const LABEL_MESSAGES = {
  tooManyIds: `Ask for at most ${LABEL_IDS_PER_CALL} labels per call.`,
} as const;

// `lines`: the fields marked `onLabel` in the kind's table, as "SKU: MUG-001".
export const labelDataValidator = v.object({ _id: v.id("assets"), serial: v.string(), name: v.string(), lines: v.array(v.string()) });

/** One line of a label: a field and its value, "SKU: MUG-001". */
export const labelLine = (label: string, text: string) => `${label}: ${text}`;

/** The label lines of an asset: each field its kind prints on labels, when it has a value. */
export function labelLines(asset: { kind: AssetKind; details: StoredAssetDetails }, locale?: string): string[] {
  const details = asset.details as Readonly<Record<string, unknown>>;
  return fieldsOf(asset.kind).flatMap((spec) => {
    const text = spec.onLabel ? displayText(spec, details[spec.key], locale) : null;
    return text === null ? [] : [labelLine(spec.label, text)];
  });
}

export function assertLabelIds(ids: readonly string[]): void {
  if (ids.length > LABEL_IDS_PER_CALL) throw appError("INVALID", LABEL_MESSAGES.tooManyIds);
  if (ids.some((id) => id.length > ID_MAX_LENGTH)) throw appError("INVALID", LABEL_MESSAGES.tooManyIds);
}
