// The one list of who receives a will asset: rows of the `beneficiaries` table, each
// naming one of the owner's next-of-kin contacts with a share and/or instructions.
// The asset page, /nok and legacy release all read it through here.
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { personOfAsset } from "../assets/read";
import type { LegacyBeneficiary } from "../assets/tables";
import { contactsOf, logLegacy } from "./log";
import { NOK_LIMITS, type BeneficiaryView } from "./nokRules";

const REMOVED_CONTACT = "Removed contact";

/** An asset's beneficiaries with their contacts' names, in the order they were named. */
export async function beneficiariesOf(ctx: QueryCtx, assetId: Id<"assets">, names?: Map<Id<"nokContacts">, string>): Promise<BeneficiaryView[]> {
  const rows = await ctx.db
    .query("beneficiaries")
    .withIndex("by_assetId", (q) => q.eq("assetId", assetId))
    .take(NOK_LIMITS.beneficiariesPerAsset);
  return await Promise.all(
    rows.map(async (b) => ({
      contactId: b.contactId,
      contactName: names?.get(b.contactId) ?? (await ctx.db.get("nokContacts", b.contactId))?.name ?? REMOVED_CONTACT,
      share: b.share ?? null,
      instructions: b.instructions ?? null,
    })),
  );
}

type Assignment = { contactId: Id<"nokContacts">; share?: number; instructions?: string };

/** Replaces an asset's beneficiaries (an empty list clears them); the caller has checked the list. */
export async function replaceBeneficiaries(ctx: MutationCtx, asset: Doc<"assets">, ownerId: Id<"users">, list: Assignment[]) {
  const old = await ctx.db
    .query("beneficiaries")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .take(NOK_LIMITS.beneficiariesPerAsset);
  for (const b of old) await ctx.db.delete("beneficiaries", b._id);
  for (const b of list) {
    const instructions = b.instructions?.trim() || undefined;
    await ctx.db.insert("beneficiaries", { ownerId, assetId: asset._id, contactId: b.contactId, share: b.share, instructions });
  }
}

/** The owner's contact a typed-in beneficiary meant: same email, else same name; created when none. */
async function contactFor(ctx: MutationCtx, ownerId: Id<"users">, typed: LegacyBeneficiary, now: number): Promise<Id<"nokContacts">> {
  const email = typed.email?.trim().toLowerCase() ?? "";
  const name = typed.name.trim();
  const contacts = await contactsOf(ctx, ownerId);
  const same =
    (email !== "" ? contacts.find((c) => c.email === email) : undefined) ??
    contacts.find((c) => c.name.trim().toLowerCase() === name.toLowerCase());
  if (same !== undefined) return same._id;
  // No invitation goes out from a migration: the owner sends it from /nok when ready.
  return await ctx.db.insert("nokContacts", {
    ownerId,
    name: name.slice(0, NOK_LIMITS.name) || "Beneficiary",
    relationship: (typed.relationship?.trim() ?? "").slice(0, NOK_LIMITS.relationship),
    email,
    phone: "",
    status: "pending",
    createdAt: now,
  });
}

/**
 * Moves the beneficiaries typed into a will asset's details into the one list, once:
 * each becomes (or joins) a next-of-kin contact and keeps its share. Returns the asset as it now stands.
 */
export async function moveTypedBeneficiaries(ctx: MutationCtx, asset: Doc<"assets">): Promise<Doc<"assets">> {
  const d = asset.details;
  if (d.kind !== "will" || d.beneficiaries === undefined) return asset;
  const ownerId = await personOfAsset(ctx, asset);
  if (ownerId === null) return asset;
  const now = Date.now();
  const existing = await ctx.db
    .query("beneficiaries")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .take(NOK_LIMITS.beneficiariesPerAsset);
  const named = new Set(existing.map((b) => b.contactId));
  let moved = 0;
  for (const typed of d.beneficiaries) {
    const contactId = await contactFor(ctx, ownerId, typed, now);
    if (named.has(contactId) || named.size >= NOK_LIMITS.beneficiariesPerAsset) continue;
    named.add(contactId);
    await ctx.db.insert("beneficiaries", { ownerId, assetId: asset._id, contactId, share: typed.share });
    moved += 1;
  }
  const { beneficiaries: _moved, ...details } = d;
  await ctx.db.patch("assets", asset._id, { details });
  if (moved > 0) {
    await logLegacy(ctx, ownerId, "settings", `Beneficiaries of ${asset.name} (${asset.serial}) now live in your next-of-kin list`, now);
  }
  return { ...asset, details };
}
