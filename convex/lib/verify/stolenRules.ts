// A stolen report: when and where the owner says it was stolen, and the police report number
// if they have one. The owner sees all of it; /verify shows only the day it was reported.
import { v, type Infer } from "convex/values";
import { oneLineError } from "../oneLine";

export const STOLEN_LIMITS = { place: 200, policeReport: 64 } as const;
// How far back a theft may be dated (a stolen heirloom found years later is still worth reporting).
const OLDEST_THEFT_MS = 50 * 365 * 24 * 60 * 60 * 1000;
// A clock a little ahead of the server's must not make "today" look like the future.
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

export const STOLEN_MESSAGES = {
  whenInvalid: "Enter when it was stolen: a date that is not in the future",
  placeRequired: "Enter where it was stolen",
  placeTooLong: `Where it was stolen must be at most ${STOLEN_LIMITS.place} characters`,
  policeTooLong: `The police report number must be at most ${STOLEN_LIMITS.policeReport} characters`,
} as const;

/** What the owner types when marking an asset stolen. */
export const stolenDetailsValidator = v.object({
  stolenAt: v.number(),
  place: v.string(),
  policeReport: v.optional(v.string()),
});
export type StolenDetails = Infer<typeof stolenDetailsValidator>;
export type StolenErrors = Partial<Record<keyof StolenDetails, string>>;

export function cleanStolenDetails(d: StolenDetails): StolenDetails {
  const policeReport = d.policeReport?.trim() ?? "";
  return { stolenAt: d.stolenAt, place: d.place.trim(), ...(policeReport === "" ? {} : { policeReport }) };
}

/** The problems with cleaned details, by field; empty when they are fine. */
export function stolenDetailsErrors(d: StolenDetails, now: number): StolenErrors {
  const errors: StolenErrors = {};
  if (!Number.isFinite(d.stolenAt) || d.stolenAt > now + CLOCK_SLACK_MS || d.stolenAt < now - OLDEST_THEFT_MS) {
    errors.stolenAt = STOLEN_MESSAGES.whenInvalid;
  }
  const place =
    d.place === "" ? STOLEN_MESSAGES.placeRequired
    : d.place.length > STOLEN_LIMITS.place ? STOLEN_MESSAGES.placeTooLong
    : oneLineError("Where it was stolen", d.place);
  if (place !== undefined) errors.place = place;
  const police =
    (d.policeReport?.length ?? 0) > STOLEN_LIMITS.policeReport ? STOLEN_MESSAGES.policeTooLong
    : oneLineError("The police report number", d.policeReport);
  if (police !== undefined) errors.policeReport = police;
  return errors;
}

/** The owner's view of the current report (details absent when it was marked stolen in bulk). */
export const stolenReportViewValidator = v.object({
  reportedAt: v.number(),
  stolenAt: v.union(v.number(), v.null()),
  place: v.union(v.string(), v.null()),
  policeReport: v.union(v.string(), v.null()),
});
export type StolenReportView = Infer<typeof stolenReportViewValidator>;
