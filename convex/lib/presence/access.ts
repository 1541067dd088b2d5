// Who may be in a presence room: members of its workspace (any role), on a page that exists
// there. Resolved from the database for the caller of every heartbeat and every read.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { inWorkspace } from "../access";
import { appError } from "../errors";
import { allows, checkAccess, membership, type WorkspaceNeed } from "../workspaces/policy";
import { parseRoom } from "./rooms";

const READ: WorkspaceNeed = { can: "read" };
const UNKNOWN_PAGE = "This page has no presence";
const ASSET_NOT_FOUND = "Asset not found";

type Room = { id: string; workspaceId: Id<"workspaces"> };


/**
 * The room `room` names, if `userId` may be in it; else why not: INVALID for a malformed
 * room, NOT_FOUND for a workspace the user is not in (as a missing one reads) or a missing asset.
 */
export async function joinableRoom(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, room: string): Promise<Room> {
  const parsed = parseRoom(room);
  if (parsed === null) throw appError("INVALID", UNKNOWN_PAGE);
  const workspaceId = ctx.db.normalizeId("workspaces", parsed.workspaceId);
  const { workspace } = checkAccess(workspaceId === null ? null : await membership(ctx, workspaceId, userId), READ);
  if ("assetId" in parsed.page) {
    const assetId = ctx.db.normalizeId("assets", parsed.page.assetId);
    inWorkspace(assetId === null ? null : await ctx.db.get("assets", assetId), workspace._id, ASSET_NOT_FOUND);
  }
  return { id: room, workspaceId: workspace._id };
}

/** The same check for reads, which answer "nobody" instead of throwing (a removed member's open page empties). */
export async function readableRoom(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, room: string): Promise<Room | null> {
  const parsed = parseRoom(room);
  const workspaceId = parsed === null ? null : ctx.db.normalizeId("workspaces", parsed.workspaceId);
  if (workspaceId === null || !allows(await membership(ctx, workspaceId, userId), READ)) return null;
  return { id: room, workspaceId };
}

/** What a presence bar shows of a member: a name, never an e-mail address. */
export function presenceName(user: Doc<"users"> | null): string {
  return user?.fullName?.trim() || user?.name?.trim() || "A member";
}
