// What a scan does, decided from what the code is to the caller (api.scan.resolve) and what
// they are doing: returning items (check-in), gathering items to lend (check-out), a
// feature's own use (an audit ticks the item), or just looking (open the item, verify a
// stranger's serial, claim a sticker, open a location). Pure, so the rules read in one place.
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { WORKSPACE_PARAM } from "../useWorkspace";

type ScanResolution = FunctionReturnType<typeof api.scan.resolve>;
export type ScannedAsset = Extract<ScanResolution, { kind: "asset" }>;

/** What scans do on /scan (`?mode=`); a feature embedding the scanner gives its own handler instead. */
export const SCAN_MODES = ["open", "checkIn", "checkOut"] as const;
export type ScanMode = (typeof SCAN_MODES)[number];

export const SCAN_TEXT = {
  unknown: "Not a TagMyThing code",
  otherWorkspace: (name: string) => `${name} is in another workspace: switch to it first`,
  notYours: "This item is not in your workspace",
  readOnly: "Your role in this workspace cannot lend or take back items",
  notOut: (name: string) => `${name} is not checked out`,
  alreadyOut: (name: string) => `${name} is checked out already`,
  checkedIn: (name: string) => `Checked in: ${name}`,
  added: (name: string) => `Added: ${name}`,
  inBasket: (name: string) => `${name} is on the list already`,
  notAnItem: "That is not an item's label: scan an item",
  opening: (what: string) => `Opening ${what}`,
} as const;

type ScanStep =
  | { do: "navigate"; to: string; say: string }
  | { do: "checkIn"; asset: ScannedAsset }
  | { do: "add"; asset: ScannedAsset }
  | { do: "handle"; asset: ScannedAsset }
  | { do: "sticker"; code: string }
  | { do: "tell"; say: string };

const inWorkspace = (path: string, workspaceId: string) => `${path}?${WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}`;
export const verifyPath = (serial: string) => `/verify/${encodeURIComponent(serial)}`;

/** Where the caller stands: signed in or not, the workspace they act in, and any items already gathered. */
type Context = { signedIn: boolean; workspaceId: string | null; basket?: ReadonlySet<string> };

/** What a scan does in `mode` (or, with `custom`, for a feature's own handler). */
export function scanStep(resolution: ScanResolution, mode: ScanMode | "custom", context: Context): ScanStep {
  if (mode === "open") return openStep(resolution, context);
  if (resolution.kind !== "asset") return { do: "tell", say: resolution.kind === "unknown" ? SCAN_TEXT.unknown : resolution.kind === "location" ? SCAN_TEXT.notAnItem : SCAN_TEXT.notYours };
  const asset = resolution;
  if (asset.workspaceId !== context.workspaceId) return { do: "tell", say: SCAN_TEXT.otherWorkspace(asset.name) };
  if (mode === "custom") return { do: "handle", asset };
  if (!asset.canEdit) return { do: "tell", say: SCAN_TEXT.readOnly };
  if (mode === "checkIn") return asset.out ? { do: "checkIn", asset } : { do: "tell", say: SCAN_TEXT.notOut(asset.name) };
  if (asset.out) return { do: "tell", say: SCAN_TEXT.alreadyOut(asset.name) };
  if (context.basket?.has(asset.assetId)) return { do: "tell", say: SCAN_TEXT.inBasket(asset.name) };
  return { do: "add", asset };
}

function openStep(resolution: ScanResolution, context: Context): ScanStep {
  switch (resolution.kind) {
    case "asset":
      return { do: "navigate", to: inWorkspace(`/assets/${resolution.assetId}`, resolution.workspaceId), say: SCAN_TEXT.opening(resolution.name) };
    case "location":
      return { do: "navigate", to: inWorkspace(`/locations/${resolution.locationId}`, resolution.workspaceId), say: SCAN_TEXT.opening(resolution.path) };
    case "verify":
      return { do: "navigate", to: verifyPath(resolution.serial), say: SCAN_TEXT.opening(resolution.serial) };
    case "sticker":
      // Signed in, the scanner asks whether it is claimable (a guess from their budget) and goes
      // straight to the tag form; a visitor gets /verify's own offer, which asks and signs them in.
      return context.signedIn ? { do: "sticker", code: resolution.code } : { do: "navigate", to: verifyPath(resolution.code), say: SCAN_TEXT.opening(resolution.code) };
    case "unknown":
      return { do: "tell", say: SCAN_TEXT.unknown };
  }
}
