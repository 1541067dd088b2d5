// Audit shapes, shared by schema, args and returns; src/ imports the types.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

/** What an audit counts: a location with everything nested in it, a category, or the whole workspace. */
const auditScopeValidator = v.union(
  v.object({ kind: v.literal("workspace") }),
  v.object({ kind: v.literal("location"), locationId: v.id("locations"), path: v.string() }),
  v.object({ kind: v.literal("category"), category: v.string() }),
);
export type AuditScope = Infer<typeof auditScopeValidator>;
/** What the start dialog sends: the location by id (its path is read on the server). */
export const auditScopeArgValidator = v.union(
  v.object({ kind: v.literal("workspace") }),
  v.object({ kind: v.literal("location"), locationId: v.id("locations") }),
  v.object({ kind: v.literal("category"), category: v.string() }),
);

/** preparing: the expected list is being written in batches; open: scanning; then finished or cancelled. */
const AUDIT_STATUSES = ["preparing", "open", "finished", "cancelled"] as const;
const auditStatusValidator = literals(...AUDIT_STATUSES);
export type AuditStatus = Infer<typeof auditStatusValidator>;

/**
 * An item of an audit: pending (expected, not scanned yet: missing once finished), found
 * (expected and scanned), moved (scanned here but registered at another location), unexpected
 * (scanned, not on the expected list).
 */
export const AUDIT_ITEM_STATES = ["pending", "found", "moved", "unexpected"] as const;
export const auditItemStateValidator = literals(...AUDIT_ITEM_STATES);
export type AuditItemState = Infer<typeof auditItemStateValidator>;

/** What finishing offers: mark the missing items lost, move the moved and unexpected ones into the audited location. */
const AUDIT_ACTIONS = ["markLost", "moveIn"] as const;
export const auditActionValidator = literals(...AUDIT_ACTIONS);
export type AuditAction = Infer<typeof auditActionValidator>;

/** One follow-up's progress: items changed so far, and whether it has gone through every row. */
const outcomeValidator = v.object({ by: v.id("users"), changed: v.number(), skipped: v.number(), done: v.boolean(), cursor: v.union(v.string(), v.null()), phase: v.number() });

export const auditFields = {
  workspaceId: v.id("workspaces"),
  scope: auditScopeValidator,
  // What the lists call it ("Shop / Back room", "Category: Tools", "Yearly check").
  name: v.string(),
  status: auditStatusValidator,
  startedBy: v.id("users"),
  startedAt: v.number(),
  // Set when the expected list is complete and scanning may begin.
  openedAt: v.optional(v.number()),
  endedBy: v.optional(v.id("users")),
  endedAt: v.optional(v.number()),
  // Where writing the expected list has got to: which index range, and the cursor in it.
  prepare: v.optional(v.object({ source: v.number(), cursor: v.union(v.string(), v.null()) })),
  // Counts, kept in the same transaction as each row they count.
  expected: v.number(),
  found: v.number(),
  moved: v.number(),
  unexpected: v.number(),
  // In scope but checked out when the audit started: left off the expected list.
  onLoan: v.number(),
  markLost: v.optional(outcomeValidator),
  moveIn: v.optional(outcomeValidator),
};

export const auditItemFields = {
  auditId: v.id("audits"),
  workspaceId: v.id("workspaces"),
  assetId: v.id("assets"),
  // As the item read when it joined the audit: the report names it so even if it changes or goes.
  serial: v.string(),
  name: v.string(),
  // On the list fixed at the start (false: scanned but not expected).
  expected: v.boolean(),
  // Where it was registered when it joined the audit.
  registeredAt: v.optional(v.string()),
  state: auditItemStateValidator,
  foundAt: v.optional(v.number()),
  foundBy: v.optional(v.id("users")),
  // What finishing did with it.
  resolved: v.optional(v.union(v.literal("markedLost"), v.literal("movedIn"))),
};

export const auditViewValidator = v.object({
  _id: v.id("audits"),
  name: v.string(),
  scope: auditScopeValidator,
  status: auditStatusValidator,
  startedAt: v.number(),
  startedBy: v.string(),
  endedAt: v.union(v.number(), v.null()),
  expected: v.number(),
  found: v.number(),
  moved: v.number(),
  unexpected: v.number(),
  onLoan: v.number(),
  markLost: v.union(v.null(), v.object({ changed: v.number(), skipped: v.number(), done: v.boolean() })),
  moveIn: v.union(v.null(), v.object({ changed: v.number(), skipped: v.number(), done: v.boolean() })),
});
export type AuditView = Infer<typeof auditViewValidator>;

export const auditItemViewValidator = v.object({
  _id: v.id("auditItems"),
  assetId: v.id("assets"),
  serial: v.string(),
  name: v.string(),
  state: auditItemStateValidator,
  registeredAt: v.union(v.string(), v.null()),
  foundAt: v.union(v.number(), v.null()),
  foundBy: v.union(v.string(), v.null()),
  resolved: v.union(v.literal("markedLost"), v.literal("movedIn"), v.null()),
});
export type AuditItemView = Infer<typeof auditItemViewValidator>;

/** What a scan did, for the scanner's feedback (and the camera scanner's sound). */
export const scanResultValidator = v.object({
  outcome: v.union(v.literal("found"), v.literal("moved"), v.literal("unexpected"), v.literal("already")),
  state: auditItemStateValidator,
  name: v.string(),
  serial: v.string(),
  registeredAt: v.union(v.string(), v.null()),
  // For "already": who counted it first.
  by: v.union(v.string(), v.null()),
});
export type ScanResult = Infer<typeof scanResultValidator>;
