// Legacy release timing: pure functions over the owner's last sign of life, so
// tests and the scheduler agree on every deadline. A "month" is 30 days.
import { v, type Infer } from "convex/values";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MONTH_MS = 30 * DAY_MS;
export const MIN_PERIOD_MONTHS = 3;
export const MAX_PERIOD_MONTHS = 18;
/** Days before the deadline on which the owner is warned, most distant first. */
const WARNING_DAYS = [30, 7, 1] as const;
export const CONFIRM_LINK_TTL_MS = 30 * DAY_MS;
export const CONTACT_INVITE_TTL_MS = 14 * DAY_MS;
export const GRANT_TTL_MS = 180 * DAY_MS;
export const LEGACY_EVENTS_LIMIT = 50;

export const LEGACY_MESSAGES = {
  badPeriod: `The inactivity period must be a whole number of months from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}`,
  badThreshold: "Choose how many confirmed contacts must agree: from 1 to all of them",
  noConfirmedContacts: "At least one contact must confirm before you can turn on legacy release",
  notLapsed: "There is nothing to confirm for this person now.",
  ownerActive: "The owner has been active again, so nothing was released.",
} as const;

export const legacyStateValidator = v.union(v.literal("active"), v.literal("lapsed"), v.literal("released"));

export const legacyEventTypeValidator = v.union(
  v.literal("settings"),
  v.literal("checkin"),
  v.literal("warning"),
  v.literal("lapsed"),
  v.literal("confirmation_requested"),
  v.literal("confirmed"),
  v.literal("released"),
  v.literal("link_sent"),
  v.literal("link_opened"),
  v.literal("cancelled"),
  v.literal("contact"),
);
export type LegacyEventType = Infer<typeof legacyEventTypeValidator>;

export function periodError(months: number): string | null {
  return Number.isInteger(months) && months >= MIN_PERIOD_MONTHS && months <= MAX_PERIOD_MONTHS ? null : LEGACY_MESSAGES.badPeriod;
}

export function thresholdError(threshold: number, confirmedContacts: number): string | null {
  if (confirmedContacts === 0) return LEGACY_MESSAGES.noConfirmedContacts;
  return Number.isInteger(threshold) && threshold >= 1 && threshold <= confirmedContacts ? null : LEGACY_MESSAGES.badThreshold;
}

/**
 * The choices for how many confirmed contacts must agree: 1 to all of them, each
 * saying "n of m". None while nobody has confirmed (never "1 of 0").
 */
export function thresholdChoices(confirmedContacts: number): { value: number; label: string }[] {
  const noun = confirmedContacts === 1 ? "confirmed contact" : "confirmed contacts";
  return Array.from({ length: Math.max(0, confirmedContacts) }, (_, i) => ({ value: i + 1, label: `${i + 1} of ${confirmedContacts} ${noun}` }));
}

export function deadlineOf(lastAliveAt: number, periodMonths: number): number {
  return lastAliveAt + periodMonths * MONTH_MS;
}

/** The most urgent warning due at `now` that was not sent yet, or null. */
export function dueWarning(now: number, deadline: number, sent: readonly number[]): number | null {
  let due: number | null = null;
  for (const days of WARNING_DAYS) {
    if (now >= deadline - days * DAY_MS && now < deadline) due = days;
  }
  return due !== null && !sent.includes(due) ? due : null;
}

/** Warnings made redundant by a more urgent one are marked sent with it. */
export function warningsCoveredBy(days: number): number[] {
  return WARNING_DAYS.filter((d) => d >= days);
}

/** When the scheduler should look again: the next warning or the deadline. */
export function nextCheckAt(now: number, deadline: number): number {
  const upcoming = [...WARNING_DAYS.map((d) => deadline - d * DAY_MS), deadline].filter((t) => t > now);
  return upcoming.length === 0 ? now : Math.min(...upcoming);
}

export function formatCountdown(ms: number): string {
  if (ms <= 0) return "0 days";
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  if (days > 0) return `${days} day${days === 1 ? "" : "s"}, ${hours} hour${hours === 1 ? "" : "s"}`;
  return `${hours} hour${hours === 1 ? "" : "s"}, ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
