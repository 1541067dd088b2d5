// The legacy tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { beneficiaryFields, legacyConfirmationFields, legacyEventFields, legacyGrantFields, legacySettingsFields, nokContactFields } from "./tables";

export const legacyTables = {
  // Next of kin, legacy release and business CSV imports.
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
};
