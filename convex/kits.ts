// Kits: an item holding others (a camera kit and its lenses). Moving or checking out the
// kit carries its parts; /verify of a part says it belongs to a kit.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { inWorkspace, workspaceMutation, workspaceQuery } from "./lib/access";
import { ASSET_NOT_FOUND, getAssetBySerial, recordEvent, workspaceAsset } from "./lib/assets/read";
import { isSerialFormat, normaliseSerial } from "./lib/assets/serial";
import { appError } from "./lib/errors";
import { openLoan } from "./lib/custody/store";
import { KIT_MESSAGES, MAX_KIT_PARTS } from "./lib/locations/rules";
import { kitOf, kitPartIds } from "./lib/locations/store";

const assetRefValidator = v.object({ _id: v.id("assets"), serial: v.string(), name: v.string() });
const ref = (a: Doc<"assets">) => ({ _id: a._id, serial: a.serial, name: a.name });

/** The kit an item is part of, or the parts it holds. */
export const ofAsset = workspaceQuery({
  absent: null,
  args: { assetId: v.id("assets") },
  returns: v.union(v.null(), v.object({ kit: v.union(assetRefValidator, v.null()), parts: v.array(assetRefValidator) })),
  handler: async (ctx, { assetId }) => {
    const asset = await ctx.db.get("assets", assetId);
    if (asset === null || asset.workspaceId !== ctx.workspace._id) return null;
    const row = await kitOf(ctx, assetId);
    const kit = row === null ? null : await ctx.db.get("assets", row.kitId);
    const parts = (await Promise.all((await kitPartIds(ctx, assetId)).map((id) => ctx.db.get("assets", id)))).filter((a) => a !== null);
    return { kit: kit === null ? null : ref(kit), parts: parts.map(ref) };
  },
});

/** Puts items into a kit, named by their serials (typed or scanned from their labels). */
export const addParts = workspaceMutation({
  can: "edit",
  args: { kitId: v.id("assets"), serials: v.array(v.string()) },
  returns: v.null(),
  handler: async (ctx, { kitId, serials }) => {
    if (serials.length > MAX_KIT_PARTS) throw appError("INVALID", KIT_MESSAGES.tooMany);
    const kit = await workspaceAsset(ctx, kitId, ctx.workspace._id);
    const partIds: Id<"assets">[] = [];
    for (const serial of serials) {
      const found = isSerialFormat(normaliseSerial(serial)) ? await getAssetBySerial(ctx, normaliseSerial(serial)) : null;
      partIds.push(inWorkspace(found, ctx.workspace._id, ASSET_NOT_FOUND)._id);
    }
    if ((await kitOf(ctx, kit._id)) !== null) throw appError("INVALID", KIT_MESSAGES.kitIsPart);
    const held = await kitPartIds(ctx, kit._id);
    const adding = [...new Set(partIds)].filter((id) => !held.includes(id));
    if (held.length + adding.length > MAX_KIT_PARTS) throw appError("INVALID", KIT_MESSAGES.tooMany);
    if ((await openLoan(ctx, kit._id)) !== null) throw appError("INVALID", KIT_MESSAGES.onLoan);
    for (const partId of adding) {
      const part = await workspaceAsset(ctx, partId, ctx.workspace._id);
      if (part._id === kit._id) throw appError("INVALID", KIT_MESSAGES.self);
      if ((await kitOf(ctx, part._id)) !== null) throw appError("INVALID", KIT_MESSAGES.inOtherKit);
      if ((await kitPartIds(ctx, part._id)).length > 0) throw appError("INVALID", KIT_MESSAGES.partIsKit);
      if ((await openLoan(ctx, part._id)) !== null) throw appError("INVALID", KIT_MESSAGES.onLoan);
      await ctx.db.insert("kitParts", { workspaceId: ctx.workspace._id, kitId: kit._id, partId: part._id, addedAt: Date.now() });
      await recordEvent(ctx, { assetId: part._id, actorId: ctx.user._id, type: "kit", summary: `Put in the kit ${kit.name} (${kit.serial})` });
      await recordEvent(ctx, { assetId: kit._id, actorId: ctx.user._id, type: "kit", summary: `${part.name} (${part.serial}) added to the kit` });
    }
    return null;
  },
});

/** Takes an item out of its kit. */
export const removePart = workspaceMutation({
  can: "edit",
  args: { partId: v.id("assets") },
  returns: v.null(),
  handler: async (ctx, { partId }) => {
    const part = await workspaceAsset(ctx, partId, ctx.workspace._id);
    const row = await kitOf(ctx, part._id);
    if (row === null) throw appError("INVALID", KIT_MESSAGES.notPart);
    if ((await openLoan(ctx, part._id)) !== null) throw appError("INVALID", KIT_MESSAGES.onLoan);
    await ctx.db.delete("kitParts", row._id);
    await recordEvent(ctx, { assetId: part._id, actorId: ctx.user._id, type: "kit", summary: "Taken out of its kit" });
    await recordEvent(ctx, { assetId: row.kitId, actorId: ctx.user._id, type: "kit", summary: `${part.name} (${part.serial}) taken out of the kit` });
    return null;
  },
});
