import { useMutation, useQuery } from "convex/react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { ROLE_LABELS } from "../../../convex/lib/workspaces/rules";
import { formatDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Card } from "../../ui";
import { membersPath } from "./paths";
import { KIND_LABELS, WS_TEXT } from "./workspaceText";

/** Pending invitations to the signed-in user's address, to accept or decline here; nothing when there are none. */
export function InvitationsForYou() {
  const invitations = useQuery(api.myInvitations.list, {});
  const accept = useMutation(api.myInvitations.accept);
  const decline = useMutation(api.myInvitations.decline);
  const navigate = useNavigate();
  const { busy, run } = useSubmit({ fallback: WS_TEXT.acceptFailed, show: "toast" });
  if (invitations === undefined || invitations.length === 0) return null;
  const join = (invitationId: Id<"workspaceInvitations">, name: string) =>
    void run(async () => {
      const workspaceId = await accept({ invitationId });
      toast.success(WS_TEXT.joined(name));
      navigate(membersPath(workspaceId));
    });
  return (
    <Card title={WS_TEXT.forYouTitle}>
      <ul aria-label={WS_TEXT.forYouTitle} className="divide-y divide-slate-200 dark:divide-slate-800">
        {invitations.map((i) => (
          <li key={i._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="break-words text-slate-900 dark:text-white">
                {WS_TEXT.forYouLine(i.invitedBy, i.workspaceName, KIND_LABELS[i.kind], ROLE_LABELS[i.role].toLowerCase())}
              </p>
              <p className="text-slate-500 dark:text-slate-400">{WS_TEXT.expires(formatDate(i.expiresAt))}</p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" disabled={busy} onClick={() => join(i._id, i.workspaceName)} aria-label={`${WS_TEXT.accept}: ${i.workspaceName}`}>
                {WS_TEXT.accept}
              </Button>
              <Button size="sm" variant="outline" disabled={busy} aria-label={`${WS_TEXT.decline}: ${i.workspaceName}`}
                onClick={() => void run(async () => { await decline({ invitationId: i._id }); toast.success(WS_TEXT.declined); })}>
                {WS_TEXT.decline}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
