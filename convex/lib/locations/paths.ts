// Locations found or made from the text an item holds (the asset trigger and the
// migration use these; they import nothing that registers functions).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { joinPath, splitPath } from "./rules";

type Db = MutationCtx["db"];

/** The location text an item holds, for the kinds that have one. */
export function locationText(asset: Pick<Doc<"assets">, "details">): string | undefined {
  const d = asset.details;
  return d.kind === "general" || d.kind === "business" ? d.location : undefined;
}

export function hasPlace(asset: Doc<"assets">): boolean {
  return asset.kind === "general" || asset.kind === "business";
}

export async function locationByPath(ctx: Pick<QueryCtx, "db">, workspaceId: Id<"workspaces">, path: string) {
  return await ctx.db
    .query("locations")
    .withIndex("by_workspaceId_and_path", (q) => q.eq("workspaceId", workspaceId).eq("path", path))
    .first();
}

/** The location whose path is `text`, made (with any missing parents) if the workspace has none. */
export async function resolvePath(db: Db, workspaceId: Id<"workspaces">, text: string): Promise<Id<"locations">> {
  let parent: Doc<"locations"> | null = null;
  for (const name of splitPath(text)) {
    const path = joinPath(parent?.path ?? null, name);
    const found: Doc<"locations"> | null = await locationByPath({ db }, workspaceId, path);
    if (found !== null) {
      parent = found;
      continue;
    }
    const id: Id<"locations"> = await db.insert("locations", { workspaceId, name, parentId: parent?._id, path, createdAt: Date.now() });
    parent = (await db.get("locations", id))!;
  }
  return parent!._id;
}
