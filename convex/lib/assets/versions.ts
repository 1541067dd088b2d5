// An asset's edit version: a counter of changes to the fields the edit form holds (name,
// description, category, visibility, details). The form sends the version it loaded; a save
// against an older one is refused with CONFLICT and the current values, so nobody writes over
// a change they never saw. Status, files and owner are not the form's and do not count:
// a save keeps them as they are.
import type { Doc } from "../../_generated/dataModel";
import { conflictError } from "../errors";
import { currentDetails, type AssetDetail } from "./read";

/** The values the edit form holds, as the server has them now, with their version (a CONFLICT's `current`). */
export type AssetEditable = Pick<AssetDetail, "kind" | "name" | "description" | "category" | "visibility" | "details" | "custom" | "version">;

/** Assets written before versions existed are at version 0. */
export function versionOf(asset: Doc<"assets">): number {
  return asset.version ?? 0;
}

/** The field to write with any change to the form's fields. */
export function nextVersion(asset: Doc<"assets">): { version: number } {
  return { version: versionOf(asset) + 1 };
}

function editableOf(asset: Doc<"assets">): AssetEditable {
  return {
    version: versionOf(asset),
    kind: asset.kind,
    name: asset.name,
    description: asset.description ?? null,
    category: asset.category ?? null,
    visibility: asset.visibility,
    details: currentDetails(asset.details),
    custom: asset.custom ?? {},
  };
}

/** Throws CONFLICT, carrying the current values, unless `loaded` is the asset's version now. */
export function assertLoadedVersion(asset: Doc<"assets">, loaded: number): void {
  if (loaded !== versionOf(asset)) throw conflictError(editableOf(asset));
}
