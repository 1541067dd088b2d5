// What a presence bar says: the others on the page, the first few by name, then how many more.
const NAMED = 3;

/** "Also here: Ana, Ben, Cy and 2 more"; null when nobody else is on the page. */
export function presenceText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, NAMED).join(", ");
  const more = names.length - NAMED;
  return more > 0 ? `Also here: ${shown} and ${more} more` : `Also here: ${shown}`;
}
