// Workspace export and import (issue 32, "keep a workspace's records portable"): the limits
// an imported ZIP must keep, read as untrusted input, and the messages a refusal shows.
import type { TableNames } from "../../_generated/dataModel";
import { messageNumber } from "../errors";
import { MAX_ASSET_FILES, MAX_FILE_BYTES } from "../assets/fileRules";
import { EXPORT_PART_BYTES } from "../privacy/rules";

/** Items one import may bring (an export of the largest workspace we test, 10,000 items). */
export const MAX_IMPORT_ITEMS = 10_000;
/** ZIP files one import may name: the parts of one large export (10,000 items with a few photos each). */
export const MAX_IMPORT_PARTS = 100;
/** A part sent to POST /import-zip: an export part with room for the ZIP's own headers, below an HTTP action's 20 MiB body. */
export const MAX_HTTP_PART_BYTES = EXPORT_PART_BYTES + 3 * 1024 * 1024;
/**
 * Any one part: an export part holds at most EXPORT_PART_BYTES, or one file alone when it is
 * larger (up to MAX_FILE_BYTES), with its ZIP headers. A part above MAX_HTTP_PART_BYTES comes
 * through one of Convex's upload URLs instead (announced first: lib/ports/uploads.ts).
 */
export const MAX_IMPORT_PART_BYTES = Math.max(EXPORT_PART_BYTES, MAX_FILE_BYTES) + 1024 * 1024;
/** An upload URL works this long after it is issued (Convex's upload URLs expire after an hour). */
export const UPLOAD_URL_TTL_MS = 60 * 60_000;
/** Entries a ZIP may list: every item's files and certificate, its tables and a README. */
export const MAX_IMPORT_ENTRIES = MAX_IMPORT_ITEMS * (MAX_ASSET_FILES + 1) + 200;
/** The JSON tables read, unpacked, together. */
export const MAX_IMPORT_JSON_BYTES = 48 * 1024 * 1024;
/** One file entry, unpacked: the largest file an item may hold. */
export const MAX_IMPORT_FILE_BYTES = MAX_FILE_BYTES;
/** Unpacked bytes per packed byte above which an entry is a zip bomb (text packs about 10:1). */
export const MAX_PACK_RATIO = 200;
/** Locations one import may bring (besides those its items name). */
export const MAX_IMPORT_LOCATIONS = 10_000;
/** History entries copied per item. */
export const MAX_IMPORT_EVENTS_PER_ITEM = 100;
/** Items written per mutation, files stored per batch. */
export const IMPORT_WRITE_BATCH = 50;
/** Renumbered serials listed in the report (the count covers the rest). */
export const REPORT_RENUMBERED = 100;

/** The tables of a workspace's export that an import reads (workspaces/<name>/<table>.json), each given new ids here. */
export const IMPORTED_TABLES = ["assets", "assetEvents", "customFields", "maintenancePlans", "maintenanceLog", "locations", "kitParts", "stolenReports"] as const;

/**
 * What a workspace's export carries that an import leaves out on purpose, and why (a test
 * fails when the export gains a table that is in neither list). The ZIP is a claim from
 * outside: the import brings the records a household or business keeps about its things,
 * never what this registry must witness itself (provenance, money, people, custody).
 */
export const IMPORT_LEFT_OUT: Partial<Record<TableNames, string>> = {
  workspaces: "the workspace imported into keeps its own name, kind and settings",
  assetOwners: "provenance is what this registry witnessed: an imported item's owner period starts at its import, and its history says when it was first tagged",
  wallets: "money never arrives by file: balances change only through the ledger",
  transactions: "money never arrives by file: the other workspace's ledger stays there",
  transfers: "ownership offers between the other workspace and people, settled or open there",
  importJobs: "that workspace's CSV imports, meaningless here",
  stockGroups: "derived: stock is counted again from the imported items",
  verifyAlerts: "lookups of that workspace's items on /verify, by visitors to it",
  foundReports: "finders' messages to that workspace, with their contact details",
  stickerBatches: "sticker codes are claimed once, by tagging; a file cannot claim them",
  stickerCodes: "sticker codes are claimed once, by tagging; a file cannot claim them",
  workspaceInvitations: "people, not records: members are invited here",
  workspaceActivity: "who did what in that workspace; the import is logged here in its turn",
  workspaceMoves: "that workspace's moves of its items elsewhere",
  verifiedNameRequests: "a business name is verified here by a site admin, never by a file",
  checkouts: "custody of that workspace's items: an item out is lent by that workspace",
  loans: "custody of that workspace's items, with borrowers' links that are that workspace's",
  bookings: "reservations made with that workspace's members",
  audits: "that workspace's stock-takes of its own shelves",
  auditItems: "that workspace's stock-takes of its own shelves",
  workspacePorts: "that workspace's own exports and imports",
};

export const PORT_MESSAGES = {
  busy: "An export or import of this workspace is already running. Wait for it to finish.",
  noParts: "Upload the ZIP file (or every part of a large export) first.",
  tooManyParts: `An import takes at most ${messageNumber(MAX_IMPORT_PARTS)} ZIP files`,
  partTooLarge: `Each ZIP file must be at most ${messageNumber(Math.round(MAX_IMPORT_PART_BYTES / 1024 / 1024))} MB`,
  notZip: "This is not a ZIP file exported from TagMyThing.",
  badName: (name: string) => `The ZIP holds a file with a name that is not allowed: ${name.slice(0, 80)}`,
  duplicateName: (name: string) => `The ZIP holds the same file twice: ${name.slice(0, 80)}`,
  tooManyEntries: `The ZIP holds more than ${messageNumber(MAX_IMPORT_ENTRIES)} files`,
  bomb: (name: string) => `The ZIP's file ${name.slice(0, 80)} unpacks to more than it may`,
  jsonTooLarge: `The ZIP's item tables unpack to more than ${messageNumber(MAX_IMPORT_JSON_BYTES / 1024 / 1024)} MB`,
  noWorkspace: "The ZIP holds no workspace export (workspaces/<name>/assets.json).",
  severalWorkspaces: "The ZIP holds several workspaces. Export the one you want to import from its own settings, and import that.",
  badJson: (table: string) => `The ZIP's ${table}.json is not a valid TagMyThing export`,
  badItem: (n: number, why: string) => `Item ${messageNumber(n)} in the ZIP is not valid: ${why}`,
  tooManyItems: `An import brings at most ${messageNumber(MAX_IMPORT_ITEMS)} items`,
  missingFile: (name: string) => `The ZIP is missing the file ${name.slice(0, 80)}: import every part of the export together`,
  badFile: (name: string, why: string) => `The ZIP's file ${name.slice(0, 80)} cannot be attached: ${why}`,
  wrongKind: (kind: string) => `This workspace cannot hold ${kind} items`,
  failed: "The import failed and nothing was imported. Please try again.",
  exportFailed: "The export failed. Please try again.",
  notAllowed: "Only the workspace's owners and admins can import into it.",
  badField: (label: string, why: string) => `The ZIP's custom field "${label.slice(0, 60)}" cannot be added: ${why}`,
  fieldClash: (label: string) => `This workspace already has a custom field "${label.slice(0, 60)}" of another type in the same category. Rename one of them first.`,
  tooManyFields: "The workspace would have more custom fields than it may. Remove some first.",
  cancelled: "The import was cancelled and nothing was imported.",
  notRunning: "Nothing is running to cancel.",
  uploadTooMany: `Upload at most ${messageNumber(MAX_IMPORT_PARTS)} ZIP files for one import`,
  useUploadUrl: `A ZIP file larger than ${messageNumber(Math.floor(MAX_HTTP_PART_BYTES / 1024 / 1024))} MB goes through an upload URL (workspacePorts.importUploadUrl), not this address.`,
  badDigest: "The file's checksum is not a SHA-256 digest.",
  notAnnounced: "This upload is not one announced for your import here. Upload the file again.",
} as const;
