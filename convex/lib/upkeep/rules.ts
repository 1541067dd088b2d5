// Warranty and maintenance (issue 28 item 5): plans, the log, the Upcoming list and the
// reminders. Limits, messages, day arithmetic and e-mail texts, shared by the server and
// src/. Pure: no database. Days are "YYYY-MM-DD" in UTC, as the field table stores dates.
import { messageNumber } from "../errors";
import { isRealDate } from "../assets/fieldValues";
import { oneLineError } from "../oneLine";

/** Kinds of item with a warranty and upkeep: physical things (not NFTs or will entries). */
export const MAINTAINED_KINDS: readonly string[] = ["general", "business"];
export const NOT_MAINTAINED = "Maintenance is kept for physical items (general and business)";

export const PLAN_PERIODS = ["day", "week", "month", "year"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PERIOD_LABELS: Record<PlanPeriod, [string, string]> = {
  day: ["day", "days"],
  week: ["week", "weeks"],
  month: ["month", "months"],
  year: ["year", "years"],
};

export const UPKEEP_LIMITS = {
  plansPerAsset: 10,
  title: 80,
  what: 300,
  unit: 12,
  /** "Every 120 months" at most; "every 10,000,000 km" at most. */
  everyTime: 120,
  everyCounter: 10_000_000,
  reading: 1_000_000_000,
  filesPerEntry: 5,
  /** Entries an item's log shows (newest first). */
  logShown: 50,
} as const;

/** A log entry's cost: an amount in a currency (lib/money), the workspace's unless another is chosen. */
export const COST_LABEL = "Cost";

/** Reminders go this many days ahead: a month before a warranty ends, a week before a service. */
export const WARRANTY_NOTICE_DAYS = 30;
export const SERVICE_NOTICE_DAYS = 7;
/** A service overdue this long is no longer reminded (nor read by the sweep). */
export const OVERDUE_WINDOW_DAYS = 60;
/** The dashboard's Upcoming list: what falls due within this many days, and how many rows. */
export const UPCOMING_DAYS = 60;
export const UPCOMING_SHOWN = 10;

export const UPKEEP_MESSAGES = {
  planNotFound: "Maintenance plan not found",
  entryNotFound: "Log entry not found",
  titleRequired: "Say what the plan is for, e.g. Service",
  titleTooLong: `Plan names must be at most ${messageNumber(UPKEEP_LIMITS.title)} characters`,
  whatRequired: "Say what was done",
  whatTooLong: `What was done must be at most ${messageNumber(UPKEEP_LIMITS.what)} characters`,
  badDay: "The date must be a real date, not in the future",
  badEvery: "Every must be a whole number, 1 or more",
  everyTooLarge: (max: number) => `Every must be at most ${messageNumber(max)}`,
  unitRequired: "Say what the counter counts, e.g. km",
  unitTooLong: `The counter's unit must be at most ${messageNumber(UPKEEP_LIMITS.unit)} characters`,
  badReading: "A reading must be a whole number, 0 or more",
  notCounter: "This plan goes by time, not by a counter",
  tooManyPlans: `An item can have at most ${messageNumber(UPKEEP_LIMITS.plansPerAsset)} maintenance plans`,
  tooManyFiles: `Link at most ${messageNumber(UPKEEP_LIMITS.filesPerEntry)} files to one entry`,
  fileNotOnItem: "Link files of this item only",
} as const;

const DAY_MS = 86_400_000;

/** The UTC day of a moment. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** `day` plus `every` periods; a month-end stays in its month (31 Jan + 1 month = 28/29 Feb). */
export function addPeriod(day: string, every: number, period: PlanPeriod): string {
  if (period === "day") return addDays(day, every);
  if (period === "week") return addDays(day, 7 * every);
  const [y, m, d] = day.split("-").map(Number);
  const months = period === "month" ? every : 12 * every;
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** Days from `today` to `day` (negative when past). */
export const daysUntil = (day: string, today: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** A day that happened: real and not after today. */
export const pastDayError = (day: string, now: number): string | undefined =>
  isRealDate(day) && day <= dayOf(now) ? undefined : UPKEEP_MESSAGES.badDay;

/** A one-line text's message: required, at most `max`, no control characters. */
export function lineError(value: string, label: string, max: number, messages: { required: string; tooLong: string }): string | undefined {
  if (value === "") return messages.required;
  if (value.length > max) return messages.tooLong;
  return oneLineError(label, value);
}

export type Schedule = { by: "time"; every: number; period: PlanPeriod } | { by: "counter"; every: number; unit: string };

/** "Every 6 months", "Every 10,000 km". */
export function scheduleText(s: Schedule, formatNumber: (n: number) => string = String): string {
  if (s.by === "counter") return `Every ${formatNumber(s.every)} ${s.unit}`;
  const [one, many] = PERIOD_LABELS[s.period];
  return s.every === 1 ? `Every ${one}` : `Every ${formatNumber(s.every)} ${many}`;
}

export const REMINDER_TEXTS = {
  warrantySubject: (name: string) => `Warranty ending: ${name}`,
  warrantyBody: (name: string, end: string, workspace: string) =>
    `The warranty of ${name} (${workspace}) ends on ${end}. If anything is wrong with it, claim before then: its warranty papers are on the item's page.`,
  serviceSubject: (title: string, name: string) => `${title} due: ${name}`,
  serviceBody: (title: string, name: string, due: string, workspace: string) =>
    `${title} for ${name} (${workspace}) is due ${due}. Log it on the item's page when it is done, and the next one is planned from there.`,
  /** The dashboard's activity line. */
  warrantyActivity: (name: string, end: string) => `Warranty of ${name} ends ${end}`,
  serviceActivity: (title: string, due: string) => `${title} due ${due}`,
} as const;
