// An audit's report as rows of text: the CSV download writes them (through toCsv, which
// neutralises formulas) and the PDF prints the same. Pure, shared by the server's tests and src/.
import { AUDIT_STATE_LABELS } from "./rules";
import type { AuditItemView } from "./tables";

export const REPORT_HEADER = ["Result", "Name", "Serial", "Registered location", "Scanned by", "Scanned at (UTC)", "Follow-up"] as const;

const FOLLOW_UP: Record<NonNullable<AuditItemView["resolved"]>, string> = { markedLost: "Marked lost", movedIn: "Moved into the audited location" };

/** One report line of an item: its result, what it is, where it was registered, who scanned it when. */
export function reportRecord(row: AuditItemView): string[] {
  return [
    AUDIT_STATE_LABELS[row.state],
    row.name,
    row.serial,
    row.registeredAt ?? "",
    row.foundBy ?? "",
    row.foundAt === null ? "" : new Date(row.foundAt).toISOString().slice(0, 16).replace("T", " "),
    row.resolved === null ? "" : FOLLOW_UP[row.resolved],
  ];
}
