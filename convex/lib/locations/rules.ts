// Locations (site → room → shelf) and kits: limits, messages and the path rule, shared by
// the server and src/. Pure: no database.
import { messageNumber } from "../errors";
import { ASSET_LIMITS } from "../assets/fields";
import { hasControlChars } from "../oneLine";

/** Between a location's names in its path, the text an item's location field holds ("Shop / Back room / Shelf 2"). */
export const PATH_SEPARATOR = " / ";
export const MAX_LOCATION_NAME = 80;
/** Site → room → shelf → box → …: levels below the top. */
export const MAX_LOCATION_DEPTH = 6;
/** Locations a picker and a level list read at most. */
export const LOCATIONS_READ_MAX = 500;
/** Items a location page shows at once. */
export const LOCATION_ITEMS_MAX = 200;
/** Parts one kit may hold (moving or lending a kit writes each of them in one transaction). */
export const MAX_KIT_PARTS = 50;

export const LOCATION_MESSAGES = {
  notFound: "Location not found",
  nameRequired: "Location name is required",
  nameTooLong: `Location name must be at most ${messageNumber(MAX_LOCATION_NAME)} characters`,
  nameSeparator: `Location name cannot contain “${PATH_SEPARATOR.trim()}” between spaces`,
  nameControl: "Location name must be a single line",
  pathTooLong: `The full location must be at most ${messageNumber(ASSET_LIMITS.location)} characters`,
  tooDeep: `Locations nest at most ${messageNumber(MAX_LOCATION_DEPTH)} levels deep`,
  exists: "There is already a location with this name here",
  notEmpty: "Move its items and inner locations out before deleting it",
  noPlace: "This kind of item has no location",
  partMoves: "This item is part of a kit: move the kit, or take it out of the kit first",
} as const;

export const KIT_MESSAGES = {
  self: "A kit cannot hold itself",
  partIsKit: "A kit cannot go inside another kit",
  kitIsPart: "This item is part of a kit: it cannot hold parts",
  inOtherKit: "This item is already part of a kit",
  tooMany: `A kit holds at most ${messageNumber(MAX_KIT_PARTS)} parts`,
  notPart: "This item is not part of a kit",
  onLoan: "Check the item in before changing its kit",
} as const;

/** The trimmed name, or why it cannot name a location. */
export function checkLocationName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = raw.trim();
  if (name === "") return { ok: false, message: LOCATION_MESSAGES.nameRequired };
  if (name.length > MAX_LOCATION_NAME) return { ok: false, message: LOCATION_MESSAGES.nameTooLong };
  if (hasControlChars(name)) return { ok: false, message: LOCATION_MESSAGES.nameControl };
  if (name.includes(PATH_SEPARATOR)) return { ok: false, message: LOCATION_MESSAGES.nameSeparator };
  return { ok: true, name };
}

/**
 * The names a location text stands for, top first. Text typed before locations existed
 * ("Garage", "Store room / Shelf 2") splits on the separator only when every part is a
 * clean name, so joining the parts gives back exactly the text: nothing typed is lost.
 */
export function splitPath(text: string): string[] {
  const parts = text.split(PATH_SEPARATOR);
  const clean = parts.length <= MAX_LOCATION_DEPTH + 1 && parts.every((p) => p !== "" && p === p.trim());
  return clean ? parts : [text];
}

export function joinPath(parentPath: string | null, name: string): string {
  return parentPath === null ? name : `${parentPath}${PATH_SEPARATOR}${name}`;
}
