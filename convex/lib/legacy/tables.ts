// Field shapes of the next-of-kin and legacy tables (schema.ts block "Next of kin").
import { v } from "convex/values";
import { contactStatusValidator } from "./nokRules";
import { legacyEventTypeValidator, legacyStateValidator } from "./rules";

export const nokContactFields = {
  ownerId: v.id("users"),
  name: v.string(),
  relationship: v.string(),
  email: v.string(),
  phone: v.string(),
  status: contactStatusValidator,
  // Hash of the live confirmation link (set when the email leaves).
  tokenHash: v.optional(v.string()),
  invitedAt: v.optional(v.number()),
  inviteExpiresAt: v.optional(v.number()),
  confirmedAt: v.optional(v.number()),
  createdAt: v.number(),
};

export const beneficiaryFields = {
  ownerId: v.id("users"),
  assetId: v.id("assets"),
  contactId: v.id("nokContacts"),
  share: v.optional(v.number()),
  instructions: v.optional(v.string()),
};

export const legacySettingsFields = {
  ownerId: v.id("users"),
  enabled: v.boolean(),
  periodMonths: v.number(),
  threshold: v.number(),
  lastCheckInAt: v.number(),
  state: legacyStateValidator,
  // Warnings (days before) already sent for `warnedDeadline`; a new deadline starts afresh.
  warnedDeadline: v.optional(v.number()),
  warningsSent: v.array(v.number()),
  lapsedAt: v.optional(v.number()),
  releasedAt: v.optional(v.number()),
  jobId: v.optional(v.id("_scheduled_functions")),
  updatedAt: v.number(),
};

export const legacyEventFields = {
  ownerId: v.id("users"),
  type: legacyEventTypeValidator,
  summary: v.string(),
  at: v.number(),
};

export const legacyConfirmationFields = {
  ownerId: v.id("users"),
  contactId: v.id("nokContacts"),
  lapsedAt: v.number(),
  tokenHash: v.optional(v.string()),
  expiresAt: v.number(),
  confirmedAt: v.optional(v.number()),
};

export const legacyGrantFields = {
  ownerId: v.id("users"),
  contactId: v.id("nokContacts"),
  tokenHash: v.optional(v.string()),
  expiresAt: v.number(),
  createdAt: v.number(),
  revokedAt: v.optional(v.number()),
  openedAt: v.optional(v.number()),
};
