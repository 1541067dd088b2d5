// Reading and changing memberships and invitations, for convex/workspaceMembers.ts. Caps
// and the "at least one owner" rule are kept here and in ./rules.ts; every change is logged.
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { normaliseAddress } from "../auth/emailIdentity";
import { appError } from "../errors";
import { verifiedHash } from "../signedLinks";
import { MAX_MEMBERS_PER_WORKSPACE, MAX_PENDING_INVITATIONS, WORKSPACE_MESSAGES } from "./rules";

type Read = Pick<QueryCtx, "db">;

/** Every member of the workspace (at most the cap). */
export async function membersOf(ctx: Read, workspaceId: Id<"workspaces">): Promise<Doc<"workspaceMembers">[]> {
  return await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId))
    .take(MAX_MEMBERS_PER_WORKSPACE + 1);
}

/** The member `userId` of the workspace, or NOT_FOUND. */
export async function memberOrThrow(ctx: Read, workspaceId: Id<"workspaces">, userId: Id<"users">): Promise<Doc<"workspaceMembers">> {
  const member = await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId).eq("userId", userId))
    .unique();
  if (member === null) throw appError("NOT_FOUND", WORKSPACE_MESSAGES.memberNotFound);
  return member;
}

/** How many owners the workspace has, counted up to two: all "at least one owner" needs. */
export async function ownersUpToTwo(ctx: Read, workspaceId: Id<"workspaces">): Promise<number> {
  const owners = await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", "owner"))
    .take(2);
  return owners.length;
}

/** The workspace's pending invitations and join links, oldest first (at most the cap). */
export async function invitationsOf(ctx: Read, workspaceId: Id<"workspaces">): Promise<Doc<"workspaceInvitations">[]> {
  return await ctx.db
    .query("workspaceInvitations")
    .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId))
    .take(MAX_PENDING_INVITATIONS + 1);
}

/** Refuses a new invitation or join link past the caps on pending ones and on members. */
export async function assertRoomToInvite(ctx: Read, workspaceId: Id<"workspaces">): Promise<void> {
  if ((await invitationsOf(ctx, workspaceId)).length >= MAX_PENDING_INVITATIONS) {
    throw appError("INVALID", WORKSPACE_MESSAGES.tooManyInvitations);
  }
  if ((await membersOf(ctx, workspaceId)).length >= MAX_MEMBERS_PER_WORKSPACE) {
    throw appError("INVALID", WORKSPACE_MESSAGES.tooManyMembers);
  }
}

/**
 * The live invitation `token` opens: an e-mail invitation (/invite/…) or a join link
 * (/join/…), unexpired; null for anything else, forged, used, withdrawn or expired alike.
 */
export async function openInvitation(ctx: Read, token: string): Promise<Doc<"workspaceInvitations"> | null> {
  for (const via of ["email", "link"] as const) {
    const hash = verifiedHash(via === "email" ? "invite" : "join", token);
    if (hash === null) continue;
    const invitation = await ctx.db
      .query("workspaceInvitations")
      .withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash))
      .unique();
    if (invitation === null || invitation.via !== via || invitation.expiresAt <= Date.now()) return null;
    return invitation;
  }
  return null;
}

/** Whether `user` is the one an e-mail invitation went to: the same address, proven. */
export function isAddressee(invitation: Doc<"workspaceInvitations">, user: Doc<"users">): boolean {
  if (invitation.via === "link") return true;
  return user.emailVerificationTime !== undefined && user.email !== undefined && normaliseAddress(user.email) === invitation.email;
}
