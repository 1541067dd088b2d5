// The aggregate instances convex/convex.config.ts mounts (one per count, named by purpose;
// lib/counts/aggregates.ts says what each follows). The tests register the same list.
export const AGGREGATE_NAMES = [
  "usersByEmail",
  "verifications",
  "articlesByState",
  "bugReportsByStatus",
  "businessRequestsByStatus",
] as const;
