import { useConvex } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { columnOf, EXPORT_FIELDS } from "../../convex/lib/assets/columns";
import { STATUS_LABELS } from "../../convex/lib/assets/rules";
import type { AssetStatus, Visibility } from "../../convex/lib/assets/tables";
import { Button, ConfirmModal, Select } from "../ui";
import { inBatches, itemsText } from "./bulk";
import type { BulkRun } from "./BulkBar";
import { exportSelection } from "./exportCsv";
import { useStartReport } from "./InsuranceReport";
import { saveLabelSelection } from "./labelSelection";
import type { Selection } from "./useSelection";
import { useMayEdit, useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "./useWorkspace";
import { customCells, customColumns } from "../../convex/lib/customFields/csv";

type ExportRow = FunctionReturnType<typeof api.assetBulk.exportRows>[number];

// Statuses an owner sets by hand ("transferred" comes from a completed transfer).
const SETTABLE: AssetStatus[] = ["active", "lost", "stolen"];

type Result = { changed: number; skipped: number };
const sum = (results: Result[]) => results.reduce((a, r) => ({ changed: a.changed + r.changed, skipped: a.skipped + r.skipped }), { changed: 0, skipped: 0 });
const skippedNote = (r: Result) => (r.skipped > 0 ? ` (${itemsText(r.skipped)} skipped: unchanged or not yours)` : "");
type Stale = { _id: string; name: string; serial: string; status: AssetStatus };
const MAX_NAMED = 5;
/** The rows a bulk status change refused because someone else changed their status since they were selected. */
function staleNote(stale: Stale[]): string {
  const named = stale.slice(0, MAX_NAMED).map((s) => `${s.name} (${s.serial}, now ${STATUS_LABELS[s.status]})`);
  const more = stale.length > MAX_NAMED ? ` and ${itemsText(stale.length - MAX_NAMED)} more` : "";
  return `${itemsText(stale.length)} not changed: someone else set their status since you selected them: ${named.join(", ")}${more}. Check them and try again.`;
}

/** Change status, change visibility, print labels, export and delete, for the owner's asset lists. */
export function AssetBulkActions({ selection, bulk }: { selection: Selection; bulk: BulkRun }) {
  const client = useConvex();
  const { inCurrent } = useWorkspace();
  const customFields = useWorkspaceQuery(api.customFields.list, {})?.filter((d) => !d.removed) ?? [];
  const mayEdit = useMayEdit();
  const navigate = useNavigate();
  const startReport = useStartReport();
  const setStatus = useWorkspaceMutation(api.assetBulk.setStatus);
  const setVisibility = useWorkspaceMutation(api.assetBulk.setVisibility);
  const remove = useWorkspaceMutation(api.assetBulk.remove);
  const [status, setStatusChoice] = useState<AssetStatus>("lost");
  const [confirming, setConfirming] = useState(false);
  const ids = [...selection.ids] as Id<"assets">[];
  const none = ids.length === 0 || bulk.busy;

  const changeStatus = () =>
    bulk.run("Updating", ids.length, async (report) => {
      const stale: Stale[] = [];
      const results = await inBatches(ids, async (batch) => {
        const seen = Object.fromEntries(batch.flatMap((id) => (selection.seen.has(id) ? [[id, selection.seen.get(id) as AssetStatus]] : [])));
        const { stale: refused, ...counts } = await setStatus({ ids: batch as Id<"assets">[], status, seen });
        stale.push(...refused);
        return counts;
      }, report);
      const r = sum(results);
      const refusedCount = { ...r, skipped: r.skipped - stale.length };
      toast.success(`Marked ${itemsText(r.changed)} ${STATUS_LABELS[status].toLowerCase()}${skippedNote(refusedCount)}`);
      // What this change set is now what these rows were selected with; the refused keep theirs.
      const refused = new Set(stale.map((s) => s._id));
      selection.restamp(ids.filter((id) => !refused.has(id)), status);
      if (stale.length > 0) toast.error(staleNote(stale));
    }, "Could not change the status");
  const changeVisibility = (visibility: Visibility) =>
    bulk.run("Updating", ids.length, async (report) => {
      const r = sum(await inBatches(ids, (batch) => setVisibility({ ids: batch as Id<"assets">[], visibility }), report));
      toast.success(`Made ${itemsText(r.changed)} ${visibility}${skippedNote(r)}`);
    }, "Could not change the visibility");
  const deleteAll = () =>
    bulk.run("Deleting", ids.length, async (report) => {
      setConfirming(false);
      const r = sum(await inBatches(ids, (batch) => remove({ ids: batch as Id<"assets">[] }), report));
      selection.clear();
      toast.success(`Deleted ${itemsText(r.changed)}${skippedNote(r)}`);
    }, "Could not delete the items");
  const exportCsv = () =>
    bulk.run("Exporting", ids.length, async (report) => {
      const n = await exportSelection(
        ids,
        (batch) => client.query(api.assetBulk.exportRows, inCurrent({ ids: batch as Id<"assets">[] })),
        [
          ["serial", (r) => r.serial],
          ["name", (r) => r.name],
          ["kind", (r) => r.kind],
          ["status", (r) => r.status],
          ["visibility", (r) => r.visibility],
          // Every field column of every kind (lib/assets/columns.ts); a cell stays empty where a kind has no such field.
          ...EXPORT_FIELDS.filter((f) => f.key !== "name").map((f): [string, (r: ExportRow) => string] => [columnOf(f), (r) => r.cells[columnOf(f)] ?? ""]),
          ["tagged", (r) => new Date(r.taggedAt).toISOString().slice(0, 10)],
          // The workspace's custom fields, a column per field name (lib/customFields/csv.ts).
          ...customColumns(customFields).map((label): [string, (r: ExportRow) => string] => [label, (r) => customCells(customFields, r.cells.category, r.custom)[label]]),
        ],
        "assets",
        report,
      );
      toast.success(`Exported ${itemsText(n)}`);
    }, "Could not export the selection");
  const printLabels = () => {
    saveLabelSelection(ids);
    void navigate("/labels");
  };

  // A viewer may print and export what they can read; the changes are an editor's.
  const reads = (
    <>
      <Button size="sm" variant="outline" onClick={printLabels} disabled={none}>Print labels</Button>
      <Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={none}>Export CSV</Button>
      <Button size="sm" variant="outline" onClick={() => void startReport(ids)} disabled={none}>Insurance report</Button>
    </>
  );
  if (!mayEdit) return reads;
  return (
    <>
      <Select compact aria-label="New status" value={status} onChange={(e) => setStatusChoice(e.target.value as AssetStatus)} disabled={none}>
        {SETTABLE.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
      </Select>
      <Button size="sm" variant="outline" onClick={() => void changeStatus()} disabled={none}>Set status</Button>
      <Button size="sm" variant="outline" onClick={() => void changeVisibility("public")} disabled={none}>Make public</Button>
      <Button size="sm" variant="outline" onClick={() => void changeVisibility("private")} disabled={none}>Make private</Button>
      {reads}
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)} disabled={none}>Delete</Button>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${itemsText(ids.length)}?`}
        description="Their history goes with them and this cannot be undone. Their serials are never issued again."
        confirmLabel={`Delete ${itemsText(ids.length)}`}
        onConfirm={() => void deleteAll()}
      />
    </>
  );
}
