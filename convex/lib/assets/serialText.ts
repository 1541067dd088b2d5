// A serial as people type it, read as printed: pure, so the landing page's lookup form runs
// the server's own reading without the server's code (serial.ts).
// Groups of a serial's body after "TMT": a tagged serial's two of four, a sticker's three of six.
const BODY_GROUPS: Record<number, number[]> = { 8: [4, 4], 18: [6, 6, 6] };

/**
 * A serial as typed, in its printed form: upper case, and regrouped when typed with spaces,
 * other separators or none ("tmt jfrf 79yv", "jfrf79yv" → "TMT-JFRF-79YV"). Anything else is
 * only trimmed and upper-cased, for the format check to refuse.
 */
export function normaliseSerial(value: string): string {
  const upper = value.trim().toUpperCase();
  const compact = upper.replace(/[^A-Z0-9]/g, "");
  const body = compact.startsWith("TMT") && BODY_GROUPS[compact.length - 3] ? compact.slice(3) : compact;
  const groups = BODY_GROUPS[body.length];
  if (groups === undefined || upper.length > 64) return upper;
  let at = 0;
  const parts = groups.map((size) => body.slice(at, (at += size)));
  return ["TMT", ...parts].join("-");
}
