import { defineSchema, defineTable } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { v } from "convex/values";
import {
  bugStatusValidator,
  consoleEntryValidator,
  statusChangeValidator,
  viewportValidator,
} from "./lib/bugReports/rules";
import {
  auditActionValidator,
  fieldChangeValidator,
  outboxFields,
  roleValidator,
} from "./lib/validators";
import { referralCounterFields, referralFields, transactionFields } from "./lib/wallet/tables";
import { foundReportFields, verifyAlertFields } from "./lib/verify/tables";
import { proposalFields, tallyFields, voteFields } from "./lib/dao/rules";
import { businessRequestFields } from "./lib/admin/rules";
import {
  assetChangeValidator,
  assetEventTypeValidator,
  assetFields,
  transferStatusValidator,
} from "./lib/assets/tables";
import {
  beneficiaryFields,
  importJobFields,
  legacyConfirmationFields,
  legacyEventFields,
  legacyGrantFields,
  legacySettingsFields,
  nokContactFields,
} from "./lib/legacy/tables";
import { authStateTables } from "./lib/auth/authTables";

export default defineSchema({
  ...authTables,
  ...authStateTables,
  // Convex Auth's users table, extended with the profile (spec's user_profiles).
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    role: v.optional(roleValidator),
    isBusinessUser: v.optional(v.boolean()),
    isAdminInfluencer: v.optional(v.boolean()),
    fullName: v.optional(v.string()),
    avatarUrl: v.optional(v.string()),
    referralCode: v.optional(v.string()),
    lastActiveAt: v.optional(v.number()),
    // mailboxKey(email): one key per inbox, so an alias cannot sign up twice.
    emailKey: v.optional(v.string()),
  })
    .index("email", ["email"])
    .index("by_emailKey", ["emailKey"])
    .index("phone", ["phone"])
    // Referral links (/?ref=CODE) resolve the referrer; also keeps codes unique.
    .index("by_referralCode", ["referralCode"])
    // Default referrer fallback: the first admin when DEFAULT_REFERRER_EMAIL is unset.
    .index("by_role", ["role"]),

  // Dev inbox: email and SMS that would have left through Resend / Twilio.
  outbox: defineTable(outboxFields),

  // Role and flag changes; listed newest first (by _creationTime) in the admin panel.
  auditLog: defineTable({
    actorId: v.id("users"),
    targetId: v.id("users"),
    action: auditActionValidator,
    changes: v.array(fieldChangeValidator),
  })
    // A user's access history on the admin user screen.
    .index("by_targetId", ["targetId"]),

  // Fixed-window counters (code and email sends per identifier).
  rateLimits: defineTable({
    key: v.string(),
    windowStart: v.number(),
    count: v.number(),
  })
    // One counter per key.
    .index("by_key", ["key"]),

  // News (issue 5): the spec's news_articles, and when each reader last opened /news.
  articles: defineTable({
    title: v.string(),
    content: v.string(),
    category: v.string(),
    imageUrl: v.optional(v.string()),
    isPublished: v.boolean(),
    authorId: v.id("users"),
    createdAt: v.number(),
    // Last time it went live: readers' unread counts compare against it.
    publishedAt: v.optional(v.number()),
    // A draft scheduled to go live by itself, and the scheduler job that will do it.
    publishAt: v.optional(v.number()),
    publishJobId: v.optional(v.id("_scheduled_functions")),
  })
    // /news newest first; management stats count each side.
    .index("by_isPublished_and_createdAt", ["isPublished", "createdAt"])
    // /news filtered by category; distinct categories in use.
    .index("by_isPublished_and_category_and_createdAt", ["isPublished", "category", "createdAt"])
    // Unread count: published since the reader last opened /news.
    .index("by_isPublished_and_publishedAt", ["isPublished", "publishedAt"])
    // Management's "All Articles", drafts and published together, newest first.
    .index("by_createdAt", ["createdAt"]),
  newsReads: defineTable({
    userId: v.id("users"),
    lastSeenAt: v.number(),
  })
    // The signed-in reader's own row (unread count, mark seen).
    .index("by_userId", ["userId"]),

  // Bug reports (issue 6): the widget's reports and their triage. Screenshots live in file storage.
  bugReports: defineTable({
    userId: v.id("users"),
    reporterRole: roleValidator,
    description: v.string(),
    consoleLogs: v.array(consoleEntryValidator),
    screenshotId: v.id("_storage"),
    pageUrl: v.string(),
    userAgent: v.string(),
    viewport: viewportValidator,
    clientTimestamp: v.string(),
    status: bugStatusValidator,
    statusHistory: v.array(statusChangeValidator),
    updatedAt: v.number(),
  })
    // /bug-reports and /moderator filtered by status, newest first.
    .index("by_status", ["status"])
    // 'My bug reports' newest first; the hourly limit counts the last hour's.
    .index("by_userId", ["userId"]),

  // Wallet and referrals (issue 4). Balances change only in convex/lib/ledger.ts.
  wallets: defineTable({ userId: v.id("users"), balance: v.number() })
    // The signed-in user's wallet (header balance, /wallet, every earn and spend).
    .index("by_userId", ["userId"]),
  transactions: defineTable(transactionFields)
    // /wallet history, newest first.
    .index("by_userId_and_createdAt", ["userId", "createdAt"]),
  referrals: defineTable(referralFields)
    // One application per referred user; walking a referrer's chain to refuse cycles.
    .index("by_referredId", ["referredId"])
    // /referrals: the people who joined through me, newest first.
    .index("by_referrerId_and_createdAt", ["referrerId", "createdAt"]),
  referralCounters: defineTable(referralCounterFields)
    // Totals, a referrer's row, and the 30-day range of daily rows.
    .index("by_kind_and_key", ["kind", "key"])
    // Admin leaderboard: referrers by people referred.
    .index("by_kind_and_referred", ["kind", "referred"]),

  // Assets (issue 7): the registry, serials reserved forever, history, provenance and transfers.
  assets: defineTable(assetFields)
    // /verify/{serial} and tagging's uniqueness check.
    .index("by_serial", ["serial"])
    // /assets newest or oldest first; dashboard counts.
    .index("by_ownerId_and_taggedAt", ["ownerId", "taggedAt"])
    // /assets filtered by kind.
    .index("by_ownerId_and_kind_and_taggedAt", ["ownerId", "kind", "taggedAt"])
    // /assets filtered by status.
    .index("by_ownerId_and_status_and_taggedAt", ["ownerId", "status", "taggedAt"])
    // /public-assets newest first.
    .index("by_visibility_and_taggedAt", ["visibility", "taggedAt"])
    // /assets filtered by kind and status.
    .index("by_ownerId_and_kind_and_status_and_taggedAt", ["ownerId", "kind", "status", "taggedAt"])
    // /assets sorted by name, unfiltered or filtered by kind, status or both.
    .index("by_ownerId_and_name", ["ownerId", "name"])
    .index("by_ownerId_and_kind_and_name", ["ownerId", "kind", "name"])
    .index("by_ownerId_and_status_and_name", ["ownerId", "status", "name"])
    .index("by_ownerId_and_kind_and_status_and_name", ["ownerId", "kind", "status", "name"])
    // /assets search (ownerId, kind, status) and /public-assets search (visibility).
    .searchIndex("search_text", {
      searchField: "searchText",
      filterFields: ["ownerId", "visibility", "kind", "status"],
    }),
  // Every serial ever issued, kept after the asset is deleted so it is never reused.
  serials: defineTable({ serial: v.string() })
    // Uniqueness check when a serial is drawn.
    .index("by_serial", ["serial"]),
  // The history of every change to an asset (who and when).
  assetEvents: defineTable({
    assetId: v.id("assets"),
    actorId: v.id("users"),
    type: assetEventTypeValidator,
    summary: v.string(),
    changes: v.optional(v.array(assetChangeValidator)),
    at: v.number(),
  })
    // An asset's history, newest first.
    .index("by_assetId_and_at", ["assetId", "at"]),
  // Append-only chain of owners; `to` is set when ownership moves on.
  assetOwners: defineTable({
    assetId: v.id("assets"),
    ownerId: v.id("users"),
    from: v.number(),
    to: v.optional(v.number()),
  })
    // Provenance of one asset in order.
    .index("by_assetId", ["assetId"]),
  // Which asset holds each stored file, so one upload is never attached twice.
  assetFileRefs: defineTable({ storageId: v.id("_storage"), assetId: v.id("assets") })
    // Attach check and file removal.
    .index("by_storageId", ["storageId"]),
  transfers: defineTable({
    assetId: v.id("assets"),
    fromUserId: v.id("users"),
    toUserId: v.id("users"),
    toEmail: v.string(),
    status: transferStatusValidator,
    createdAt: v.number(),
    respondedAt: v.optional(v.number()),
  })
    // Incoming offers panel on /assets.
    .index("by_toUserId_and_status", ["toUserId", "status"])
    // One pending offer per asset; the detail page's pending offer.
    .index("by_assetId_and_status", ["assetId", "status"])
    // Outgoing offers.
    .index("by_fromUserId_and_status", ["fromUserId", "status"]),

  // Verify page (issue 7b): a live alert for the owner on every (rate-limited) visit, and finders' messages.
  verifyAlerts: defineTable(verifyAlertFields)
    // The owner's alerts panel and toast, newest first.
    .index("by_ownerId_and_at", ["ownerId", "at"]),
  foundReports: defineTable(foundReportFields)
    // The owner's found reports on /dashboard, newest first.
    .index("by_ownerId_and_at", ["ownerId", "at"]),

  // DAO (issue 9): proposals, one vote per member per proposal, and one tally
  // document per proposal that the vote mutation keeps current (the live tally reads it alone).
  proposals: defineTable(proposalFields),
  proposalTallies: defineTable(tallyFields)
    // The tally of one proposal.
    .index("by_proposalId", ["proposalId"]),
  votes: defineTable(voteFields)
    // A member's vote on a proposal (one each; changed in place).
    .index("by_proposalId_and_voterId", ["proposalId", "voterId"]),

  // Business upgrade requests (issues 8 and 9): asked on /business-upgrade, decided in /admin.
  businessRequests: defineTable(businessRequestFields)
    // The requester's latest request on /business-upgrade.
    .index("by_userId_and_createdAt", ["userId", "createdAt"])
    // /admin: pending requests, oldest first; recently decided ones.
    .index("by_status_and_createdAt", ["status", "createdAt"]),

  // Next of kin, legacy release and business CSV imports (issue 8, items 1-3).
  nokContacts: defineTable(nokContactFields)
    // /nok contact list, oldest first.
    .index("by_ownerId_and_createdAt", ["ownerId", "createdAt"])
    // One contact per email per owner.
    .index("by_ownerId_and_email", ["ownerId", "email"])
    // /nok/confirm/:token.
    .index("by_tokenHash", ["tokenHash"]),
  beneficiaries: defineTable(beneficiaryFields)
    // An asset's beneficiaries on /nok.
    .index("by_assetId", ["assetId"])
    // What one beneficiary receives on release.
    .index("by_ownerId_and_contactId", ["ownerId", "contactId"])
    // Removing a contact removes their assignments.
    .index("by_contactId", ["contactId"]),
  legacySettings: defineTable(legacySettingsFields)
    // The owner's plan.
    .index("by_ownerId", ["ownerId"])
    // The cron sweep over plans still waiting.
    .index("by_enabled_and_state", ["enabled", "state"]),
  legacyEvents: defineTable(legacyEventFields)
    // The owner's legacy log, newest first.
    .index("by_ownerId_and_at", ["ownerId", "at"]),
  legacyConfirmations: defineTable(legacyConfirmationFields)
    // /legacy/confirm/:token.
    .index("by_tokenHash", ["tokenHash"])
    // Requests of one lapse (counting confirmations, cancelling).
    .index("by_ownerId_and_lapsedAt", ["ownerId", "lapsedAt"]),
  legacyGrants: defineTable(legacyGrantFields)
    // /legacy/:token.
    .index("by_tokenHash", ["tokenHash"])
    // Revoking an owner's grants on check-in.
    .index("by_ownerId", ["ownerId"]),
  importJobs: defineTable(importJobFields)
    // /business-dashboard: the latest import's live progress.
    .index("by_ownerId_and_createdAt", ["ownerId", "createdAt"]),
  importItems: defineTable({ jobId: v.id("importJobs"), assetId: v.id("assets") })
    // Rolling back a failed import.
    .index("by_jobId", ["jobId"]),
  // Account security (issue 10). TOTP two-factor: one row per user once enrolment starts.
  twoFactor: defineTable({
    userId: v.id("users"),
    // Base32 secret of the enabled factor; absent until a code confirms enrolment.
    secret: v.optional(v.string()),
    // Secret shown as a QR code, waiting for its first code.
    pendingSecret: v.optional(v.string()),
    // SHA-256 (hex) of each unused recovery code; the codes themselves are shown once.
    recoveryCodeHashes: v.array(v.string()),
    // Newest time step accepted, so a code cannot be used twice.
    lastUsedStep: v.optional(v.number()),
    enabledAt: v.optional(v.number()),
  }).index("by_userId", ["userId"]),
  // What the sessions list shows beside Convex Auth's authSessions (device, last seen).
  sessionInfo: defineTable({
    sessionId: v.id("authSessions"),
    userId: v.id("users"),
    userAgent: v.string(),
    lastSeenAt: v.number(),
  })
    .index("by_sessionId", ["sessionId"])
    .index("by_userId", ["userId"]),
});
