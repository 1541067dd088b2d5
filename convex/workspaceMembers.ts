// Members of a shared workspace: the list, invitations by e-mail and by join link, accepting
// and declining them, role changes, removal, leaving and handing over ownership. The rules
// (who may do what, caps, at least one owner) are in lib/workspaces/; every change is
// written to the workspace's activity log.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { publicMutation, publicQuery, userMutation, workspaceMutation, workspaceQuery } from "./lib/access";
import { displayName } from "./lib/assets/read";
import { mailboxKey } from "./lib/auth/emailIdentity";
import { parseEmail } from "./lib/auth/input";
import { PRODUCT_NAME } from "./lib/constants";
import { appError } from "./lib/errors";
import { siteUrl } from "./lib/legacy/log";
import { enforceLimit, takeWorkspaceInviteSlot } from "./lib/limits";
import { sendEmail } from "./lib/outbound";
import { createToken } from "./lib/signedLinks";
import { TOKEN_LINKS, tokenPath } from "./lib/tokenLinks";
import { internalMutation } from "./lib/writes";
import { logActivity } from "./lib/workspaces/activity";
import {
  assertRoomToInvite,
  invitationsOf,
  isAddressee,
  memberOrThrow,
  membersOf,
  openInvitation,
  ownersUpToTwo,
} from "./lib/workspaces/members";
import { membership } from "./lib/workspaces/policy";
import {
  CREATABLE_KINDS,
  INVITATION_TTL_DAYS,
  JOIN_LINK_DAYS,
  ROLE_LABELS,
  WORKSPACE_MESSAGES,
  roleChangeProblem,
} from "./lib/workspaces/rules";
import { addMember } from "./lib/workspaces/store";
import {
  WORKSPACE_ROLES,
  invitableRoleValidator,
  invitationPreviewValidator,
  invitationViewValidator,
  memberViewValidator,
  workspaceRoleValidator,
} from "./lib/workspaces/tables";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Only shared workspaces have members to manage; a personal one is never shared. */
const SHARED = CREATABLE_KINDS;

/** The workspace's members, owners first, then by name. Emptied live for someone removed. */
export const list = workspaceQuery({
  absent: [],
  args: {},
  returns: v.array(memberViewValidator),
  handler: async (ctx) => {
    const members = await membersOf(ctx, ctx.workspace._id);
    const views = await Promise.all(
      members.map(async (m) => {
        const user = await ctx.db.get("users", m.userId);
        return {
          userId: m.userId,
          name: displayName(user),
          email: user?.email ?? null,
          role: m.role,
          joinedAt: m.joinedAt,
          isYou: m.userId === ctx.user._id,
        };
      }),
    );
    const rank = (r: Doc<"workspaceMembers">["role"]) => WORKSPACE_ROLES.indexOf(r);
    return views.sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name));
  },
});

/** Pending e-mail invitations and join links, for those who manage members; empty for others. */
export const invitations = workspaceQuery({
  can: "manageMembers",
  kinds: SHARED,
  absent: [],
  args: {},
  returns: v.array(invitationViewValidator),
  handler: async (ctx) => {
    const now = Date.now();
    const live = (await invitationsOf(ctx, ctx.workspace._id)).filter((i) => i.expiresAt > now);
    return await Promise.all(
      live.map(async (i) => ({
        _id: i._id,
        via: i.via,
        email: i.email ?? null,
        role: i.role,
        invitedBy: displayName(await ctx.db.get("users", i.invitedBy)),
        createdAt: i.createdAt,
        expiresAt: i.expiresAt,
      })),
    );
  },
});

/** Logs a change the caller made to another member (named as they are now; the feed shows their current name). */
async function logMemberChange(
  ctx: MutationCtx & { user: Doc<"users">; workspace: Doc<"workspaces"> },
  kind: "roleChanged" | "removed" | "ownershipTransferred",
  userId: Id<"users">,
  role?: Doc<"workspaceMembers">["role"],
) {
  const user = await ctx.db.get("users", userId);
  await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind, subject: displayName(user), userId, role });
}

/** The invitation's link expires: it is deleted then (unless renewed meanwhile). */
async function scheduleExpiry(ctx: MutationCtx, invitationId: Id<"workspaceInvitations">, expiresAt: number) {
  await ctx.scheduler.runAt(expiresAt, internal.workspaceMembers.expire, { invitationId, expiresAt });
}

/**
 * Invites `email` with `role`. The answer is the same whether or not the address has an
 * account: the mail says how to sign in or sign up. Inviting a pending address again sends
 * a fresh link (the old one stops working) with the new role.
 */
export const invite = workspaceMutation({
  can: "manageMembers",
  kinds: SHARED,
  args: { email: v.string(), role: invitableRoleValidator },
  returns: v.null(),
  handler: async (ctx, args) => {
    const email = parseEmail(args.email);
    const workspaceId = ctx.workspace._id;
    for (const user of await ctx.db.query("users").withIndex("email", (q) => q.eq("email", email)).take(5)) {
      if ((await membership(ctx, workspaceId, user._id)) !== null) throw appError("INVALID", WORKSPACE_MESSAGES.alreadyMember);
    }
    const pending = await ctx.db
      .query("workspaceInvitations")
      .withIndex("by_workspaceId_and_email", (q) => q.eq("workspaceId", workspaceId).eq("email", email))
      .first();
    if (pending === null) await assertRoomToInvite(ctx, workspaceId);
    await takeWorkspaceInviteSlot(ctx, workspaceId, mailboxKey(email));
    const { token, hash } = createToken("invite");
    const now = Date.now();
    const fields = { role: args.role, tokenHash: hash, invitedBy: ctx.user._id, createdAt: now, expiresAt: now + INVITATION_TTL_DAYS * DAY_MS };
    let invitationId: Id<"workspaceInvitations">;
    if (pending === null) {
      invitationId = await ctx.db.insert("workspaceInvitations", { workspaceId, via: "email", email, ...fields });
    } else {
      invitationId = pending._id;
      await ctx.db.patch("workspaceInvitations", pending._id, fields);
    }
    await scheduleExpiry(ctx, invitationId, fields.expiresAt);
    const link = siteUrl(tokenPath(TOKEN_LINKS.workspaceInvite.path, { token }));
    const inviter = displayName(ctx.user);
    const role = ROLE_LABELS[args.role].toLowerCase();
    // Member-written names stay out of the subject (what a spam filter and a glance see first).
    await sendEmail(ctx, {
      to: email,
      subject: `You are invited to a workspace on ${PRODUCT_NAME}`,
      body:
        `Hello,\n\n${inviter} invited you to join the workspace “${ctx.workspace.name}” on ${PRODUCT_NAME} as ${role}.\n\n` +
        `Open this link to accept or decline (valid for ${INVITATION_TTL_DAYS} days). If you have no account yet, ` +
        `you can create one there with this address:\n${link}\n\nIf you were not expecting this, ignore this e-mail.`,
      link,
    });
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "invited", subject: email, role: args.role });
    return null;
  },
});

/** A join link giving `role` to whoever opens it within `days`; returns its token (shown once). */
export const createJoinLink = workspaceMutation({
  can: "manageMembers",
  kinds: SHARED,
  args: { role: invitableRoleValidator, days: v.number() },
  returns: v.string(),
  handler: async (ctx, { role, days }) => {
    if (!(JOIN_LINK_DAYS as readonly number[]).includes(days)) throw appError("INVALID", WORKSPACE_MESSAGES.badLinkDays);
    const workspaceId = ctx.workspace._id;
    await assertRoomToInvite(ctx, workspaceId);
    // The same hourly budget as e-mails: creating and withdrawing links cannot loop unbounded.
    await enforceLimit(ctx, "workspaceInvite", workspaceId);
    const { token, hash } = createToken("join");
    const now = Date.now();
    const expiresAt = now + days * DAY_MS;
    const invitationId = await ctx.db.insert("workspaceInvitations", {
      workspaceId,
      via: "link",
      role,
      tokenHash: hash,
      invitedBy: ctx.user._id,
      createdAt: now,
      expiresAt,
    });
    await scheduleExpiry(ctx, invitationId, expiresAt);
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "joinLinkCreated", subject: `${days} days`, role });
    return token;
  },
});

/** Withdraws a pending invitation or join link: its link stops working at once. */
export const revokeInvitation = workspaceMutation({
  can: "manageMembers",
  kinds: SHARED,
  args: { invitationId: v.id("workspaceInvitations") },
  returns: v.null(),
  handler: async (ctx, { invitationId }) => {
    const invitation = await ctx.db.get("workspaceInvitations", invitationId);
    if (invitation === null || invitation.workspaceId !== ctx.workspace._id) {
      throw appError("NOT_FOUND", WORKSPACE_MESSAGES.invitationNotFound);
    }
    await ctx.db.delete("workspaceInvitations", invitationId);
    const subject = invitation.email === undefined ? "a join link" : `the invitation to ${invitation.email}`;
    await logActivity(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id, kind: "invitationRevoked", subject });
    return null;
  },
});

/** Deletes an invitation whose time is up (a renewed one has a later expiry and stays). */
export const expire = internalMutation({
  args: { invitationId: v.id("workspaceInvitations"), expiresAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { invitationId, expiresAt }) => {
    const invitation = await ctx.db.get("workspaceInvitations", invitationId);
    if (invitation !== null && invitation.expiresAt === expiresAt) await ctx.db.delete("workspaceInvitations", invitationId);
    return null;
  },
});

/** What the invitation page shows whoever holds a valid link; null for any other token. */
export const preview = publicQuery({
  args: { token: v.string() },
  returns: v.union(v.null(), invitationPreviewValidator),
  handler: async (ctx, { token }) => {
    const invitation = await openInvitation(ctx, token);
    if (invitation === null) return null;
    const workspace = await ctx.db.get("workspaces", invitation.workspaceId);
    if (workspace === null) return null;
    const alreadyMember = ctx.user !== null && (await membership(ctx, workspace._id, ctx.user._id)) !== null;
    return {
      workspaceName: workspace.name,
      kind: workspace.kind,
      via: invitation.via,
      role: invitation.role,
      invitedBy: displayName(await ctx.db.get("users", invitation.invitedBy)),
      expiresAt: invitation.expiresAt,
      alreadyMember,
      mayAccept: ctx.user !== null && !alreadyMember && isAddressee(invitation, ctx.user),
    };
  },
});

/** Joins the workspace the link invites to; returns its id. An e-mail invitation is then used up. */
export const accept = userMutation({
  args: { token: v.string() },
  returns: v.id("workspaces"),
  handler: async (ctx, { token }) => {
    const invitation = await openInvitation(ctx, token);
    if (invitation === null) throw appError("INVALID", WORKSPACE_MESSAGES.invalidLink);
    if (!isAddressee(invitation, ctx.user)) throw appError("FORBIDDEN", WORKSPACE_MESSAGES.wrongAddress);
    const { workspaceId } = invitation;
    const isNew = (await membership(ctx, workspaceId, ctx.user._id)) === null;
    if (isNew) await addMember(ctx, workspaceId, ctx.user._id, invitation.role);
    if (invitation.via === "email") await ctx.db.delete("workspaceInvitations", invitation._id);
    if (isNew) {
      const subject = invitation.via === "email" ? "by invitation" : "through a join link";
      await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "joined", subject, role: invitation.role });
    }
    return workspaceId;
  },
});

/** Declines an e-mail invitation (no account needed: the link is the proof); the link then stops working. */
export const decline = publicMutation({
  args: { token: v.string() },
  returns: v.null(),
  handler: async (ctx, { token }) => {
    const invitation = await openInvitation(ctx, token);
    if (invitation === null || invitation.via !== "email") throw appError("INVALID", WORKSPACE_MESSAGES.invalidLink);
    await ctx.db.delete("workspaceInvitations", invitation._id);
    const actorId = ctx.user !== null && isAddressee(invitation, ctx.user) ? ctx.user._id : undefined;
    await logActivity(ctx, {
      workspaceId: invitation.workspaceId,
      actorId,
      kind: "invitationDeclined",
      subject: invitation.email ?? "",
    });
    return null;
  },
});

/** Gives a member another role. Admins manage admins, editors and viewers; only owners touch the owner role. */
export const changeRole = workspaceMutation({
  can: "manageMembers",
  kinds: SHARED,
  args: { userId: v.id("users"), role: workspaceRoleValidator },
  returns: v.null(),
  handler: async (ctx, { userId, role }) => {
    const workspaceId = ctx.workspace._id;
    const target = await memberOrThrow(ctx, workspaceId, userId);
    if (target.role === role) return null;
    const problem = roleChangeProblem(ctx.member.role, target.role, role, await ownersUpToTwo(ctx, workspaceId));
    if (problem !== null) throw appError(problem === WORKSPACE_MESSAGES.lastOwner ? "INVALID" : "FORBIDDEN", problem);
    await ctx.db.patch("workspaceMembers", target._id, { role });
    await logMemberChange(ctx, "roleChanged", userId, role);
    return null;
  },
});

/** Removes another member; their open screens of the workspace empty at once. */
export const remove = workspaceMutation({
  can: "manageMembers",
  kinds: SHARED,
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    if (userId === ctx.user._id) throw appError("INVALID", WORKSPACE_MESSAGES.notYourself);
    const workspaceId = ctx.workspace._id;
    const target = await memberOrThrow(ctx, workspaceId, userId);
    // An owner removing another owner leaves at least themselves.
    if (target.role === "owner" && ctx.member.role !== "owner") throw appError("FORBIDDEN", WORKSPACE_MESSAGES.ownersOnly);
    await ctx.db.delete("workspaceMembers", target._id);
    await logMemberChange(ctx, "removed", userId);
    return null;
  },
});

/** The caller leaves the workspace; the last owner must first make someone else an owner. */
export const leave = workspaceMutation({
  can: "read",
  kinds: SHARED,
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const workspaceId = ctx.workspace._id;
    if (ctx.member.role === "owner" && (await ownersUpToTwo(ctx, workspaceId)) < 2) {
      throw appError("INVALID", WORKSPACE_MESSAGES.lastOwner);
    }
    await ctx.db.delete("workspaceMembers", ctx.member._id);
    await logActivity(ctx, { workspaceId, actorId: ctx.user._id, kind: "left", subject: displayName(ctx.user) });
    return null;
  },
});

/** Makes another member an owner and the caller an admin, in one step. */
export const transferOwnership = workspaceMutation({
  can: "transferOwnership",
  kinds: SHARED,
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    if (userId === ctx.user._id) throw appError("INVALID", WORKSPACE_MESSAGES.chooseAnother);
    const workspaceId = ctx.workspace._id;
    const target = await memberOrThrow(ctx, workspaceId, userId);
    await ctx.db.patch("workspaceMembers", target._id, { role: "owner" });
    await ctx.db.patch("workspaceMembers", ctx.member._id, { role: "admin" });
    await logMemberChange(ctx, "ownershipTransferred", userId);
    return null;
  },
});
