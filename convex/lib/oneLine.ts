// Single-line fields (names, titles, SKUs, locations...) hold no control characters:
// a line break or tab in a name breaks every list, label and e-mail that shows it, and
// once let a formula slip past a spreadsheet's CSV escape. Server and forms run this
// one check and show its one message.
// Cc (C0, DEL, C1: tab, CR, LF, NUL...) and the Unicode line and paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export function hasControlChars(value: string): boolean {
  return CONTROL.test(value);
}

/** "Name cannot contain line breaks or control characters". */
export function oneLineMessage(label: string): string {
  return `${label} cannot contain line breaks or control characters`;
}

/** The message for a field that breaks the rule, else undefined. */
export function oneLineError(label: string, value: string | undefined): string | undefined {
  return value !== undefined && hasControlChars(value) ? oneLineMessage(label) : undefined;
}

/** A name the user did not type (a file's name from their disk): control characters become spaces. */
export function toOneLine(value: string): string {
  return value.replace(new RegExp(CONTROL.source, "gu"), " ");
}
