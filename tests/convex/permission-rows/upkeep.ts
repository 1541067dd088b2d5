import { EDITOR, EVERYONE, READER, SIGNED_IN, type Rows } from "../permission-types";

// Warranty and maintenance (issue 28 item 5): members read an item's plans and log and the
// Upcoming list; editors and up plan, log and update counters.
const MISSING_ASSET = "99999999999999999999assets";
const MISSING_PLAN = "99999999999999999999maintenancePlans";
const MISSING_ENTRY = "99999999999999999999maintenanceLog";

export const rows: Rows = {
  "maintenance:forAsset": { kind: "query", workspace: READER, args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "maintenance:upcoming": { kind: "query", workspace: READER, args: () => ({ today: "2026-11-26" }), allowed: EVERYONE },
  "maintenance:addPlan": {
    kind: "mutation",
    workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, title: "Service", schedule: { by: "time", every: 6, period: "month" } }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "maintenance:removePlan": { kind: "mutation", workspace: EDITOR, args: () => ({ planId: MISSING_PLAN }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "maintenance:setReading": { kind: "mutation", workspace: EDITOR, args: () => ({ planId: MISSING_PLAN, reading: 100 }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "maintenance:logWork": {
    kind: "mutation",
    workspace: EDITOR,
    args: () => ({ assetId: MISSING_ASSET, doneOn: "2026-01-10", what: "Chain oiled", files: [] }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "maintenance:removeEntry": { kind: "mutation", workspace: EDITOR, args: () => ({ entryId: MISSING_ENTRY }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
};
