// Next-of-kin contacts and beneficiaries: shapes and checks shared by the
// server (which refuses) and /nok (which shows the same messages per field).
import { v, type Infer } from "convex/values";
import { oneLineError } from "../oneLine";
import { MESSAGES } from "../errors";
import { normalisePhone } from "../phone";

export const NOK_LIMITS = {
  name: 100,
  relationship: 60,
  email: 254,
  contacts: 20,
  instructions: 2000,
  beneficiariesPerAsset: 20,
} as const;

export const NOK_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${NOK_LIMITS.name} characters`,
  relationshipRequired: "Relationship is required",
  relationshipTooLong: `Relationship must be at most ${NOK_LIMITS.relationship} characters`,
  invalidEmail: "Please enter a valid email address",
  invalidPhone: MESSAGES.invalidPhone,
  duplicateEmail: "You already have a contact with this email",
  ownEmail: "You cannot add yourself as a next of kin",
  tooManyContacts: `You can add at most ${NOK_LIMITS.contacts} contacts`,
  contactNotFound: "Contact not found",
  notWillAsset: "Beneficiaries can be set on will assets only",
  noBeneficiaries: "Choose at least one contact",
  duplicateBeneficiary: "Each contact can be named once per asset",
  badShare: "Share must be a whole percentage from 1 to 100",
  sharesOver: "Shares must add up to 100% or less",
  shareOrInstructions: "Give each beneficiary a share or instructions",
  instructionsTooLong: `Instructions must be at most ${NOK_LIMITS.instructions} characters`,
  invalidLink: "This link is invalid or has expired.",
  noEmail: "Add an email address first",
} as const;

export const contactStatusValidator = v.union(v.literal("pending"), v.literal("confirmed"));

/** `phoneCountry`: the country a nationally typed phone number is for (ISO code, as on sign-in). */
export type ContactInput = { name: string; relationship: string; email: string; phone: string; phoneCountry?: string };
export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Trims, lowercases the email and writes the phone in E.164 by the shared normaliser (national
 * input read for `phoneCountry`, as sign-in does); a phone it cannot read is kept for the error.
 */
export function cleanContact(input: ContactInput): Omit<ContactInput, "phoneCountry"> {
  return {
    name: input.name.trim(),
    relationship: input.relationship.trim(),
    email: input.email.trim().toLowerCase(),
    phone: normalisePhone(input.phone, input.phoneCountry) ?? input.phone.trim(),
  };
}

export function contactErrors(c: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  const name = c.name === "" ? NOK_MESSAGES.nameRequired : c.name.length > NOK_LIMITS.name ? NOK_MESSAGES.nameTooLong : oneLineError("Name", c.name);
  if (name !== undefined) errors.name = name;
  const relationship =
    c.relationship === "" ? NOK_MESSAGES.relationshipRequired
    : c.relationship.length > NOK_LIMITS.relationship ? NOK_MESSAGES.relationshipTooLong
    : oneLineError("Relationship", c.relationship);
  if (relationship !== undefined) errors.relationship = relationship;
  if (c.email.length > NOK_LIMITS.email || !EMAIL.test(c.email)) errors.email = NOK_MESSAGES.invalidEmail;
  if (normalisePhone(c.phone) === null) errors.phone = NOK_MESSAGES.invalidPhone;
  return errors;
}

type BeneficiaryInput = { contactId: string; share?: number; instructions?: string };

/** First problem with an asset's beneficiary list, or null. */
export function beneficiariesError(list: BeneficiaryInput[]): string | null {
  if (list.length === 0) return NOK_MESSAGES.noBeneficiaries;
  if (list.length > NOK_LIMITS.beneficiariesPerAsset) return NOK_MESSAGES.noBeneficiaries;
  if (new Set(list.map((b) => b.contactId)).size !== list.length) return NOK_MESSAGES.duplicateBeneficiary;
  let total = 0;
  for (const b of list) {
    const instructions = b.instructions?.trim() ?? "";
    if (b.share !== undefined && (!Number.isInteger(b.share) || b.share < 1 || b.share > 100)) return NOK_MESSAGES.badShare;
    if (instructions.length > NOK_LIMITS.instructions) return NOK_MESSAGES.instructionsTooLong;
    if (b.share === undefined && instructions === "") return NOK_MESSAGES.shareOrInstructions;
    total += b.share ?? 0;
  }
  return total > 100 ? NOK_MESSAGES.sharesOver : null;
}

export const contactViewValidator = v.object({
  _id: v.id("nokContacts"),
  name: v.string(),
  relationship: v.string(),
  email: v.string(),
  phone: v.string(),
  status: contactStatusValidator,
  invitedAt: v.union(v.number(), v.null()),
  confirmedAt: v.union(v.number(), v.null()),
  createdAt: v.number(),
});
export type ContactView = Infer<typeof contactViewValidator>;

export const beneficiaryViewValidator = v.object({
  contactId: v.id("nokContacts"),
  contactName: v.string(),
  share: v.union(v.number(), v.null()),
  instructions: v.union(v.string(), v.null()),
});
export type BeneficiaryView = Infer<typeof beneficiaryViewValidator>;

export const willAssetViewValidator = v.object({
  _id: v.id("assets"),
  name: v.string(),
  serial: v.string(),
  beneficiaries: v.array(beneficiaryViewValidator),
});
export type WillAssetView = Infer<typeof willAssetViewValidator>;
