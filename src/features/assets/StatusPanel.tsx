import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { STATUS_LABELS } from "../../../convex/lib/assets/rules";
import type { AssetStatus } from "../../../convex/lib/assets/tables";
import { Button } from "../../ui";
import { errorMessage } from "../../lib/errors";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { useMayEdit, useWorkspaceMutation } from "../../lib/useWorkspace";

const ACTIONS: Record<AssetStatus, { to: AssetStatus; label: string; variant: "primary" | "outline" | "danger" }[]> = {
  active: [
    { to: "lost", label: "Mark as lost", variant: "outline" },
    { to: "stolen", label: "Mark as stolen", variant: "danger" },
  ],
  lost: [
    { to: "active", label: "Found it: mark active", variant: "primary" },
    { to: "stolen", label: "Mark as stolen", variant: "danger" },
  ],
  stolen: [
    { to: "active", label: "Recovered: mark active", variant: "primary" },
    { to: "lost", label: "Mark as lost", variant: "outline" },
  ],
  transferred: [{ to: "active", label: "Mark active", variant: "primary" }],
};

export function StatusPanel({ asset }: { asset: AssetDetail }) {
  const setStatus = useWorkspaceMutation(api.assets.setStatus);
  const mayEdit = useMayEdit();
  const [busy, setBusy] = useState<AssetStatus | null>(null);

  async function change(to: AssetStatus) {
    setBusy(to);
    try {
      await setStatus({ assetId: asset._id, status: to });
      toast.success(`Status changed to ${STATUS_LABELS[to]}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not change the status."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="status-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="status-title" className="font-semibold text-slate-900 dark:text-white">Status</h2>
        <AssetStatusBadge status={asset.status} />
      </div>
      {(asset.status === "lost" || asset.status === "stolen") && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Anyone who checks this serial sees that it is {asset.status}, and you are alerted when they do.
        </p>
      )}
      {mayEdit && (
        <div className="flex flex-wrap gap-2">
          {ACTIONS[asset.status].map((a) => (
            <Button key={a.to} size="sm" variant={a.variant} loading={busy === a.to} disabled={busy !== null} onClick={() => change(a.to)}>
              {a.label}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
