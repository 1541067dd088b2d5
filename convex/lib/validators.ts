import { literals, withSystemFields } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

// Every shape shared by schema, args and returns is defined here once.
export const ROLES = ["influencer", "moderator", "admin"] as const;
export const roleValidator = literals(...ROLES);
export type Role = Infer<typeof roleValidator>;

const channelValidator = v.union(v.literal("email"), v.literal("sms"));

export const profileValidator = v.object({
  _id: v.id("users"),
  email: v.union(v.string(), v.null()),
  phone: v.union(v.string(), v.null()),
  fullName: v.union(v.string(), v.null()),
  avatarUrl: v.union(v.string(), v.null()),
  role: roleValidator,
  isBusinessUser: v.boolean(),
  isAdminInfluencer: v.boolean(),
  referralCode: v.string(),
  emailVerified: v.boolean(),
  lastActiveAt: v.union(v.number(), v.null()),
  createdAt: v.number(),
});
export type Profile = Infer<typeof profileValidator>;

export const outboxFields = {
  channel: channelValidator,
  to: v.string(),
  subject: v.string(),
  body: v.string(),
  link: v.optional(v.string()),
};
// An outbox row as the dev inbox lists it: the table's fields, with no link as null.
export const outboxMessageValidator = v.object({
  ...withSystemFields("outbox", outboxFields),
  link: v.union(v.string(), v.null()),
});

// One changed field: before and after.
export const fieldChangeValidator = v.object({
  field: v.union(
    v.literal("role"),
    v.literal("isBusinessUser"),
    v.literal("isAdminInfluencer"),
  ),
  from: v.union(v.string(), v.boolean(), v.null()),
  to: v.union(v.string(), v.boolean()),
});

const auditActionValidator = v.union(v.literal("setUserAccess"));

export const auditLogFields = {
  actorId: v.id("users"),
  targetId: v.id("users"),
  action: auditActionValidator,
  changes: v.array(fieldChangeValidator),
};
export const auditEntryValidator = v.object(withSystemFields("auditLog", auditLogFields));
