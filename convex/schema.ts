import { defineSchema, defineTable } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { auditLogFields, outboxFields, roleValidator } from "./lib/validators";
import { newsTables } from "./lib/news/schema";
import { bugReportTables } from "./lib/bugReports/schema";
import { walletTables } from "./lib/wallet/schema";
import { assetTables } from "./lib/assets/schema";
import { verifyTables } from "./lib/verify/schema";
import { daoTables } from "./lib/dao/schema";
import { businessRequestTables } from "./lib/admin/schema";
import { legacyTables } from "./lib/legacy/schema";
import { importTables } from "./lib/csv/schema";
import { paymentTables } from "./lib/payments/schema";
import { stickerTables } from "./lib/stickers/schema";
import { inventoryTables } from "./lib/inventory/schema";
import { authStateTables } from "./lib/auth/authTables";
import { workspaceTables } from "./lib/workspaces/schema";
import { locationTables } from "./lib/locations/schema";
import { custodyTables } from "./lib/custody/schema";
import { auditTables } from "./lib/audits/schema";
import { privacyTables } from "./lib/privacy/schema";
import { reportTables } from "./lib/reports/schema";
import { customFieldTables } from "./lib/customFields/schema";
import { upkeepTables } from "./lib/upkeep/schema";
import { portTables } from "./lib/ports/schema";

// Every table: the account core here (users, sessions, security, audit, outbox, limits),
// each product domain's tables in convex/lib/<domain>/schema.ts.
export default defineSchema({
  ...authTables,
  ...authStateTables,
  // Convex Auth's users table, extended with the user's profile fields.
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
    // The dashboard's getting-started checklist was dismissed.
    onboardingDismissedAt: v.optional(v.number()),
    // Erased after the deletion grace period: a tombstone without personal data, so
    // kept records (ledger, shared workspaces) still name a valid "Former member".
    deletedAt: v.optional(v.number()),
  })
    .index("email", ["email"])
    .index("by_emailKey", ["emailKey"])
    .index("phone", ["phone"])
    // Referral links (/?ref=CODE) resolve the referrer; also keeps codes unique.
    .index("by_referralCode", ["referralCode"])
    // Default referrer fallback: the first admin when DEFAULT_REFERRER_EMAIL is unset.
    .index("by_role", ["role"]),

  // Dev inbox: email and SMS that would have left through Resend / Twilio.
  outbox: defineTable(outboxFields)
    // An erased account's messages go with it (lib/privacy/redact.ts).
    .index("by_to", ["to"]),

  // Role and flag changes; listed newest first (by _creationTime) in the admin panel.
  auditLog: defineTable(auditLogFields)
    // A user's access history on the admin user screen.
    .index("by_targetId", ["targetId"]),

  ...newsTables,
  ...bugReportTables,
  ...walletTables,
  ...assetTables,
  ...verifyTables,
  ...daoTables,
  ...businessRequestTables,
  ...legacyTables,
  ...importTables,
  ...paymentTables,
  ...stickerTables,
  ...inventoryTables,
  ...workspaceTables,
  ...locationTables,
  ...custodyTables,
  ...auditTables,
  ...privacyTables,
  ...reportTables,
  ...customFieldTables,
  ...upkeepTables,
  ...portTables,
  // Account security. TOTP two-factor: one row per user once enrolment starts.
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
    // The device's IANA time zone, shown as where it is (optional: rows written before it).
    timeZone: v.optional(v.string()),
    lastSeenAt: v.number(),
  })
    .index("by_sessionId", ["sessionId"])
    .index("by_userId", ["userId"]),
});
