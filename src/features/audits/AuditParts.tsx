// Parts the audits list and an audit's screen share: its status badge, its counts, the error panel.
import type { ReactNode } from "react";
import { AUDIT_STATUS_LABELS } from "../../../convex/lib/audits/rules";
import type { AuditStatus, AuditView } from "../../../convex/lib/audits/tables";
import { errorMessage } from "../../lib/errors";
import { formatNumber } from "../../lib/format";
import { Badge, Button } from "../../ui";

const TONES = { preparing: "amber", open: "green", finished: "slate", cancelled: "red" } as const;

export function AuditStatusBadge({ status }: { status: AuditStatus }) {
  return <Badge tone={TONES[status]}>{AUDIT_STATUS_LABELS[status]}</Badge>;
}

/** "12 of 40 found": how far an audit has got. */
export function progressText(audit: Pick<AuditView, "found" | "expected">): string {
  return `${formatNumber(audit.found)} of ${formatNumber(audit.expected)} found`;
}

/** The missing (expected, not found): while an audit runs, those not scanned yet. */
export const missingOf = (audit: Pick<AuditView, "found" | "expected">) => audit.expected - audit.found;

export function LoadFailed({ error, retry, what }: { error: unknown; retry: () => void; what: string }): ReactNode {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Could not load {what}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{errorMessage(error, "Check your connection and try again.")}</p>
      <Button className="mt-6" onClick={retry}>Try again</Button>
    </div>
  );
}
