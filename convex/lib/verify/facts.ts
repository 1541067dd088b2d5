// The fields a finder or buyer may read on /verify: those the kind's table marks `verify`, as
// text; a maker's serial masked unless its owner chose to show it whole.
import { v, type Infer } from "convex/values";
import { moneyValidator } from "../money/currency";
import { displayText, maskIdentifier } from "../assets/fieldValues";
import { fieldsOf } from "../assets/rules";
import type { AssetKind, StoredAssetDetails } from "../assets/tables";

// `money`: an amount's fact also as the amount, for a reader's locale (`value` is it in SERVER_LOCALE).
export const verifyFactValidator = v.object({ label: v.string(), value: v.string(), money: v.optional(moneyValidator) });
export type VerifyFact = Infer<typeof verifyFactValidator>;

export function verifyFacts(asset: { kind: AssetKind; details: StoredAssetDetails }): VerifyFact[] {
  const details = asset.details as Readonly<Record<string, unknown>>;
  return fieldsOf(asset.kind).flatMap((spec) => {
    if (spec.verify === undefined || spec.verify === false) return [];
    const text = displayText(spec, details[spec.key]);
    if (text === null) return [];
    const whole = spec.verify === true || details[spec.verify.maskedBy] === "whole";
    return [{ label: spec.label, value: whole ? text : maskIdentifier(text) }];
  });
}
