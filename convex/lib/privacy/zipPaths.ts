// Where things sit in an export ZIP: the export writes by these rules and the import reads by them.

/** A name safe as one path segment: letters, digits, dots, dashes and underscores, never starting with a dot. */
export const safeName = (name: string) => name.replace(/[^\w.-]+/g, "_").replace(/^\.+/, "_").slice(0, 60) || "file";

/** Where an item's files sit in the ZIP (the import finds them by the same rule): a name used twice gets its position. */
export function filePaths(serial: string, files: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  return files.map((f, i) => {
    let name = safeName(f.name);
    if (seen.has(name)) name = `${i + 1}-${name}`;
    seen.add(name);
    return `files/${safeName(serial)}/${name}`;
  });
}
