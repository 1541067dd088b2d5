// Presence rooms: who else is on a page of a workspace. A room is the workspace and the page
// (a list, or one asset's page and its edit form), written as one string the server parses
// and checks again: the client only proposes a room, membership decides who may join or read it.
// Pure: shared by convex/presence.ts and the presence bar in src/lib.

/** The pages that show who else is there. */
export type PresencePage = { list: "assets" | "inventory" } | { assetId: string };

const SEPARATOR = "|";
const ID = /^[a-z0-9]{1,64}$/;
const LISTS = ["assets", "inventory"] as const;
const ASSET_PREFIX = "asset:";

/** How often an open page says it is still there; a page silent for 2.5 intervals is dropped. */
export const PRESENCE_INTERVAL_MS = 10_000;
export const MIN_PRESENCE_INTERVAL_MS = 2_000;
export const MAX_PRESENCE_INTERVAL_MS = 60_000;
/** How many others a bar names; more read as "and N more". */
export const PRESENCE_LIST_LIMIT = 20;
/** Longest session key a client may send (the presence hook's own, about 150 characters). */
export const MAX_SESSION_KEY_LENGTH = 400;

export function roomId(workspaceId: string, page: PresencePage): string {
  const key = "list" in page ? page.list : `${ASSET_PREFIX}${page.assetId}`;
  return `${workspaceId}${SEPARATOR}${key}`;
}

/** The workspace and page a room id names, or null for anything else. */
export function parseRoom(room: string): { workspaceId: string; page: PresencePage } | null {
  const at = room.indexOf(SEPARATOR);
  if (at < 0) return null;
  const workspaceId = room.slice(0, at);
  const key = room.slice(at + 1);
  if (!ID.test(workspaceId)) return null;
  const list = LISTS.find((l) => l === key);
  if (list !== undefined) return { workspaceId, page: { list } };
  const assetId = key.startsWith(ASSET_PREFIX) ? key.slice(ASSET_PREFIX.length) : "";
  return ID.test(assetId) ? { workspaceId, page: { assetId } } : null;
}
