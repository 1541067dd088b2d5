// Where a record from before workspaces belongs (convex/migrations.ts): its user's
// personal workspace, or, for a business user's business item, their business workspace.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { ensureBusinessWorkspace, ensurePersonalWorkspace } from "./store";

/** The workspace a record of `userId` about an asset of `assetKind` (unknown: deleted) moves to. */
export async function homeOf(ctx: MutationCtx, userId: Id<"users">, assetKind: string | undefined): Promise<Id<"workspaces">> {
  if (assetKind === "business") {
    const user = await ctx.db.get("users", userId);
    if (user?.isBusinessUser === true) {
      const business = await ensureBusinessWorkspace(ctx, user);
      if (business !== null) return business;
    }
  }
  return await ensurePersonalWorkspace(ctx, userId);
}

/** A visit alert or found report: filed under its asset's workspace (or its owner's home for a deleted asset). */
export async function moveToWorkspace(
  ctx: MutationCtx,
  row: { assetId: Id<"assets">; workspaceId?: Id<"workspaces">; ownerId?: Id<"users"> },
): Promise<{ workspaceId: Id<"workspaces">; ownerId: undefined } | undefined> {
  if (row.workspaceId !== undefined || row.ownerId === undefined) return undefined;
  const asset = await ctx.db.get("assets", row.assetId);
  return { workspaceId: asset?.workspaceId ?? (await homeOf(ctx, row.ownerId, asset?.kind)), ownerId: undefined };
}
