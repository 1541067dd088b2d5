// Every table that names a user, and what account deletion does with its rows. A test
// (tests/convex/account-deletion.test.ts) reads the schema and fails when a table with a
// user id field is missing here, so a new table cannot slip past deletion unnoticed.
//   delete    = the rows go (erase.ts has one step per such table, typed from this list)
//   anonymise = the rows stay; the user id then names the erased account, a tombstone
//               without personal data that every screen shows as "Former member"
//   tombstone = the users row itself
import type { TableNames } from "../../_generated/dataModel";

type ErasePolicy = "delete" | "anonymise" | "tombstone";

export const USER_TABLES = {
  users: "tombstone",
  authAccounts: "delete",
  authSessions: "delete",
  sessionInfo: "delete",
  twoFactor: "delete",
  accountDeletions: "delete",
  dataExports: "delete",
  newsReads: "delete",
  bugReports: "delete",
  businessRequests: "delete",
  nokContacts: "delete",
  beneficiaries: "delete",
  legacySettings: "delete",
  legacyEvents: "delete",
  legacyConfirmations: "delete",
  legacyGrants: "delete",
  // Memberships go after the workspaces step (sole workspaces erased, shared ones handed on).
  workspaceMembers: "delete",
  // Kept: the ledger and payments (balances add up), audit, shared workspaces' records.
  wallets: "anonymise",
  transactions: "anonymise",
  topUpOrders: "anonymise",
  referrals: "anonymise",
  auditLog: "anonymise",
  articles: "anonymise",
  // DAO proposals and votes: tallies and quorums of closed votes still add up.
  proposals: "anonymise",
  votes: "anonymise",
  assets: "anonymise",
  assetEvents: "anonymise",
  assetOwners: "anonymise",
  transfers: "anonymise",
  importJobs: "anonymise",
  stockGroups: "anonymise",
  verifyAlerts: "anonymise",
  foundReports: "anonymise",
  stickerBatches: "anonymise",
  stickerCodes: "anonymise",
  workspaces: "anonymise",
  workspaceInvitations: "anonymise",
  workspaceActivity: "anonymise",
  // Who moved a workspace's items out, and who asked for or decided a verified name.
  // Stolen reports are the item's record (the workspace's); they go with the item.
  stolenReports: "anonymise",
  workspaceMoves: "anonymise",
  verifiedNameRequests: "anonymise",
  // Custody and bookings of shared workspaces: who lent, took back or booked (sole workspaces' go with them).
  checkouts: "anonymise",
  loans: "anonymise",
  bookings: "anonymise",
  // Audits of shared workspaces: who started, ended or scanned (sole workspaces' go with them).
  audits: "anonymise",
  auditItems: "anonymise",
  // Who exported or imported a workspace (a sole workspace's go with it).
  workspacePorts: "anonymise",
} as const satisfies Partial<Record<TableNames, ErasePolicy>>;

type UserTable = keyof typeof USER_TABLES;
export type DeletedTable = { [T in UserTable]: (typeof USER_TABLES)[T] extends "delete" ? T : never }[UserTable];
