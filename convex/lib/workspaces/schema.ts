// The workspace tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import {
  workspaceActivityFields,
  workspaceFields,
  workspaceInvitationFields,
  workspaceMemberFields,
  workspaceMoveFields,
  verifiedNameRequestFields,
} from "./tables";

export const workspaceTables = {
  // A register: personal (one per user), household or business. It owns every registry record.
  workspaces: defineTable(workspaceFields)
    // A user's personal workspace (the one they created of kind personal), and the cap on creations.
    .index("by_createdBy_and_kind", ["createdBy", "kind"]),
  // Who belongs to a workspace, with which role.
  workspaceMembers: defineTable(workspaceMemberFields)
    // The policy's membership check on every workspace call.
    .index("by_workspaceId_and_userId", ["workspaceId", "userId"])
    // The switcher: a user's workspaces.
    .index("by_userId", ["userId"])
    // Owners and admins of a workspace ("at least one owner"), and members by role.
    .index("by_workspaceId_and_role", ["workspaceId", "role"]),
  // Pending e-mail invitations and join links; each is deleted when it expires (scheduled at creation).
  workspaceInvitations: defineTable(workspaceInvitationFields)
    // Opening a link: the hash of its token.
    .index("by_tokenHash", ["tokenHash"])
    // The members page's list, and the cap on pending invitations.
    .index("by_workspaceId_and_createdAt", ["workspaceId", "createdAt"])
    // A second invitation to the same address renews the first.
    .index("by_workspaceId_and_email", ["workspaceId", "email"])
    // "Invitations for you": the pending invitations to a signed-in user's address.
    .index("by_email_and_expiresAt", ["email", "expiresAt"]),
  // Who did what in a workspace, newest first on the activity feed.
  workspaceActivity: defineTable(workspaceActivityFields)
    .index("by_workspaceId_and_at", ["workspaceId", "at"])
    // An erased account's name or address leaves the entries about it (lib/privacy/redact.ts).
    .index("by_userId_and_subject", ["userId", "subject"])
    .index("by_kind_and_subject", ["kind", "subject"]),
  // Moving everything out of a workspace before it is deleted; its latest job is its progress.
  workspaceMoves: defineTable(workspaceMoveFields).index("by_workspaceId_and_startedAt", ["workspaceId", "startedAt"]),
  // A deleted workspace's erasure under way: its chain's lease and last step, so the hourly
  // sweep finds one gone quiet (a step that threw, a lost run) and resumes it once.
  workspaceErasures: defineTable({ workspaceId: v.id("workspaces"), lease: v.number(), stepAt: v.number() })
    .index("by_workspaceId", ["workspaceId"])
    .index("by_stepAt", ["stepAt"]),
  // Verified names asked for by businesses and decided by site admins.
  verifiedNameRequests: defineTable(verifiedNameRequestFields)
    // /admin: pending requests, oldest first.
    .index("by_status_and_createdAt", ["status", "createdAt"])
    // A workspace's latest request (its settings; one pending at a time).
    .index("by_workspaceId_and_createdAt", ["workspaceId", "createdAt"]),
};
