// Where an imported ZIP's items are and what they hold, checked like any input from outside:
// its locations (each path rebuilt from the names up its parent chain, never the ZIP's own
// `path`), the kits (which item holds which), and the stolen reports of items that arrive
// stolen. Ids in the ZIP only tie rows together here; the import gives every row a new id.
import { validate } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { ASSET_LIMITS } from "../assets/fields";
import { checkLocationName, joinPath, MAX_KIT_PARTS, MAX_LOCATION_DEPTH, PATH_SEPARATOR, splitPath } from "../locations/rules";
import { cleanStolenDetails, stolenDetailsErrors } from "../verify/stolenRules";
import { MAX_IMPORT_LOCATIONS, PORT_MESSAGES } from "./rules";
import { ImportRefused } from "./zipRead";

const locationRow = v.object({ _id: v.string(), name: v.string(), parentId: v.optional(v.string()) });
const kitRow = v.object({ kitId: v.string(), partId: v.string() });
const stolenRow = v.object({ assetId: v.string(), reportedAt: v.number(), stolenAt: v.optional(v.number()), place: v.optional(v.string()), policeReport: v.optional(v.string()) });

/** A location to find or make, its parent (by path) made before it. */
export const importedLocationValidator = v.object({ path: v.string(), name: v.string(), parent: v.union(v.string(), v.null()) });
export type ImportedLocation = Infer<typeof importedLocationValidator>;
/** An item of the ZIP (by its id there) holding another. */
export const importedKitPartValidator = v.object({ kit: v.string(), part: v.string() });
export type ImportedKitPart = Infer<typeof importedKitPartValidator>;
export const importedStolenValidator = v.object({ reportedAt: v.number(), stolenAt: v.optional(v.number()), place: v.optional(v.string()), policeReport: v.optional(v.string()) });
export type ImportedStolen = Infer<typeof importedStolenValidator>;

const refuse = (table: string): never => {
  throw new ImportRefused(PORT_MESSAGES.badJson(table));
};

/**
 * Every location the import needs, parents first: the ZIP's locations (empty ones too) and
 * every place its items name (split as an item's text always is, lib/locations/paths.ts).
 */
export function planLocations(rows: unknown[], itemTexts: Iterable<string>): ImportedLocation[] {
  if (rows.length > MAX_IMPORT_LOCATIONS) refuse("locations");
  const byId = new Map<string, Infer<typeof locationRow>>();
  for (const row of rows) {
    if (!validate(locationRow, row, { allowUnknownFields: true }) || byId.has(row._id)) return refuse("locations");
    byId.set(row._id, row);
  }
  const out = new Map<string, ImportedLocation & { depth: number }>();
  const add = (names: string[]) => {
    for (let i = 0; i < names.length; i++) {
      const parent = i === 0 ? null : names.slice(0, i).reduce<string | null>((p, n) => joinPath(p, n), null);
      const path = joinPath(parent, names[i]);
      if (!out.has(path)) out.set(path, { path, name: names[i], parent, depth: i });
    }
  };
  const namesOf = new Map<string, string[]>();
  const names = (id: string, seen: Set<string>): string[] => {
    const known = namesOf.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    // A parent the ZIP lacks, a loop, or a chain deeper than a location may nest.
    if (row === undefined || seen.has(id) || seen.size > MAX_LOCATION_DEPTH) return refuse("locations");
    const checked = checkLocationName(row.name);
    if (!checked.ok) return refuse("locations");
    const list = [...(row.parentId === undefined ? [] : names(row.parentId, seen.add(id))), checked.name];
    if (list.join(PATH_SEPARATOR).length > ASSET_LIMITS.location) return refuse("locations");
    namesOf.set(id, list);
    return list;
  };
  for (const id of byId.keys()) add(names(id, new Set()));
  for (const text of itemTexts) add(splitPath(text));
  return [...out.values()].sort((a, b) => a.depth - b.depth).map(({ depth: _depth, ...location }) => location);
}

/** The ZIP's kits between its items: a part in one kit, a kit never a part, at most MAX_KIT_PARTS each. */
export function planKits(rows: unknown[], items: ReadonlySet<string>): ImportedKitPart[] {
  const kitOf = new Map<string, string>();
  const parts = new Map<string, number>();
  for (const row of rows) {
    if (!validate(kitRow, row, { allowUnknownFields: true })) return refuse("kitParts");
    const { kitId: kit, partId: part } = row;
    if (!items.has(kit) || !items.has(part) || kit === part || kitOf.has(part)) return refuse("kitParts");
    kitOf.set(part, kit);
    parts.set(kit, (parts.get(kit) ?? 0) + 1);
    if ((parts.get(kit) ?? 0) > MAX_KIT_PARTS) return refuse("kitParts");
  }
  for (const [part] of kitOf) if (parts.has(part)) refuse("kitParts");
  return [...kitOf].map(([part, kit]) => ({ kit, part }));
}

/** Each item's latest stolen report, by the item's id in the ZIP, checked as the owner's own would be. */
export function planStolen(rows: unknown[], now: number): Map<string, ImportedStolen> {
  const latest = new Map<string, ImportedStolen>();
  for (const row of rows) {
    if (!validate(stolenRow, row, { allowUnknownFields: true }) || !Number.isFinite(row.reportedAt) || row.reportedAt < 0 || row.reportedAt > now) return refuse("stolenReports");
    let report: ImportedStolen = { reportedAt: row.reportedAt };
    // A report marked in bulk has no details; one with details has them all checked.
    if (row.stolenAt !== undefined || row.place !== undefined) {
      if (row.stolenAt === undefined || row.place === undefined) return refuse("stolenReports");
      const clean = cleanStolenDetails({ stolenAt: row.stolenAt, place: row.place, policeReport: row.policeReport });
      if (Object.keys(stolenDetailsErrors(clean, now)).length > 0) return refuse("stolenReports");
      report = { ...report, ...clean };
    }
    if ((latest.get(row.assetId)?.reportedAt ?? -1) < report.reportedAt) latest.set(row.assetId, report);
  }
  return latest;
}
