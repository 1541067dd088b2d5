// The assets a list selected for label printing, handed to the /labels page.
// Kept in sessionStorage, not the URL: a selection can hold thousands of ids.
const KEY = "tmt.labelSelection";

export function saveLabelSelection(ids: readonly string[]): void {
  sessionStorage.setItem(KEY, JSON.stringify(ids));
}

export function readLabelSelection(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}
