// Creating workspaces and memberships, with the caps of ./rules.ts. Invitations, role
// changes and leaving build on `addMember` (the one place a membership is written).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import { DEFAULT_CURRENCY } from "../money/currency";
import {
  MAX_MEMBERS_PER_WORKSPACE,
  MAX_WORKSPACES_PER_USER,
  PERSONAL_WORKSPACE_NAME,
  WORKSPACE_MESSAGES,
} from "./rules";
import { WORKSPACE_ROLES, type MyWorkspace, type WorkspaceKind, type WorkspaceRole } from "./tables";

/** The user's memberships, at most the cap (+1 to tell "at the cap" from "over"). */
async function membershipsOf(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return await ctx.db
    .query("workspaceMembers")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .take(MAX_WORKSPACES_PER_USER + 1);
}

/** Makes `userId` a member with `role`; refuses past either cap. No-op for an existing member. */
export async function addMember(
  ctx: MutationCtx,
  workspaceId: Id<"workspaces">,
  userId: Id<"users">,
  role: WorkspaceRole,
): Promise<Id<"workspaceMembers">> {
  const existing = await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId).eq("userId", userId))
    .unique();
  if (existing !== null) return existing._id;
  if ((await membershipsOf(ctx, userId)).length >= MAX_WORKSPACES_PER_USER) {
    throw appError("INVALID", WORKSPACE_MESSAGES.tooManyWorkspaces);
  }
  // Four role-prefixed ranges make the whole membership; each read is bounded by the cap.
  let members = 0;
  for (const r of WORKSPACE_ROLES) {
    members += (
      await ctx.db
        .query("workspaceMembers")
        .withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", r))
        .take(MAX_MEMBERS_PER_WORKSPACE)
    ).length;
  }
  if (members >= MAX_MEMBERS_PER_WORKSPACE) throw appError("INVALID", WORKSPACE_MESSAGES.tooManyMembers);
  return await ctx.db.insert("workspaceMembers", { workspaceId, userId, role, joinedAt: Date.now() });
}

/** A new workspace with `createdBy` as its owner. */
export async function createWorkspace(
  ctx: MutationCtx,
  fields: { name: string; kind: WorkspaceKind; createdBy: Id<"users"> },
): Promise<Id<"workspaces">> {
  if ((await membershipsOf(ctx, fields.createdBy)).length >= MAX_WORKSPACES_PER_USER) {
    throw appError("INVALID", WORKSPACE_MESSAGES.tooManyWorkspaces);
  }
  const workspaceId = await ctx.db.insert("workspaces", fields);
  await addMember(ctx, workspaceId, fields.createdBy, "owner");
  return workspaceId;
}

/**
 * The business workspace a user with business features works in by default, named after
 * them; made when the flag is granted (and by the migration for older accounts). Null when
 * the user already belongs to as many workspaces as allowed: they can make one later.
 */
export async function ensureBusinessWorkspace(ctx: MutationCtx, user: Doc<"users">): Promise<Id<"workspaces"> | null> {
  const existing = await ctx.db
    .query("workspaces")
    .withIndex("by_createdBy_and_kind", (q) => q.eq("createdBy", user._id).eq("kind", "business"))
    .first();
  if (existing !== null) return existing._id;
  if ((await membershipsOf(ctx, user._id)).length >= MAX_WORKSPACES_PER_USER) return null;
  const name = (user.fullName?.trim() || user.email?.split("@")[0] || "My business").slice(0, 80);
  return await createWorkspace(ctx, { name, kind: "business", createdBy: user._id });
}

/** The user's personal workspace, or null (an account made before workspaces, until the migration). */
export async function personalWorkspaceId(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<Id<"workspaces"> | null> {
  const workspace = await ctx.db
    .query("workspaces")
    .withIndex("by_createdBy_and_kind", (q) => q.eq("createdBy", userId).eq("kind", "personal"))
    .first();
  return workspace?._id ?? null;
}

/** Idempotent: the user's personal workspace, made now if they have none. */
export async function ensurePersonalWorkspace(ctx: MutationCtx, userId: Id<"users">): Promise<Id<"workspaces">> {
  const existing = await personalWorkspaceId(ctx, userId);
  if (existing !== null) return existing;
  return await createWorkspace(ctx, { name: PERSONAL_WORKSPACE_NAME, kind: "personal", createdBy: userId });
}

/** The workspace's longest-standing owner (who hears about it by email), or null. */
export async function firstOwner(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces"> | undefined): Promise<Doc<"users"> | null> {
  if (workspaceId === undefined) return null;
  const owner = await ctx.db
    .query("workspaceMembers")
    .withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", "owner"))
    .first();
  return owner === null ? null : await ctx.db.get("users", owner.userId);
}

function toMine(workspace: Doc<"workspaces">, role: WorkspaceRole): MyWorkspace {
  return {
    _id: workspace._id,
    name: workspace.name,
    kind: workspace.kind,
    role,
    verifiedName: workspace.verifiedName ?? null,
    currency: workspace.currency ?? DEFAULT_CURRENCY,
  };
}

/** The switcher's list: personal first, then by name. */
export async function myWorkspaces(ctx: Pick<QueryCtx, "db">, userId: Id<"users">): Promise<MyWorkspace[]> {
  const mine: MyWorkspace[] = [];
  for (const m of await membershipsOf(ctx, userId)) {
    const workspace = await ctx.db.get("workspaces", m.workspaceId);
    if (workspace !== null) mine.push(toMine(workspace, m.role));
  }
  return mine.sort((a, b) => Number(b.kind === "personal") - Number(a.kind === "personal") || a.name.localeCompare(b.name));
}
