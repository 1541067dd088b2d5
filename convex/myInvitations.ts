// "Invitations for you": a signed-in user's pending e-mail invitations, listed in the app so an
// existing account can accept or decline without the e-mailed link. The proven address (a
// verified e-mail matching the one invited) stands for the link, as it does when the link is
// opened signed in (isAddressee in lib/workspaces/members.ts).
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { userMutation, viewerQuery } from "./lib/access";
import { displayName } from "./lib/assets/read";
import { normaliseAddress } from "./lib/auth/emailIdentity";
import { appError } from "./lib/errors";
import { logActivity } from "./lib/workspaces/activity";
import { membership } from "./lib/workspaces/policy";
import { WORKSPACE_MESSAGES } from "./lib/workspaces/rules";
import { addMember } from "./lib/workspaces/store";
import { invitationForMeValidator } from "./lib/workspaces/tables";

/** The most invitations "Invitations for you" lists at once. */
const FOR_ME_LIMIT = 20;

/** The caller's proven address, as invitations are addressed (none for an unverified or phone-only account). */
function provenAddress(user: Doc<"users">): string | null {
  return user.emailVerificationTime !== undefined && user.email !== undefined ? normaliseAddress(user.email) : null;
}

/** Pending e-mail invitations to the signed-in user's address, for accepting in the app without the link. */
export const list = viewerQuery({
  signedOut: [],
  args: {},
  returns: v.array(invitationForMeValidator),
  handler: async (ctx) => {
    const email = provenAddress(ctx.user);
    if (email === null) return [];
    const pending = await ctx.db
      .query("workspaceInvitations")
      .withIndex("by_email_and_expiresAt", (q) => q.eq("email", email).gt("expiresAt", Date.now()))
      .take(FOR_ME_LIMIT);
    const views = await Promise.all(
      pending.map(async (i) => {
        const workspace = await ctx.db.get("workspaces", i.workspaceId);
        if (workspace === null || i.via !== "email" || (await membership(ctx, workspace._id, ctx.user._id)) !== null) return null;
        return { _id: i._id, workspaceName: workspace.name, kind: workspace.kind, role: i.role, invitedBy: displayName(await ctx.db.get("users", i.invitedBy)), expiresAt: i.expiresAt };
      }),
    );
    return views.filter((view) => view !== null);
  },
});

/** An invitation listed in "Invitations for you": live, by e-mail, to the caller's proven address; else NOT_FOUND. */
async function invitationToCaller(ctx: MutationCtx & { user: Doc<"users"> }, invitationId: Id<"workspaceInvitations">) {
  const invitation = await ctx.db.get("workspaceInvitations", invitationId);
  const email = provenAddress(ctx.user);
  if (invitation === null || invitation.via !== "email" || email === null || invitation.email !== email || invitation.expiresAt <= Date.now()) {
    throw appError("NOT_FOUND", WORKSPACE_MESSAGES.invitationNotFound);
  }
  return invitation;
}

/** Accepts an invitation from "Invitations for you" (the proven address stands for the link); returns the workspace. */
export const accept = userMutation({
  args: { invitationId: v.id("workspaceInvitations") },
  returns: v.id("workspaces"),
  handler: async (ctx, { invitationId }) => {
    const invitation = await invitationToCaller(ctx, invitationId);
    const { workspaceId } = invitation;
    const isNew = (await membership(ctx, workspaceId, ctx.user._id)) === null;
    if (isNew) await addMember(ctx, workspaceId, ctx.user._id, invitation.role);
    await ctx.db.delete("workspaceInvitations", invitation._id);
    if (isNew) await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "joined", subject: "by invitation", role: invitation.role });
    return workspaceId;
  },
});

/** Declines an invitation from "Invitations for you"; its link stops working. */
export const decline = userMutation({
  args: { invitationId: v.id("workspaceInvitations") },
  returns: v.null(),
  handler: async (ctx, { invitationId }) => {
    const invitation = await invitationToCaller(ctx, invitationId);
    await ctx.db.delete("workspaceInvitations", invitation._id);
    await logActivity(ctx, { workspaceId: invitation.workspaceId, actorId: ctx.user._id, kind: "invitationDeclined", subject: invitation.email ?? "" });
    return null;
  },
});
