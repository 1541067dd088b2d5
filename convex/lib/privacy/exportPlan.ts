// Where "Download my data" reads each table that names a user (the same list deletion
// covers, lib/privacy/coverage.ts; the type makes a new table there need its entry here):
//   user      = rows whose `field` is the user, through `index`
//   workspace = rows of each workspace the user owns, through `index` on `field`
//   child     = rows hanging off the rows of `parent` already exported (an asset's owners)
//   self      = the user's own document / each owned workspace's document
import type { TableNames } from "../../_generated/dataModel";
import type { USER_TABLES } from "./coverage";

type Read = { index: string; field: string };
export type Way =
  | ({ scope: "user" } & Read)
  | ({ scope: "workspace" } & Read)
  | ({ scope: "child"; parent: TableNames } & Read)
  | { scope: "self" };

const user = (index: string, field = "userId"): Way => ({ scope: "user", index, field });
const workspace = (index: string, field = "workspaceId"): Way => ({ scope: "workspace", index, field });

/** Tables of a workspace's records that name no user: read by its export all the same. */
type WorkspaceOnly = "customFields" | "maintenancePlans" | "maintenanceLog" | "locations" | "kitParts";

export const EXPORT_PLAN: { [T in keyof typeof USER_TABLES | WorkspaceOnly]: Way[] } = {
  users: [{ scope: "self" }],
  authAccounts: [user("userIdAndProvider")],
  authSessions: [user("userId")],
  sessionInfo: [user("by_userId")],
  twoFactor: [user("by_userId")],
  accountDeletions: [user("by_userId")],
  dataExports: [user("by_userId_and_requestedAt")],
  newsReads: [user("by_userId")],
  bugReports: [user("by_userId")],
  businessRequests: [user("by_userId_and_createdAt")],
  nokContacts: [user("by_ownerId_and_createdAt", "ownerId")],
  beneficiaries: [user("by_ownerId_and_contactId", "ownerId")],
  legacySettings: [user("by_ownerId", "ownerId")],
  legacyEvents: [user("by_ownerId_and_at", "ownerId")],
  legacyConfirmations: [user("by_ownerId_and_lapsedAt", "ownerId")],
  legacyGrants: [user("by_ownerId", "ownerId")],
  workspaceMembers: [user("by_userId")],
  wallets: [user("by_userId"), workspace("by_workspaceId")],
  transactions: [user("by_userId_and_createdAt"), workspace("by_workspaceId_and_createdAt")],
  topUpOrders: [user("by_userId_and_createdAt")],
  referrals: [user("by_referredId", "referredId"), user("by_referrerId_and_createdAt", "referrerId")],
  auditLog: [user("by_targetId", "targetId")],
  articles: [user("by_authorId", "authorId")],
  proposals: [user("by_createdBy", "createdBy")],
  votes: [user("by_voterId", "voterId")],
  transfers: [user("by_toUserId_and_status", "toUserId"), workspace("by_fromWorkspaceId_and_status", "fromWorkspaceId")],
  workspaces: [{ scope: "self" }],
  assets: [workspace("by_workspaceId_and_taggedAt")],
  assetEvents: [workspace("by_workspaceId_and_at")],
  assetOwners: [{ scope: "child", parent: "assets", index: "by_assetId", field: "assetId" }],
  importJobs: [workspace("by_workspaceId_and_createdAt")],
  stockGroups: [workspace("by_workspaceId_and_dimension_and_key")],
  verifyAlerts: [workspace("by_workspaceId_and_at")],
  foundReports: [workspace("by_workspaceId_and_at")],
  stickerBatches: [workspace("by_workspaceId_and_createdAt")],
  stickerCodes: [{ scope: "child", parent: "stickerBatches", index: "by_batchId", field: "batchId" }],
  workspaceInvitations: [workspace("by_workspaceId_and_createdAt")],
  workspaceActivity: [workspace("by_workspaceId_and_at")],
  stolenReports: [{ scope: "child", parent: "assets", index: "by_assetId_and_reportedAt", field: "assetId" }],
  workspaceMoves: [workspace("by_workspaceId_and_startedAt")],
  verifiedNameRequests: [workspace("by_workspaceId_and_createdAt")],
  checkouts: [workspace("by_workspaceId")],
  loans: [workspace("by_workspaceId_and_open_and_dueAt")],
  bookings: [workspace("by_workspaceId_and_status_and_startAt")],
  audits: [workspace("by_workspaceId_and_startedAt")],
  auditItems: [workspace("by_workspaceId")],
  workspacePorts: [user("by_userId"), workspace("by_workspaceId_and_kind_and_startedAt")],
  customFields: [workspace("by_workspaceId_and_categoryKey")],
  maintenancePlans: [workspace("by_workspaceId_and_dueOn")],
  maintenanceLog: [{ scope: "child", parent: "assets", index: "by_assetId_and_doneOn", field: "assetId" }],
  locations: [workspace("by_workspaceId_and_path")],
  kitParts: [workspace("by_workspaceId")],
};

/** Secrets never leave, even to their owner: password and code hashes, TOTP secrets, link tokens. */
const SECRET_FIELD = /hash|secret|^code$/i;

/** A row as the export writes it. */
export type ExportRow = Record<string, unknown> & { _id: string };

export function withoutSecrets(row: object & { _id: string }): ExportRow {
  return { ...Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_FIELD.test(key))), _id: row._id };
}

/** Tables holding a workspace's records that its export leaves out on purpose, and why. */
export const WORKSPACE_EXCLUDED: Partial<Record<TableNames, string>> = {
  dataExports: "Download my data's own requests (they name the workspaces they cover): in the user's copy (account/)",
  assetFileRefs: "derived: which item holds a stored file, rebuilt from assets.files",
  customFieldValues: "derived: the index of assets.custom, rebuilt by its trigger",
  worthTotals: "derived: the items' values summed per currency, rebuilt by the assets trigger",
  tagRequests: "idempotency keys of recent tagging requests, meaningless elsewhere",
  importUndo: "a CSV import's undo journal, only for that import",
  workspacePortItems: "a workspace import's undo journal, only for that import",
  upkeepReminders: "reminders already sent; the new workspace is reminded in its turn",
  workspaceMembers: "people, not records: an import brings records; each member's own copy is their Download my data",
  beneficiaries: "an owner's legacy plan: in their Download my data (account/)",
  topUpOrders: "an owner's card payments: in their Download my data (account/)",
  insuranceReports: "derived: a report's PDF and CSV, rebuilt from the items on request; a new one replaces it",
  workspaceErasures: "a deleted workspace's erasure in progress: no one belongs to it any more",
};
