import { defineSchema, defineTable } from "convex/server";
import { authTables } from "@convex-dev/auth/server";
import { v } from "convex/values";
import {
  auditActionValidator,
  fieldChangeValidator,
  outboxFields,
  roleValidator,
} from "./lib/validators";

export default defineSchema({
  ...authTables,
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
  })
    .index("email", ["email"])
    .index("phone", ["phone"])
    // Referral links (/?ref=CODE) resolve the referrer; also keeps codes unique.
    .index("by_referralCode", ["referralCode"]),

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
});
