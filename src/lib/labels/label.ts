// What one label carries. The caption says what a scan does: verify a registered item, or
// claim an unclaimed sticker, or open a location.
import { WORKSPACE_PARAM } from "../useWorkspace";

/** `lines`: the item's fields printed under its name (SKU: …), one line each; stickers have none. */
export type Label = { serial: string; name: string; lines?: readonly string[]; caption: string; url: string };

/** A label's texts but the serial (Latin capitals and digits, which the bold font prints alone). */
export const labelTexts = (label: Label) => [label.caption, label.name, ...(label.lines ?? [])];

export const VERIFY_CAPTION = "Scan to verify";
export const CLAIM_CAPTION = "Scan to claim";

/** The address a label's QR code opens: the verify page of its serial on this site. */
export function verifyUrl(serial: string, origin: string = window.location.origin): string {
  return `${origin}/verify/${encodeURIComponent(serial)}`;
}

export const LOCATION_CAPTION = "Scan to open";

/** The address a location's label opens: its page, in its workspace (members only). */
export function locationUrl(locationId: string, workspaceId: string, origin: string = window.location.origin): string {
  return `${origin}/locations/${encodeURIComponent(locationId)}?${WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}`;
}
