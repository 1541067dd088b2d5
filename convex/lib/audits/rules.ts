// Audits: limits, messages, labels and how a scan's text names an item. Shared by the
// server and src/. Pure: no database.
import { messageNumber } from "../errors";
import { ASSET_LIMITS } from "../assets/fields";
import { normaliseSerial } from "../assets/serialText";
import { PATH_SEPARATOR } from "../locations/rules";
import type { AuditItemState, AuditScope, AuditStatus } from "./tables";

/** Expected rows one mutation writes while an audit is prepared (a large scope takes several). */
export const PREPARE_BATCH = 200;
/** Items one follow-up batch marks lost or moves in (each writes the item and its history). */
export const RESOLVE_BATCH = 50;
/** Rows of a cancelled audit deleted per batch. */
export const CLEAR_BATCH = 500;
/** Audits a workspace may have running (preparing or open) at once. */
export const MAX_RUNNING_AUDITS = 10;
/** The longest text a scan may send (a QR code's address included). */
export const MAX_SCAN_TEXT = 500;
/** Rows a page of an audit's lists or its report reads at most. */
export const AUDIT_PAGE_MAX = 500;
/** The latest scans an audit's screen shows. */
export const RECENT_SCANS = 8;

export const AUDIT_MESSAGES = {
  notFound: "Audit not found",
  tooMany: `A workspace can run at most ${messageNumber(MAX_RUNNING_AUDITS)} audits at once. Finish or cancel one first.`,
  categoryRequired: "Enter the category to audit",
  categoryTooLong: `A category is at most ${messageNumber(ASSET_LIMITS.category)} characters`,
  preparing: "The audit's list is still being prepared. Scan again in a moment.",
  notOpen: "This audit has ended",
  notFinished: "Finish the audit first",
  codeRequired: "Scan a label, or type a serial or sticker code",
  codeTooLong: `A code is at most ${messageNumber(MAX_SCAN_TEXT)} characters`,
  unknownCode: "No item with this code in this workspace",
  noLocation: "Only an audit of a location can move items into it",
  running: "This is already under way",
} as const;

export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  preparing: "Preparing",
  open: "In progress",
  finished: "Finished",
  cancelled: "Cancelled",
};

/** The lists' names; a pending item reads as missing (not scanned yet, or never). */
export const AUDIT_STATE_LABELS: Record<AuditItemState, string> = {
  pending: "Missing",
  found: "Found",
  moved: "Moved",
  unexpected: "Unexpected",
};

export const YEARLY_CHECK = "Yearly check";

/** What an audit is called, from its scope (a personal workspace's whole audit is the yearly check). */
export function auditName(scope: AuditScope, personal: boolean): string {
  if (scope.kind === "location") return scope.path;
  if (scope.kind === "category") return `Category: ${scope.category}`;
  return personal ? YEARLY_CHECK : "Whole workspace";
}

/** The trimmed category, or why it cannot be audited. */
export function checkAuditCategory(raw: string): { ok: true; category: string } | { ok: false; message: string } {
  const category = raw.trim();
  if (category === "") return { ok: false, message: AUDIT_MESSAGES.categoryRequired };
  if (category.length > ASSET_LIMITS.category) return { ok: false, message: AUDIT_MESSAGES.categoryTooLong };
  return { ok: true, category };
}

/**
 * The serial or sticker code a scan carries: a label's QR code holds the item's verify
 * address (…/verify/TMT-…), a hardware scanner types the printed serial, a person types it
 * any way (lower case, spaces). Null when there is nothing to look up.
 */
export function codeFromScan(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const verify = /\/verify\/([^/?#]+)/.exec(trimmed);
  let code = trimmed;
  if (verify !== null) {
    try {
      code = decodeURIComponent(verify[1]);
    } catch {
      code = verify[1];
    }
  }
  return normaliseSerial(code);
}

/** Whether an item's location text lies inside a location audit's place (itself or nested). */
export function withinPath(path: string, location: string | undefined): boolean {
  return location !== undefined && (location === path || location.startsWith(`${path}${PATH_SEPARATOR}`));
}

/** The first string after every string that starts with `prefix` (an index range's end). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
