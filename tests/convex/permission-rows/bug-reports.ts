import { SIGNED_IN, type Caller, type Rows } from "../permission-types";

// Bug reports (issue 6). Submitting is an HTTP action (tests/convex/bug-reports.test.ts).
// Triage: moderation permission plus admin-influencers, who see /bug-reports as admins do.
const TRIAGE: readonly Caller[] = ["moderator", "adminInfluencer", "admin"];
// A well-formed id of no document (convex-test ids are digits + table name).
const MISSING_REPORT = "99999999999999999999bugReports";
const page = { paginationOpts: { numItems: 10, cursor: null } };

export const rows: Rows = {
  "bugReports:list": { kind: "query", args: () => page, allowed: TRIAGE },
  "bugReports:get": { kind: "query", args: () => ({ id: MISSING_REPORT }), allowed: TRIAGE },
  "bugReports:setStatus": {
    kind: "mutation",
    args: () => ({ id: MISSING_REPORT, status: "in_progress" }),
    allowed: TRIAGE,
    handlerError: "NOT_FOUND",
  },
  "bugReports:mine": { kind: "query", args: () => page, allowed: SIGNED_IN },
};
