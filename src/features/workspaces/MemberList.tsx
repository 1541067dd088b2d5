import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { can, ROLE_LABELS } from "../../../convex/lib/workspaces/rules";
import { WORKSPACE_ROLES, type WorkspaceRole } from "../../../convex/lib/workspaces/tables";
import { formatDate } from "../../lib/format";
import { RoleChangeConfirm } from "../../lib/RoleChangeConfirm";
import { useSubmit } from "../../lib/useSubmit";
import { Button, ConfirmModal, PageSpinner, Select } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

type Member = FunctionReturnType<typeof api.workspaceMembers.list>[number];
type Pending = { kind: "remove" | "handOver"; member: Member } | null;

function RoleSelect({ ws, member }: { ws: CurrentWorkspace; member: Member }) {
  const changeRole = useMutation(api.workspaceMembers.changeRole);
  const { busy, run } = useSubmit({ fallback: WS_TEXT.changeFailed, show: "toast" });
  const [chosen, setChosen] = useState<WorkspaceRole | null>(null);
  // Only owners see (and may give) the owner role; the server refuses anyway.
  const roles = WORKSPACE_ROLES.filter((r) => r !== "owner" || can(ws.role, "manageOwners"));
  const confirm = () =>
    void run(async () => {
      if (chosen === null) return;
      await changeRole({ workspaceId: ws._id, userId: member.userId, role: chosen });
      toast.success(WS_TEXT.roleSaved);
      setChosen(null);
    });
  return (
    <>
      <Select compact aria-label={WS_TEXT.roleOf(member.name)} value={member.role} disabled={busy}
        onChange={(e) => setChosen(e.target.value as WorkspaceRole)} containerClassName="w-36">
        {roles.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
      </Select>
      <RoleChangeConfirm name={member.name} role={chosen && ROLE_LABELS[chosen]} busy={busy} onCancel={() => setChosen(null)} onConfirm={confirm} />
    </>
  );
}

/** The members, with role changes and removal for those who manage members. */
export function MemberList({ ws }: { ws: CurrentWorkspace }) {
  const members = useQuery(api.workspaceMembers.list, { workspaceId: ws._id });
  const remove = useMutation(api.workspaceMembers.remove);
  const transfer = useMutation(api.workspaceMembers.transferOwnership);
  const [pending, setPending] = useState<Pending>(null);
  const { busy, run } = useSubmit({ fallback: WS_TEXT.changeFailed, show: "toast" });
  if (members === undefined) return <PageSpinner label="Loading members..." />;
  const shared = ws.kind !== "personal";
  const manages = shared && can(ws.role, "manageMembers");
  // An admin manages everyone but owners; an owner manages everyone.
  const editable = (m: Member) => manages && (m.role !== "owner" || can(ws.role, "manageOwners"));
  const confirm = () =>
    void run(async () => {
      if (pending === null) return;
      const args = { workspaceId: ws._id, userId: pending.member.userId };
      if (pending.kind === "remove") {
        await remove(args);
        toast.success(WS_TEXT.removed);
      } else {
        await transfer(args);
        toast.success(WS_TEXT.handedOver);
      }
      setPending(null);
    });
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={WS_TEXT.membersTitle}>
        {members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="break-words font-medium text-slate-900 dark:text-white">
                {m.name} {m.isYou && <span className="font-normal text-slate-500 dark:text-slate-400">{WS_TEXT.youLabel}</span>}
              </p>
              <p className="break-all text-sm text-slate-600 dark:text-slate-400">
                {m.email ?? ""}
                <span className="sr-only">, </span>
                <span className="block text-xs">Joined {formatDate(m.joinedAt)}</span>
              </p>
            </div>
            {editable(m) ? <RoleSelect ws={ws} member={m} /> : <span className="w-36 text-sm text-slate-700 dark:text-slate-300">{ROLE_LABELS[m.role]}</span>}
            {editable(m) && !m.isYou && (
              <div className="flex flex-wrap gap-2">
                {can(ws.role, "transferOwnership") && m.role !== "owner" && (
                  <Button size="sm" variant="outline" onClick={() => setPending({ kind: "handOver", member: m })} aria-label={`${WS_TEXT.handOver}: ${m.name}`}>
                    {WS_TEXT.handOver}
                  </Button>
                )}
                <Button size="sm" variant="danger" onClick={() => setPending({ kind: "remove", member: m })} aria-label={`${WS_TEXT.remove} ${m.name}`}>
                  {WS_TEXT.remove}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending === null ? "" : pending.kind === "remove" ? WS_TEXT.removeTitle(pending.member.name) : WS_TEXT.handOverTitle(pending.member.name)}
        description={pending?.kind === "handOver" ? WS_TEXT.handOverBody : WS_TEXT.removeBody}
        confirmLabel={pending?.kind === "handOver" ? WS_TEXT.handOver : WS_TEXT.remove}
        onConfirm={confirm}
        busy={busy}
        busyLabel={pending?.kind === "handOver" ? WS_TEXT.handingOver : WS_TEXT.removing}
      />
    </>
  );
}
