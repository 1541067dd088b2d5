// The public verify API's one read (GET /api/v1/verify/{serial}, convex/lib/verify/api.ts).
import { v } from "convex/values";
import { internalQuery } from "./_generated/server";
import { coverPhotoUrl, getAssetBySerial, publicFacts } from "./lib/assets/read";
import { publicOwnerName } from "./lib/workspaces/publicName";
import { verifyApiAssetValidator } from "./lib/verify/openapi";

/**
 * A public asset as the API shows it, or null for an unknown serial and for a private asset
 * alike: both cost the same single indexed read, so neither the answer nor its work tells them apart.
 */
export const lookup = internalQuery({
  args: { serial: v.string() },
  returns: v.union(verifyApiAssetValidator, v.null()),
  handler: async (ctx, { serial }) => {
    const asset = await getAssetBySerial(ctx, serial);
    if (asset === null || asset.visibility !== "public") return null;
    const [owner, photoUrl, { facts, reportedStolenAt }] = await Promise.all([publicOwnerName(ctx, asset.workspaceId), coverPhotoUrl(ctx, asset), publicFacts(ctx, asset)]);
    return {
      serial: asset.serial,
      name: asset.name,
      kind: asset.kind,
      status: asset.status,
      owner,
      taggedAt: new Date(asset.taggedAt).toISOString(),
      facts,
      ...(reportedStolenAt === undefined ? {} : { reportedStolenAt: new Date(reportedStolenAt).toISOString() }),
      ...(photoUrl === null ? {} : { photoUrl }),
    };
  },
});
