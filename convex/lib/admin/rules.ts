// Admin panel and business-upgrade shapes (issues 8 and 9), shared by schema, args and returns.
import { pick } from "convex-helpers";
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { roleValidator } from "../validators";

export const USER_SEARCH_MAX = 100;
/** The admin's users table: by join date or by email. */
export const USER_SORTS = ["newest", "oldest", "email", "email_desc"] as const;
export const userSortValidator = literals(...USER_SORTS);
export type UserSort = Infer<typeof userSortValidator>;
export const BUSINESS_REQUEST_NOTE_MAX = 500;
export const BUSINESS_REQUESTS_LIST_LIMIT = 50;

export const ADMIN_PANEL_MESSAGES = {
  alreadyBusiness: "Your account already has business features",
  alreadyPending: "Your request is already waiting for an admin",
  noteTooLong: `Tell us in at most ${BUSINESS_REQUEST_NOTE_MAX} characters`,
  requestNotFound: "Request not found",
  alreadyDecided: "This request has already been decided",
  searchTooLong: `Search must be at most ${USER_SEARCH_MAX} characters`,
} as const;

const businessRequestStatusValidator = v.union(
  v.literal("pending"),
  v.literal("granted"),
  v.literal("declined"),
);

export const businessRequestFields = {
  userId: v.id("users"),
  status: businessRequestStatusValidator,
  // What the business is and what it wants the features for (optional).
  note: v.string(),
  createdAt: v.number(),
  decidedAt: v.optional(v.number()),
  decidedBy: v.optional(v.id("users")),
};

// The views pick their fields from the table definition; an undecided request has decidedAt null.
export const myBusinessRequestValidator = v.object({
  _id: v.id("businessRequests"),
  ...pick(businessRequestFields, ["status", "note", "createdAt"]),
  decidedAt: v.union(v.number(), v.null()),
});

export const businessRequestRowValidator = v.object({
  _id: v.id("businessRequests"),
  ...pick(businessRequestFields, ["userId", "status", "note", "createdAt"]),
  email: v.union(v.string(), v.null()),
  fullName: v.union(v.string(), v.null()),
  decidedAt: v.union(v.number(), v.null()),
});
export type BusinessRequestRow = Infer<typeof businessRequestRowValidator>;

export const adminUserRowValidator = v.object({
  _id: v.id("users"),
  _creationTime: v.number(),
  email: v.union(v.string(), v.null()),
  phone: v.union(v.string(), v.null()),
  fullName: v.union(v.string(), v.null()),
  role: roleValidator,
  isBusinessUser: v.boolean(),
  isAdminInfluencer: v.boolean(),
  lastActiveAt: v.union(v.number(), v.null()),
  // An erased account (a tombstone): listed as a "Former member", nothing to change or run.
  erased: v.boolean(),
});
export type AdminUserRow = Infer<typeof adminUserRowValidator>;

export const auditRowValidator = v.object({
  _id: v.id("auditLog"),
  _creationTime: v.number(),
  actor: v.union(v.string(), v.null()),
  target: v.union(v.string(), v.null()),
  changes: v.array(
    v.object({
      field: v.string(),
      from: v.union(v.string(), v.boolean(), v.null()),
      to: v.union(v.string(), v.boolean()),
    }),
  ),
});
