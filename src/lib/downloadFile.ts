/** Saves `text` as a file the browser downloads (CSV exports). */
export function downloadText(text: string, name: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "assets-2026-11-23.csv". */
export function datedName(prefix: string, extension = "csv") {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}
