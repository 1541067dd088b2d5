// The presence component's client, shared by convex/presence.ts (the pages' heartbeats) and
// erasure: an erased account leaves every room, and a deleted workspace's list rooms go.
import { Presence } from "@convex-dev/presence";
import { components } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { roomId } from "./rooms";

export const presence = new Presence(components.presence);

/** Rooms left per call: a user is in a handful at once (a room per open page). */
const ROOMS_PER_CALL = 100;

/** Takes the user out of every room they were seen in. */
export async function leaveAllRooms(ctx: MutationCtx, userId: string): Promise<void> {
  for (const room of await presence.listUser(ctx, userId, false, ROOMS_PER_CALL)) await presence.removeRoomUser(ctx, room.roomId, userId);
}

/** The workspace's list rooms (its items' rooms go with each item). */
export async function removeListRooms(ctx: MutationCtx, workspaceId: string): Promise<void> {
  for (const list of ["assets", "inventory"] as const) await presence.removeRoom(ctx, roomId(workspaceId, { list }));
}

/** An item's room. */
export async function removeItemRoom(ctx: MutationCtx, workspaceId: string, assetId: string): Promise<void> {
  await presence.removeRoom(ctx, roomId(workspaceId, { assetId }));
}
