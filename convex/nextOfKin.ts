// Next of kin: contacts, their email confirmation, and who
// receives each will asset. Contacts need no account; they confirm through a signed link.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, type MutationCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { ownedBy, publicMutation, userMutation, viewerQuery } from "./lib/access";
import { beneficiariesOf, moveTypedBeneficiaries, replaceBeneficiaries } from "./lib/legacy/beneficiaries";
import { displayName, personalAsset, personalAssetOrNull } from "./lib/assets/read";
import { personalWorkspaceId } from "./lib/workspaces/store";
import { takeInviteSlot } from "./lib/limits";
import { appError } from "./lib/errors";
import { getSettings } from "./lib/legacy/engine";
import { contactsOf, logLegacy, siteUrl } from "./lib/legacy/log";
import { CONTACT_INVITE_TTL_MS } from "./lib/legacy/rules";
import { createToken, verifiedHash } from "./lib/signedLinks";
import {
  NOK_LIMITS,
  NOK_MESSAGES,
  beneficiariesError,
  beneficiaryViewValidator,
  cleanContact,
  contactErrors,
  contactViewValidator,
  willAssetViewValidator,
} from "./lib/legacy/nokRules";
import { sendEmail } from "./lib/outbound";
import { TOKEN_LINKS, tokenPath } from "./lib/tokenLinks";

const WILL_ASSETS_LIMIT = 100;

export const list = viewerQuery({
  signedOut: [],
  args: {},
  returns: v.array(contactViewValidator),
  handler: async (ctx) => {
    return (await contactsOf(ctx, ctx.user._id)).map((c) => ({
      _id: c._id,
      name: c.name,
      relationship: c.relationship,
      email: c.email,
      phone: c.phone,
      status: c.status,
      invitedAt: c.invitedAt ?? null,
      confirmedAt: c.confirmedAt ?? null,
      createdAt: c.createdAt,
    }));
  },
});

export const add = userMutation({
  // phoneCountry: the country a nationally typed phone is for ("GB"); international input needs none.
  args: { name: v.string(), relationship: v.string(), email: v.string(), phone: v.string(), phoneCountry: v.optional(v.string()) },
  returns: v.id("nokContacts"),
  handler: async (ctx, args) => {
    const contact = cleanContact(args);
    const first = Object.values(contactErrors(contact))[0];
    if (first !== undefined) throw appError("INVALID", first);
    if (contact.email === ctx.user.email?.toLowerCase()) throw appError("INVALID", NOK_MESSAGES.ownEmail);
    if ((await contactsOf(ctx, ctx.user._id)).length >= NOK_LIMITS.contacts) {
      throw appError("INVALID", NOK_MESSAGES.tooManyContacts);
    }
    const same = await ctx.db
      .query("nokContacts")
      .withIndex("by_ownerId_and_email", (q) => q.eq("ownerId", ctx.user._id).eq("email", contact.email))
      .first();
    if (same !== null) throw appError("INVALID", NOK_MESSAGES.duplicateEmail);
    await takeInviteSlot(ctx, ctx.user._id, contact.email);
    const contactId = await ctx.db.insert("nokContacts", {
      ownerId: ctx.user._id,
      ...contact,
      status: "pending",
      createdAt: Date.now(),
    });
    await logLegacy(ctx, ctx.user._id, "contact", `Added ${contact.name} (${contact.relationship}) as next of kin`);
    await ctx.scheduler.runAfter(0, internal.nextOfKin.sendInvite, { contactId });
    return contactId;
  },
});

/** A plan never asks for more confirmations than there are confirmed contacts (never "2 of 1"). */
async function fitThreshold(ctx: MutationCtx, ownerId: Id<"users">) {
  const plan = await getSettings(ctx, ownerId);
  if (plan === null) return;
  const confirmed = (await contactsOf(ctx, ownerId)).filter((c) => c.status === "confirmed").length;
  const fitted = Math.max(1, Math.min(plan.threshold, confirmed));
  if (fitted === plan.threshold) return;
  await ctx.db.patch("legacySettings", plan._id, { threshold: fitted, updatedAt: Date.now() });
  await logLegacy(ctx, ownerId, "settings", `Confirmations needed lowered to ${fitted}: you have ${confirmed} confirmed contact(s)`);
}

async function ownContact(ctx: MutationCtx, contactId: Id<"nokContacts">, ownerId: Id<"users">) {
  return ownedBy(await ctx.db.get("nokContacts", contactId), (contact) => contact.ownerId, ownerId, NOK_MESSAGES.contactNotFound);
}

/** Corrects a contact; a new email address must be confirmed again (a fresh invitation goes to it). */
export const update = userMutation({
  args: {
    contactId: v.id("nokContacts"),
    name: v.string(),
    relationship: v.string(),
    email: v.string(),
    phone: v.string(),
    phoneCountry: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { contactId, ...args }) => {
    const contact = await ownContact(ctx, contactId, ctx.user._id);
    const next = cleanContact(args);
    const first = Object.values(contactErrors(next))[0];
    if (first !== undefined) throw appError("INVALID", first);
    if (next.email === ctx.user.email?.toLowerCase()) throw appError("INVALID", NOK_MESSAGES.ownEmail);
    const newEmail = next.email !== contact.email;
    if (newEmail) {
      const same = await ctx.db
        .query("nokContacts")
        .withIndex("by_ownerId_and_email", (q) => q.eq("ownerId", ctx.user._id).eq("email", next.email))
        .first();
      if (same !== null) throw appError("INVALID", NOK_MESSAGES.duplicateEmail);
      await takeInviteSlot(ctx, ctx.user._id, next.email);
    }
    const reconfirm = newEmail
      ? { status: "pending" as const, confirmedAt: undefined, tokenHash: undefined, invitedAt: undefined, inviteExpiresAt: undefined }
      : {};
    await ctx.db.patch("nokContacts", contactId, { ...next, ...reconfirm });
    await logLegacy(ctx, ctx.user._id, "contact", `Updated ${next.name}${newEmail ? `: new email ${next.email} to confirm` : ""}`);
    if (newEmail) {
      await fitThreshold(ctx, ctx.user._id);
      await ctx.scheduler.runAfter(0, internal.nextOfKin.sendInvite, { contactId });
    }
    return null;
  },
});

export const resendInvite = userMutation({
  args: { contactId: v.id("nokContacts") },
  returns: v.null(),
  handler: async (ctx, { contactId }) => {
    const contact = await ownContact(ctx, contactId, ctx.user._id);
    if (contact.status === "confirmed") throw appError("INVALID", "This contact has already confirmed");
    if (contact.email === "") throw appError("INVALID", NOK_MESSAGES.noEmail);
    await takeInviteSlot(ctx, ctx.user._id, contact.email);
    await ctx.scheduler.runAfter(0, internal.nextOfKin.sendInvite, { contactId });
    return null;
  },
});

export const remove = userMutation({
  args: { contactId: v.id("nokContacts") },
  returns: v.null(),
  handler: async (ctx, { contactId }) => {
    const contact = await ownContact(ctx, contactId, ctx.user._id);
    const assigned = await ctx.db
      .query("beneficiaries")
      .withIndex("by_contactId", (q) => q.eq("contactId", contactId))
      .take(WILL_ASSETS_LIMIT);
    for (const b of assigned) await ctx.db.delete("beneficiaries", b._id);
    await ctx.db.delete("nokContacts", contactId);
    await logLegacy(ctx, ctx.user._id, "contact", `Removed ${contact.name} from next of kin`);
    await fitThreshold(ctx, ctx.user._id);
    return null;
  },
});

/** /nok/confirm/:token: the contact agrees to be next of kin. */
export const confirm = publicMutation({
  args: { token: v.string() },
  returns: v.object({ ownerName: v.string(), contactName: v.string() }),
  handler: async (ctx, { token }) => {
    const hash = verifiedHash("contact", token);
    const contact = hash === null ? null : await ctx.db
      .query("nokContacts")
      .withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash))
      .unique();
    const now = Date.now();
    if (contact === null || (contact.inviteExpiresAt ?? 0) < now) throw appError("INVALID", NOK_MESSAGES.invalidLink);
    await ctx.db.patch("nokContacts", contact._id, { status: "confirmed", confirmedAt: now, tokenHash: undefined });
    await logLegacy(ctx, contact.ownerId, "contact", `${contact.name} confirmed they are your next of kin`);
    return { ownerName: displayName(await ctx.db.get("users", contact.ownerId)), contactName: contact.name };
  },
});

/** The asset page's beneficiaries: the same list /nok edits; empty for anyone but the owner. */
export const assetBeneficiaries = viewerQuery({
  signedOut: [],
  args: { assetId: v.string() },
  returns: v.array(beneficiaryViewValidator),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = await personalAssetOrNull(ctx, assetId, ctx.user._id);
    if (asset === null || asset.kind !== "will") return [];
    return await beneficiariesOf(ctx, asset._id);
  },
});

export const willAssets = viewerQuery({
  signedOut: [],
  args: {},
  returns: v.array(willAssetViewValidator),
  handler: async (ctx) => {
    const ownerId = ctx.user._id;
    const personal = await personalWorkspaceId(ctx, ownerId);
    if (personal === null) return [];
    const assets = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_kind_and_taggedAt", (q) => q.eq("workspaceId", personal).eq("kind", "will"))
      .order("desc")
      .take(WILL_ASSETS_LIMIT);
    const names = new Map((await contactsOf(ctx, ownerId)).map((c) => [c._id, c.name]));
    return await Promise.all(
      assets.map(async (a) => ({ _id: a._id, name: a.name, serial: a.serial, beneficiaries: await beneficiariesOf(ctx, a._id, names) })),
    );
  },
});

/** Replaces an asset's beneficiaries (an empty list clears them). */
export const setBeneficiaries = userMutation({
  args: {
    assetId: v.id("assets"),
    beneficiaries: v.array(
      v.object({ contactId: v.id("nokContacts"), share: v.optional(v.number()), instructions: v.optional(v.string()) }),
    ),
  },
  returns: v.null(),
  handler: async (ctx, { assetId, beneficiaries }) => {
    const asset = await personalAsset(ctx, assetId, ctx.user._id);
    if (asset.kind !== "will") throw appError("INVALID", NOK_MESSAGES.notWillAsset);
    const problem = beneficiaries.length === 0 ? null : beneficiariesError(beneficiaries);
    if (problem !== null) throw appError("INVALID", problem);
    const names: string[] = [];
    for (const b of beneficiaries) names.push((await ownContact(ctx, b.contactId, ctx.user._id)).name);
    await moveTypedBeneficiaries(ctx, asset);
    await replaceBeneficiaries(ctx, asset, ctx.user._id, beneficiaries);
    const who = names.length === 0 ? "nobody" : names.join(", ");
    await logLegacy(ctx, ctx.user._id, "settings", `Beneficiaries of ${asset.name} (${asset.serial}): ${who}`);
    return null;
  },
});

/** Stores the hash of a fresh confirmation link; returns what the email needs. */
export const attachInviteToken = internalMutation({
  args: { contactId: v.id("nokContacts"), hash: v.string() },
  returns: v.union(v.null(), v.object({ to: v.string(), contactName: v.string(), ownerName: v.string() })),
  handler: async (ctx, { contactId, hash }) => {
    const contact = await ctx.db.get("nokContacts", contactId);
    if (contact === null || contact.status === "confirmed" || contact.email === "") return null;
    const now = Date.now();
    await ctx.db.patch("nokContacts", contactId, { tokenHash: hash, invitedAt: now, inviteExpiresAt: now + CONTACT_INVITE_TTL_MS });
    await logLegacy(ctx, contact.ownerId, "contact", `Confirmation email sent to ${contact.name}`);
    const ownerName = displayName(await ctx.db.get("users", contact.ownerId));
    return { to: contact.email, contactName: contact.name, ownerName };
  },
});

export const sendInvite = internalAction({
  args: { contactId: v.id("nokContacts") },
  returns: v.null(),
  handler: async (ctx, { contactId }) => {
    const { token, hash } = createToken("contact");
    const mail = await ctx.runMutation(internal.nextOfKin.attachInviteToken, { contactId, hash });
    if (mail === null) return null;
    const link = siteUrl(tokenPath(TOKEN_LINKS.nokConfirm.path, { token }));
    await sendEmail(ctx, {
      to: mail.to,
      subject: `${mail.ownerName} named you as next of kin on TagMyThing`,
      body:
        `Hello ${mail.contactName},\n\n${mail.ownerName} has added you as a next of kin on TagMyThing. ` +
        `Please confirm by opening this link (valid for 14 days):\n${link}\n\n` +
        `If you do not know ${mail.ownerName}, ignore this email.`,
      link,
    });
    return null;
  },
});
