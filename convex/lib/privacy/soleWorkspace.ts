// What happens to a workspace whose only member's account is erased. Kept to one
// function so the workspace-deletion feature's own "delete a workspace" can replace it.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { deleteAsset } from "../assets/changes";
import { ERASE_BATCH } from "./rules";

/** Erases one batch of the workspace; true while more is left. Assets go first (files released, history purged). */
export async function eraseSoleWorkspace(ctx: MutationCtx, workspaceId: Id<"workspaces">, actorId: Id<"users">): Promise<boolean> {
  const assets = await ctx.db
    .query("assets")
    .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId))
    .take(ERASE_BATCH / 4);
  for (const asset of assets) await deleteAsset(ctx, asset, actorId);
  if (assets.length > 0) return true;
  const invitations = await ctx.db
    .query("workspaceInvitations")
    .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId))
    .take(ERASE_BATCH);
  const activity = await ctx.db
    .query("workspaceActivity")
    .withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId))
    .take(ERASE_BATCH);
  for (const row of invitations) await ctx.db.delete("workspaceInvitations", row._id);
  for (const row of activity) await ctx.db.delete("workspaceActivity", row._id);
  if (invitations.length + activity.length > 0) return true;
  if ((await ctx.db.get("workspaces", workspaceId)) !== null) await ctx.db.delete("workspaces", workspaceId);
  return false;
}
