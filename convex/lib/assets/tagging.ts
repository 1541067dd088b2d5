// Tagging: charge, asset, owner chain and history in one transaction, for a serial the
// caller has already settled (a fresh one, or a claimed sticker's code).
import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { TAGGING_COST } from "../constants";
import { charge } from "../ledger";
import { recordEvent } from "./read";
import { searchTextOf, type AssetInput } from "./rules";
import { checkUploads, claimFiles, newFileValidator } from "./store";
import { assetDetailsValidator, assetKindValidator, visibilityValidator } from "./tables";
import { customValuesValidator } from "../customFields/tables";
import { customSearchWords } from "../customFields/store";
import { lineValueOf } from "../inventory/lineValue";
import { worthOf } from "./worth";

/** What a tag or an edit sends about the asset. */
export const assetInputArgs = {
  kind: assetKindValidator,
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  visibility: visibilityValidator,
  details: assetDetailsValidator,
  // The custom fields of the item's category, by field id (left out: an edit keeps the values as they are).
  custom: v.optional(customValuesValidator),
};
export const tagArgs = { ...assetInputArgs, files: v.array(newFileValidator) };

/** Who tags into which workspace (the workspace decides which wallet pays: ledger.charge). */
export type Tagger = { workspaceId: Id<"workspaces">; actorId: Id<"users"> };

export async function tagAsset(
  ctx: MutationCtx,
  { workspaceId, actorId }: Tagger,
  input: AssetInput,
  newFiles: Infer<typeof newFileValidator>[],
  serial: string,
): Promise<{ assetId: Id<"assets">; serial: string }> {
  const files = await checkUploads(ctx, newFiles, 0);
  // Charge, serial and asset commit together: a refused charge leaves no trace.
  await charge(ctx, workspaceId, actorId, {
    amount: TAGGING_COST,
    source: "tagging",
    description: `Tagged ${serial}: ${input.name}`.slice(0, 200),
  });
  const now = Date.now();
  const assetId = await ctx.db.insert("assets", {
    ...input,
    workspaceId,
    serial,
    status: "active",
    files,
    taggedAt: now,
    updatedAt: now,
    searchText: searchTextOf({ ...input, serial }, await customSearchWords(ctx, workspaceId, input)),
    lineValue: lineValueOf(input),
    worth: worthOf({ ...input, workspaceId, status: "active" }),
  });
  await claimFiles(ctx, assetId, files);
  await ctx.db.insert("assetOwners", { assetId, workspaceId, from: now });
  await recordEvent(ctx, { assetId, workspaceId, actorId, type: "tagged", summary: `Tagged with serial ${serial}` });
  return { assetId, serial };
}
