// The in-app scanner asks what a scanned code is to the caller. It answers only what the
// caller could already see: a member of the item's (or location's) workspace gets the item
// (or location) to open or act on; anyone else gets a serial to verify, the same public
// answer /verify gives, and nothing about a location; a sticker code no item carries is
// named as such (as /verify's "not found" would), whether it is claimable is asked through
// stickers.check, which spends a guess.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicQuery } from "./lib/access";
import { getAssetBySerial } from "./lib/assets/read";
import { isStickerCode } from "./lib/assets/serial";
import { openLoan } from "./lib/custody/store";
import { parseScannedCode } from "./lib/scan/codes";
import { allows, membership } from "./lib/workspaces/policy";
import { can } from "./lib/workspaces/rules";
import { assetStatusValidator } from "./lib/assets/tables";

const resolutionValidator = v.union(
  v.object({
    kind: v.literal("asset"),
    assetId: v.id("assets"),
    workspaceId: v.id("workspaces"),
    serial: v.string(),
    name: v.string(),
    status: assetStatusValidator,
    /** Out on loan now. */
    out: v.boolean(),
    /** The caller's role there lets them lend and take back. */
    canEdit: v.boolean(),
  }),
  v.object({ kind: v.literal("location"), locationId: v.id("locations"), workspaceId: v.id("workspaces"), path: v.string() }),
  v.object({ kind: v.literal("verify"), serial: v.string() }),
  v.object({ kind: v.literal("sticker"), code: v.string() }),
  v.object({ kind: v.literal("unknown") }),
);

async function memberAccess(ctx: QueryCtx, user: Doc<"users"> | null, workspaceId: Id<"workspaces"> | undefined) {
  if (user === null || workspaceId === undefined) return null;
  const access = await membership(ctx, workspaceId, user._id);
  return allows(access, { can: "read" }) ? access : null;
}

/** What a scanned code is to the caller (see the file's head). */
export const resolve = publicQuery({
  args: { code: v.string() },
  returns: resolutionValidator,
  handler: async (ctx, { code }) => {
    const scanned = parseScannedCode(code);
    if (scanned.kind === "serial") {
      const asset = await getAssetBySerial(ctx, scanned.serial);
      if (asset === null) return isStickerCode(scanned.serial) ? { kind: "sticker" as const, code: scanned.serial } : { kind: "verify" as const, serial: scanned.serial };
      const access = await memberAccess(ctx, ctx.user, asset.workspaceId);
      if (access === null) return { kind: "verify" as const, serial: asset.serial };
      return {
        kind: "asset" as const,
        assetId: asset._id,
        workspaceId: access.workspace._id,
        serial: asset.serial,
        name: asset.name,
        status: asset.status,
        out: (await openLoan(ctx, asset._id)) !== null,
        canEdit: can(access.member.role, "edit"),
      };
    }
    if (scanned.kind === "location") {
      const locationId = ctx.db.normalizeId("locations", scanned.locationId);
      const location = locationId === null ? null : await ctx.db.get("locations", locationId);
      // A location of a workspace the caller is not in reads as an unknown code, like a missing one.
      if (location === null || location.workspaceId !== scanned.workspaceId) return { kind: "unknown" as const };
      const access = await memberAccess(ctx, ctx.user, location.workspaceId);
      if (access === null) return { kind: "unknown" as const };
      return { kind: "location" as const, locationId: location._id, workspaceId: location.workspaceId, path: location.path };
    }
    return { kind: "unknown" as const };
  },
});
