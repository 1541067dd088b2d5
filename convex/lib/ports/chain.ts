// Exports and imports run as a chain of scheduled steps, each well inside an action's time
// limit: an export writes one ZIP part per step, an import one range of items. Where the
// chain stands is saved on the export's or import's row between steps, so a step that is
// retried (or runs twice) finds its number overtaken and undoes what it made, and a step that
// died is started again by the watchdog (or, past MAX_STEP_ATTEMPTS, the job fails and an
// import is undone).
import { v, type Infer } from "convex/values";

export const chainValidator = v.object({
  // The step that may write next; a step holding another number has been overtaken.
  step: v.number(),
  // Export: the account folder (Download my data), then per workspace its tables and its
  // items. Import: reading and checking the ZIP, then writing its items.
  stage: v.number(),
  // Where the stage goes on: an export's page of items and how many of it are written; an
  // import's next item.
  cursor: v.union(v.string(), v.null()),
  offset: v.number(),
  // Progress counted before this step, so a retried step counts its items once.
  base: v.number(),
  // Times the watchdog has started this step again.
  attempts: v.number(),
  // Export: the workspaces it covers, fixed when it starts.
  workspaces: v.array(v.id("workspaces")),
  // Import: what the first step read from the ZIP, as JSON in file storage.
  plan: v.optional(v.id("_storage")),
});
export type Chain = Infer<typeof chainValidator>;

/**
 * Files a step stored and nothing refers to yet (an export's part before the chain keeps it, an
 * import's files before a batch writes them), with the step and attempt that stored them. A
 * step notes each file here as soon as it is stored, so when the step dies the watchdog, the
 * job's end or its undo deletes what it left.
 */
export const heldFilesValidator = v.array(v.object({ storageId: v.id("_storage"), step: v.number(), attempt: v.number() }));
type HeldFile = Infer<typeof heldFilesValidator>[number];

/** The held list without these files (a batch or the chain took them, or they were deleted). */
export function withoutHeld(held: readonly HeldFile[] | undefined, ids: readonly string[]): HeldFile[] {
  const gone = new Set(ids);
  return (held ?? []).filter((h) => !gone.has(h.storageId));
}

/** A step not finished this long after it was scheduled has died (an action runs at most 10 minutes). */
export const STEP_DEADLINE_MS = 11 * 60_000;
/** A step ends its part (or its range of items) after this long and leaves the rest to the next. */
export const STEP_BUDGET_MS = 3 * 60_000;
/** Times a dead step is started again before the job fails. */
export const MAX_STEP_ATTEMPTS = 3;
/** Items read per page while an export writes files and certificates. */
export const EXPORT_ITEMS_PAGE = 25;

export const firstChain = (workspaces: Chain["workspaces"]): Chain => ({ step: 0, stage: 0, cursor: null, offset: 0, base: 0, attempts: 0, workspaces });

/** An export's stages: its account folder (Download my data only), then each workspace's tables and items. */
type ExportStage = { kind: "account" } | { kind: "tables" | "items"; workspace: number };

export function exportStage(withAccount: boolean, stage: number): ExportStage {
  const at = withAccount ? stage - 1 : stage;
  if (at < 0) return { kind: "account" };
  return { kind: at % 2 === 0 ? "tables" : "items", workspace: Math.floor(at / 2) };
}

export const exportStages = (withAccount: boolean, workspaces: number) => (withAccount ? 1 : 0) + 2 * workspaces;
