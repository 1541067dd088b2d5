// The app's own sign-in state, beside Convex Auth's tables. Codes and links live
// here (hashed) rather than in Convex Auth's authVerificationCodes, so that no code
// can be redeemed through Convex Auth's provider-less `signIn({ params: { code } })`
// path, and so that nothing (no user, no wallet) exists before an address or number
// has proved itself.
import { defineTable } from "convex/server";
import { v } from "convex/values";

const emailLinkPurposeValidator = v.union(v.literal("signUp"), v.literal("reset"));

export const authStateTables = {
  // One outstanding link per address and purpose: a pending sign-up (with the
  // password it will set) or a password reset. The newest request replaces the last.
  emailLinks: defineTable({
    purpose: emailLinkPurposeValidator,
    email: v.string(),
    codeHash: v.string(),
    expiresAt: v.number(),
    // Sign-up only: the scrypt hash of the chosen password, and where sign-up began.
    passwordHash: v.optional(v.string()),
    from: v.optional(v.string()),
    ref: v.optional(v.string()),
  })
    .index("by_email_and_purpose", ["email", "purpose"])
    .index("by_codeHash", ["codeHash"]),

  // The SMS code outstanding for one E.164 number, and how often it was guessed wrong.
  phoneCodes: defineTable({
    phone: v.string(),
    codeHash: v.string(),
    expiresAt: v.number(),
    failures: v.number(),
  }).index("by_phone", ["phone"]),
};
