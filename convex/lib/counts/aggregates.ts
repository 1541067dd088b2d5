// Exact counts for the numbers the app shows about users, visits, articles, bug reports
// and business requests, kept by @convex-dev/aggregate (asset counts, written in bulk
// by the CSV import, are counters: ./assetCounts.ts).
// Each instance is mounted under its own name in convex/convex.config.ts and
// follows one table through the triggers registered in ./triggers.ts (lib/writes.ts
// runs them on every insert, patch and delete), so a count is one B-tree read
// instead of a scan, and stays exact under concurrent writes (the component's
// writes commit in the same transaction as the document's).
import { TableAggregate } from "@convex-dev/aggregate";
import { components } from "../../_generated/api";
import type { DataModel } from "../../_generated/dataModel";

/** Users by email (stored lowercase; "" without one): admin total and email-prefix totals. */
export const usersByEmail = new TableAggregate<{ Key: string; DataModel: DataModel; TableName: "users" }>(
  components.usersByEmail,
  { sortKey: (u) => u.email ?? "" },
);

/** Recorded serial checks (visits to /verify of a registered asset): the landing figure. */
export const verifications = new TableAggregate<{ Key: null; DataModel: DataModel; TableName: "verifyAlerts" }>(
  components.verifications,
  { sortKey: () => null },
);

/** Articles by published flag: news stats and the admin total. */
export const articlesByState = new TableAggregate<{ Key: boolean; DataModel: DataModel; TableName: "articles" }>(
  components.articlesByState,
  { sortKey: (a) => a.isPublished },
);

/** Bug reports by status: the admin total. */
export const bugReportsByStatus = new TableAggregate<{ Key: string; DataModel: DataModel; TableName: "bugReports" }>(
  components.bugReportsByStatus,
  { sortKey: (r) => r.status },
);

/** Business-feature requests by status: the admin's pending figure. */
export const businessRequestsByStatus = new TableAggregate<{
  Key: string;
  DataModel: DataModel;
  TableName: "businessRequests";
}>(components.businessRequestsByStatus, { sortKey: (r) => r.status });
