// A workspace's live activity feed: who did what, newest first, members' names as they are now.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { workspaceQuery } from "./lib/access";
import { activityPage } from "./lib/workspaces/activity";
import { activityEntryValidator } from "./lib/workspaces/tables";

export const feed = workspaceQuery({
  // A member removed while the feed is open sees it empty, not an error.
  absent: { page: [], isDone: true, continueCursor: "" },
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(activityEntryValidator),
  handler: async (ctx, { paginationOpts }) => await activityPage(ctx, ctx.workspace._id, paginationOpts),
});
