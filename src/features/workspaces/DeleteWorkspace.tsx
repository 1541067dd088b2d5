import { useMutation, useQuery } from "convex/react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { can } from "../../../convex/lib/workspaces/rules";
import { formatNumber, formatTmt } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Input, Modal, Select, Spinner } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

const itemCount = (n: number) => (n === 1 ? "1 item" : `${formatNumber(n)} items`);

type Closing = NonNullable<ReturnType<typeof useClosing>>;
const useClosing = (workspaceId: Id<"workspaces">) => useQuery(api.workspaceClosing.status, { workspaceId });

/** The move's progress, live: running, done or stopped (with the server's reason). */
function MoveProgress({ move }: { move: NonNullable<Closing["move"]> }) {
  if (move.status === "running") {
    return (
      <div role="status" className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <span>{WS_TEXT.moving(move.to, formatNumber(move.moved), formatNumber(move.total))}</span>
        <progress max={Math.max(move.total, 1)} value={move.moved} className="w-full" aria-label={WS_TEXT.moveAll} />
      </div>
    );
  }
  if (move.status === "failed") return <p role="alert" className="text-sm text-red-700 dark:text-red-400">{WS_TEXT.moveStopped(move.error ?? "")}</p>;
  return <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">{WS_TEXT.moveDone(move.to, itemCount(move.moved), formatTmt(move.tokens))}</p>;
}

/** Choosing where everything goes, and starting the move. */
function MoveEverything({ ws }: { ws: CurrentWorkspace }) {
  const mine = useQuery(api.workspaces.listMine, {});
  const moveAll = useMutation(api.workspaceClosing.moveAll);
  const targets = (mine ?? []).filter((w) => w._id !== ws._id && can(w.role, "edit"));
  const [chosen, setChosen] = useState<string>("");
  const target = targets.find((w) => w._id === chosen) ?? targets[0];
  const { busy, error, run } = useSubmit({ fallback: WS_TEXT.moveFailed });
  if (mine === undefined) return <Spinner />;
  if (target === undefined) return <p className="text-sm text-slate-700 dark:text-slate-300">{WS_TEXT.noTarget}</p>;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Select label={WS_TEXT.moveTo} value={target._id} onChange={(e) => setChosen(e.target.value)} containerClassName="sm:flex-1"
        error={error ?? undefined}>
        {targets.map((w) => <option key={w._id} value={w._id}>{w.name}</option>)}
      </Select>
      <Button variant="outline" className="sm:mt-7" loading={busy} loadingText={WS_TEXT.moveStarting}
        onClick={() => void run(() => moveAll({ workspaceId: ws._id, toWorkspaceId: target._id }))}>
        {WS_TEXT.moveAll}
      </Button>
    </div>
  );
}

/** The confirmation: the workspace's name typed exactly before the red button works. */
function ConfirmDelete({ ws, open, onOpenChange }: { ws: CurrentWorkspace; open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useMutation(api.workspaceClosing.remove);
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const { busy, error, run } = useSubmit({ fallback: WS_TEXT.deleteFailed });
  const matches = typed.trim() === ws.name;
  const confirm = () =>
    void run(async () => {
      await remove({ workspaceId: ws._id, confirmName: typed });
      toast.success(WS_TEXT.deleted);
      navigate("/workspaces");
    });
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={WS_TEXT.deleteConfirmTitle(ws.name)}
      description={WS_TEXT.deleteConfirmBody} size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>Cancel</Button>
          <Button variant="danger" onClick={confirm} disabled={!matches} loading={busy} loadingText={WS_TEXT.deleting}>{WS_TEXT.deleteTitle}</Button>
        </>
      }>
      <Input label={WS_TEXT.typeName(ws.name)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off"
        error={error ?? undefined} aria-invalid={error !== null} />
    </Modal>
  );
}

/** An owner's way to delete a household or business workspace, and to empty it first. */
export function DeleteWorkspace({ ws }: { ws: CurrentWorkspace }) {
  const closing = useClosing(ws._id);
  const [open, setOpen] = useState(false);
  const hintId = useId();
  if (closing === undefined) return <Spinner />;
  // Null: no longer an owner here (the screen follows live).
  if (closing === null) return null;
  const holds = closing.items > 0 || closing.balance > 0;
  const moving = closing.move?.status === "running";
  const blocked = holds || moving || closing.importRunning;
  return (
    <div className="flex flex-col gap-4">
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">{WS_TEXT.deleteHint}</p>
      {closing.move !== null && <MoveProgress move={closing.move} />}
      {holds && !moving && (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {WS_TEXT.holds(itemCount(closing.items), formatTmt(closing.balance))} {WS_TEXT.moveHint}
          </p>
          <MoveEverything ws={ws} />
        </div>
      )}
      {closing.importRunning && <p className="text-sm text-slate-700 dark:text-slate-300">{WS_TEXT.importRunning}</p>}
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} disabled={blocked} aria-describedby={hintId}>{WS_TEXT.deleteTitle}</Button>
      </div>
      {open && <ConfirmDelete ws={ws} open={open} onOpenChange={setOpen} />}
    </div>
  );
}
