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

/**
 * What each Convex component (convex.config.ts) keeps that may name a user, and what account
 * erasure does with it. A test reads convex.config.ts and fails when a mounted component is
 * missing here. "erased" is done by lib/privacy/erase.ts; "kept" is listed in KEPT_AFTER_DELETION.
 */
export const COMPONENT_DATA = {
  "rate-limiter": "erased: every budget keyed by the user's id, address or number (forgetLimitsOf in lib/limits.ts).",
  presence: "erased: the user leaves every room (lib/presence/client.ts); a deleted workspace's list rooms and its items' rooms go with it.",
  resend:
    "kept for days: e-mails (address, text, links) are forgotten a day after Resend reports their fate, or a week after queueing (outbound.forgetSentEmails, hourly); listed in KEPT_AFTER_DELETION.",
  twilio:
    "kept: the component stores every text message it sends (number, text, delivery status) and offers no way to delete one; listed in KEPT_AFTER_DELETION.",
  workpool: "needn't: a queued job's arguments (an SMS's number and text, an import batch) are deleted by the pool when the job completes.",
  migrations: "needn't: it records migration progress only, never a user.",
  aggregate: "needn't: each aggregate mirrors app rows through triggers (lib/counts/triggers.ts); erasing or tombstoning the row updates it in the same transaction.",
  "sharded-counter": "needn't: asset counts are keyed by workspace, never by user.",
} as const;
