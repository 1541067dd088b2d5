// The links legacy release sends: warnings to the owner, confirmation requests to
// contacts, and each beneficiary's read-only view of exactly their will assets.
// A bad, forged, expired or revoked link answers null (queries) or one INVALID
// message (mutations): nothing about the owner or assets is revealed.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import { internalAction, internalQuery, type QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { publicMutation, publicQuery } from "./lib/access";
import { displayName, personOfAsset } from "./lib/assets/read";
import { appError } from "./lib/errors";
import { getSettings } from "./lib/legacy/engine";
import { releaseCancelledEmail } from "./lib/legacy/signOfLife";
import { logLegacy, siteUrl } from "./lib/legacy/log";
import { createToken, verifiedHash } from "./lib/signedLinks";
import { NOK_MESSAGES } from "./lib/legacy/nokRules";
import { sendEmail } from "./lib/outbound";
import { TOKEN_LINKS, tokenPath } from "./lib/tokenLinks";

const fileView = v.object({ name: v.string(), url: v.union(v.string(), v.null()), contentType: v.string() });
const legacyAssetValidator = v.object({
  _id: v.id("assets"),
  name: v.string(),
  serial: v.string(),
  description: v.union(v.string(), v.null()),
  category: v.union(v.string(), v.null()),
  instructions: v.union(v.string(), v.null()),
  personalInstructions: v.union(v.string(), v.null()),
  share: v.union(v.number(), v.null()),
  photos: v.array(fileView),
  documents: v.array(fileView),
});

async function liveGrant(ctx: QueryCtx, token: string): Promise<Doc<"legacyGrants"> | null> {
  const hash = verifiedHash("grant", token);
  if (hash === null) return null;
  const grant = await ctx.db.query("legacyGrants").withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash)).unique();
  if (grant === null || grant.revokedAt !== undefined || grant.expiresAt < Date.now()) return null;
  // The owner acting after the release revokes it (lib/legacy/signOfLife.ts); a link never outlives that either way.
  const owner = await ctx.db.get("users", grant.ownerId);
  if ((owner?.lastActiveAt ?? 0) > grant.createdAt) return null;
  return grant;
}

/** /legacy/:token (and /legacy/:token/:assetId): only the will assets assigned to this beneficiary. */
export const view = publicQuery({
  args: { token: v.string(), assetId: v.optional(v.string()) },
  returns: v.union(
    v.null(),
    v.object({ ownerName: v.string(), contactName: v.string(), expiresAt: v.number(), assets: v.array(legacyAssetValidator) }),
  ),
  handler: async (ctx, args) => {
    const grant = await liveGrant(ctx, args.token);
    if (grant === null) return null;
    const contact = await ctx.db.get("nokContacts", grant.contactId);
    if (contact === null) return null;
    const rows = await ctx.db
      .query("beneficiaries")
      .withIndex("by_ownerId_and_contactId", (q) => q.eq("ownerId", grant.ownerId).eq("contactId", grant.contactId))
      .take(100);
    const assets = [];
    for (const row of rows) {
      if (args.assetId !== undefined && row.assetId !== args.assetId) continue;
      const asset = await ctx.db.get("assets", row.assetId);
      // Still the owner's will asset: a transferred or re-kinded asset is no longer theirs to pass on.
      if (asset === null || asset.details.kind !== "will" || (await personOfAsset(ctx, asset)) !== grant.ownerId) continue;
      const files = await Promise.all(
        asset.files.map(async (f) => ({ kind: f.kind, name: f.name, contentType: f.contentType, url: await ctx.storage.getUrl(f.storageId) })),
      );
      assets.push({
        _id: asset._id,
        name: asset.name,
        serial: asset.serial,
        description: asset.description ?? null,
        category: asset.category ?? null,
        instructions: asset.details.instructions ?? null,
        personalInstructions: row.instructions ?? null,
        share: row.share ?? null,
        photos: files.filter((f) => f.kind === "photo").map(({ name, url, contentType }) => ({ name, url, contentType })),
        documents: files.filter((f) => f.kind !== "photo").map(({ name, url, contentType }) => ({ name, url, contentType })),
      });
    }
    if (args.assetId !== undefined && assets.length === 0) return null;
    const owner = await ctx.db.get("users", grant.ownerId);
    return { ownerName: displayName(owner), contactName: contact.name, expiresAt: grant.expiresAt, assets };
  },
});

/** The beneficiary opened their link: logged once for the owner's record. */
export const recordOpen = publicMutation({
  args: { token: v.string() },
  returns: v.null(),
  handler: async (ctx, { token }) => {
    const grant = await liveGrant(ctx, token);
    if (grant === null) throw appError("INVALID", NOK_MESSAGES.invalidLink);
    if (grant.openedAt !== undefined) return null;
    const now = Date.now();
    await ctx.db.patch("legacyGrants", grant._id, { openedAt: now });
    const contact = await ctx.db.get("nokContacts", grant.contactId);
    await logLegacy(ctx, grant.ownerId, "link_opened", `${contact?.name ?? "A beneficiary"} opened their legacy link`, now);
    return null;
  },
});

/** /legacy/confirm/:token before the contact presses Confirm. */
export const confirmInfo = publicQuery({
  args: { token: v.string() },
  returns: v.union(
    v.null(),
    v.object({ ownerName: v.string(), contactName: v.string(), confirmed: v.boolean(), released: v.boolean() }),
  ),
  handler: async (ctx, { token }) => {
    const hash = verifiedHash("lapse", token);
    const row = hash === null ? null : await ctx.db.query("legacyConfirmations").withIndex("by_tokenHash", (q) => q.eq("tokenHash", hash)).unique();
    if (row === null || row.expiresAt < Date.now()) return null;
    const s = await getSettings(ctx, row.ownerId);
    if (s === null || s.lapsedAt !== row.lapsedAt) return null;
    const contact = await ctx.db.get("nokContacts", row.contactId);
    return {
      ownerName: displayName(await ctx.db.get("users", row.ownerId)),
      contactName: contact?.name ?? "",
      confirmed: row.confirmedAt !== undefined,
      released: s.state === "released",
    };
  },
});

const mailValidator = v.union(v.null(), v.object({ to: v.string(), contactName: v.string(), ownerName: v.string() }));

export const attachLapseToken = internalMutation({
  args: { id: v.id("legacyConfirmations"), hash: v.string() },
  returns: mailValidator,
  handler: async (ctx, { id, hash }) => {
    const row = await ctx.db.get("legacyConfirmations", id);
    const contact = row === null ? null : await ctx.db.get("nokContacts", row.contactId);
    if (row === null || contact === null) return null;
    await ctx.db.patch("legacyConfirmations", id, { tokenHash: hash });
    return { to: contact.email, contactName: contact.name, ownerName: displayName(await ctx.db.get("users", row.ownerId)) };
  },
});

export const attachGrantToken = internalMutation({
  args: { id: v.id("legacyGrants"), hash: v.string() },
  returns: mailValidator,
  handler: async (ctx, { id, hash }) => {
    const grant = await ctx.db.get("legacyGrants", id);
    const contact = grant === null ? null : await ctx.db.get("nokContacts", grant.contactId);
    // A contact moved from typed-in beneficiaries may have no email yet: nowhere to send the link.
    if (grant === null || contact === null || contact.email === "" || grant.revokedAt !== undefined) return null;
    await ctx.db.patch("legacyGrants", id, { tokenHash: hash });
    await logLegacy(ctx, grant.ownerId, "link_sent", `Signed link sent to ${contact.name} (${contact.email})`);
    return { to: contact.email, contactName: contact.name, ownerName: displayName(await ctx.db.get("users", grant.ownerId)) };
  },
});

export const sendWarning = internalAction({
  args: { to: v.string(), days: v.number(), deadline: v.number() },
  returns: v.null(),
  handler: async (ctx, { to, days, deadline }) => {
    const link = siteUrl("/nok");
    const when = new Date(deadline).toUTCString();
    await sendEmail(ctx, {
      to,
      subject: `Your will assets will be released in ${days} day${days === 1 ? "" : "s"}`,
      body:
        `We have not seen you on TagMyThing for a while. Unless you sign in or press "I'm still here" on ${link} ` +
        `before ${when}, your next of kin will be asked to confirm the release of your will assets.`,
      link,
    });
    return null;
  },
});

export const sendConfirmationRequests = internalAction({
  args: { ids: v.array(v.id("legacyConfirmations")), ownerId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { ids, ownerId }) => {
    for (const id of ids) {
      const { token, hash } = createToken("lapse");
      const mail = await ctx.runMutation(internal.legacyLinks.attachLapseToken, { id, hash });
      if (mail === null) continue;
      const link = siteUrl(tokenPath(TOKEN_LINKS.lapseConfirm.path, { token }));
      await sendEmail(ctx, {
        to: mail.to,
        subject: `Please confirm: ${mail.ownerName}'s legacy release`,
        body:
          `Hello ${mail.contactName},\n\n${mail.ownerName} has not been active on TagMyThing for the period they chose. ` +
          `They named you as next of kin. If you know that ${mail.ownerName} has passed away, confirm here:\n${link}\n\n` +
          "If they are alive, do nothing: nothing is released without enough confirmations.",
        link,
      });
    }
    const owner = await ctx.runQuery(internal.legacy.ownerEmail, { ownerId });
    if (owner?.email) {
      const link = siteUrl("/nok");
      await sendEmail(ctx, {
        to: owner.email,
        subject: "Your legacy release has started",
        body: `Your next of kin are being asked to confirm the release of your will assets. If you are reading this, press "I'm still here" on ${link} to cancel it.`,
        link,
      });
    }
    return null;
  },
});

export const sendGrants = internalAction({
  args: { ids: v.array(v.id("legacyGrants")) },
  returns: v.null(),
  handler: async (ctx, { ids }) => {
    for (const id of ids) {
      const { token, hash } = createToken("grant");
      const mail = await ctx.runMutation(internal.legacyLinks.attachGrantToken, { id, hash });
      if (mail === null) continue;
      const link = siteUrl(tokenPath(TOKEN_LINKS.legacyGrant.path, { token }));
      await sendEmail(ctx, {
        to: mail.to,
        subject: `${mail.ownerName} left something for you`,
        body:
          `Hello ${mail.contactName},\n\n${mail.ownerName} chose you as a beneficiary on TagMyThing. ` +
          `This private link shows what they left you, with their instructions:\n${link}\n\nKeep this link to yourself.`,
        link,
      });
    }
    return null;
  },
});

export const cancellationRecipients = internalQuery({
  args: { ownerId: v.id("users"), contactIds: v.array(v.id("nokContacts")) },
  returns: v.object({ ownerName: v.string(), contacts: v.array(v.object({ email: v.string(), name: v.string() })) }),
  handler: async (ctx, { ownerId, contactIds }) => {
    const contacts = [];
    for (const id of contactIds) {
      const contact = await ctx.db.get("nokContacts", id);
      if (contact !== null && contact.ownerId === ownerId && contact.email !== "") contacts.push({ email: contact.email, name: contact.name });
    }
    return { ownerName: displayName(await ctx.db.get("users", ownerId)), contacts };
  },
});

/** The owner came back: each contact whose confirmation or beneficiary link died is told why. */
export const sendCancellations = internalAction({
  args: { ownerId: v.id("users"), contactIds: v.array(v.id("nokContacts")) },
  returns: v.null(),
  handler: async (ctx, args) => {
    const { ownerName, contacts } = await ctx.runQuery(internal.legacyLinks.cancellationRecipients, args);
    for (const contact of contacts) await sendEmail(ctx, releaseCancelledEmail(contact, ownerName));
    return null;
  },
});
