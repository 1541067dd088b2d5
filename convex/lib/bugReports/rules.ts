// Bug reports: limits, shapes and the triage
// workflow. Shared by convex/ and src/.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { hasAdminView, hasModeration, type RoleSubject } from "../roles";
import { roleValidator } from "../validators";
import { CONSOLE_BUFFER_SIZE, CONSOLE_LEVELS, MAX_CONSOLE_ENTRY_CHARS } from "./console";

export { CONSOLE_BUFFER_SIZE, CONSOLE_LEVELS, MAX_CONSOLE_ENTRY_CHARS };

export const SCREENSHOT_SCALE = 0.5;
export const SCREENSHOT_QUALITY = 0.7;
export const SCREENSHOT_DELAY_MS = 100;
export const SCREENSHOT_IMAGE_TIMEOUT_MS = 15_000;
export const CONSOLE_SHOWN = 10;

export const MAX_SCREENSHOT_BYTES = 2 * 1024 * 1024;
export const MAX_DESCRIPTION_CHARS = 5000;
export const MAX_CONSOLE_ENTRIES = CONSOLE_BUFFER_SIZE;
export const MAX_PAGE_URL_CHARS = 2048;
export const MAX_USER_AGENT_CHARS = 512;
export const MAX_NOTE_CHARS = 1000;
// Base64 of the largest screenshot plus room for the rest of the payload.
export const MAX_BODY_BYTES = Math.ceil((MAX_SCREENSHOT_BYTES * 4) / 3) + 200_000;
export const REPORTS_PER_HOUR = 10;
export const STATUS_HISTORY_LIMIT = 50;
export const LIST_PREVIEW_CHARS = 200;

export const BUG_REPORT_MESSAGES = {
  describe: "Please describe the issue",
  screenshotRequired: "Screenshot is required",
  noSession: "No valid session",
  submitFailed: "Failed to submit bug report",
  captureFailed: "Failed to capture screenshot",
  openFailed: "Failed to open bug report",
  capturing: "Capturing screenshot...",
  captured: "Screenshot captured!",
  success: (product: string) => `Bug report submitted successfully! Thank you for helping us improve ${product}.`,
  malformed: "The bug report could not be read",
  tooLarge: "The bug report is too large",
  descriptionTooLong: `Description must be at most ${MAX_DESCRIPTION_CHARS} characters`,
  screenshotTooLarge: "Screenshot must be at most 2 MB",
  notAnImage: "Screenshot must be a JPEG or PNG image",
  tooManyEntries: `At most ${MAX_CONSOLE_ENTRIES} console entries can be sent`,
  entryTooLong: `Console entries must be at most ${MAX_CONSOLE_ENTRY_CHARS} characters`,
  noteTooLong: `Note must be at most ${MAX_NOTE_CHARS} characters`,
  badTransition: "That status change is not allowed",
  notFound: "Bug report not found",
} as const;

const consoleLevelValidator = literals(...CONSOLE_LEVELS);
export type ConsoleLevel = Infer<typeof consoleLevelValidator>;
export const consoleEntryValidator = v.object({
  level: consoleLevelValidator,
  message: v.string(),
  timestamp: v.number(),
});
export type ConsoleEntry = Infer<typeof consoleEntryValidator>;

export const viewportValidator = v.object({ width: v.number(), height: v.number() });

export const BUG_STATUSES = ["open", "in_progress", "resolved", "wont_fix"] as const;
export const bugStatusValidator = literals(...BUG_STATUSES);
export type BugStatus = Infer<typeof bugStatusValidator>;
/** One triage step: who moved the report to which status, when, and why. */
const statusChangeValidator = v.object({
  status: bugStatusValidator,
  by: v.id("users"),
  at: v.number(),
  note: v.optional(v.string()),
});

/** The bugReports table (schema.ts); the triage screens' shapes pick from it. */
export const bugReportFields = {
  userId: v.id("users"),
  reporterRole: roleValidator,
  description: v.string(),
  consoleLogs: v.array(consoleEntryValidator),
  screenshotId: v.id("_storage"),
  pageUrl: v.string(),
  userAgent: v.string(),
  viewport: viewportValidator,
  clientTimestamp: v.string(),
  status: bugStatusValidator,
  statusHistory: v.array(statusChangeValidator),
  updatedAt: v.number(),
};

export const STATUS_LABELS: Record<BugStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
  wont_fix: "Won't fix",
};

/**
 * open → in progress → resolved or won't fix. A report may be declined straight
 * from open, put back to open while in progress, and reopened once closed.
 */
export const STATUS_TRANSITIONS: Record<BugStatus, readonly BugStatus[]> = {
  open: ["in_progress", "wont_fix"],
  in_progress: ["resolved", "wont_fix", "open"],
  resolved: ["open"],
  wont_fix: ["open"],
};

export function canTransition(from: BugStatus, to: BugStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/**
 * Who triages: moderation permission (moderator, admin) and admin-influencers,
 * who see /bug-reports as admins do (convex/lib/roles.ts).
 */
export function canTriageBugReports(p: RoleSubject | null | undefined): boolean {
  return hasModeration(p) || hasAdminView(p);
}
