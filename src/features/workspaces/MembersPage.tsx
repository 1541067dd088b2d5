import { useMutation } from "convex/react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { can, checkWorkspaceName } from "../../../convex/lib/workspaces/rules";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Card, ConfirmModal, Form, Input } from "../../ui";
import { CurrencyForm } from "./CurrencyForm";
import { CustomFieldsEditor } from "./CustomFieldsEditor";
import { DeleteWorkspace } from "./DeleteWorkspace";
import { InviteForm, JoinLinkForm, PendingInvitations } from "./Invitations";
import { MemberList } from "./MemberList";
import { VerifiedName } from "./VerifiedName";
import { WorkspaceFrame, type CurrentWorkspace } from "./WorkspaceFrame";
import { WorkspacePorts } from "./WorkspacePorts";
import { WS_TEXT } from "./workspaceText";

function RenameForm({ ws }: { ws: CurrentWorkspace }) {
  const rename = useMutation(api.workspaces.rename);
  const [name, setName] = useState(ws.name);
  const { busy, error, setError, run } = useSubmit({ fallback: WS_TEXT.changeFailed });
  async function submit() {
    const checked = checkWorkspaceName(name);
    if (!checked.ok) return setError(checked.message);
    if (await run(() => rename({ workspaceId: ws._id, name: checked.name }))) toast.success(WS_TEXT.renamed);
  }
  return (
    <Form onSubmit={submit} aria-label={WS_TEXT.rename} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Input label={WS_TEXT.nameLabel} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200}
        error={error ?? undefined} aria-invalid={error !== null} containerClassName="sm:flex-1" autoComplete="off" />
      <Button type="submit" variant="outline" loading={busy} className="sm:mt-7">{WS_TEXT.rename}</Button>
    </Form>
  );
}

function LeaveButton({ ws }: { ws: CurrentWorkspace }) {
  const leave = useMutation(api.workspaceMembers.leave);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { busy, run } = useSubmit({ fallback: WS_TEXT.changeFailed, show: "toast" });
  const confirm = () =>
    void run(async () => {
      await leave({ workspaceId: ws._id });
      toast.success(WS_TEXT.left);
      navigate("/workspaces");
    }).then((ok) => !ok && setOpen(false));
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>{WS_TEXT.leave}</Button>
      <ConfirmModal open={open} onOpenChange={setOpen} title={WS_TEXT.leaveTitle} description={WS_TEXT.leaveBody}
        confirmLabel={WS_TEXT.leave} onConfirm={confirm} busy={busy} busyLabel={WS_TEXT.leaving} />
    </>
  );
}

function Members({ ws }: { ws: CurrentWorkspace }) {
  const shared = ws.kind !== "personal";
  const manages = shared && can(ws.role, "manageMembers");
  return (
    <>
      <Card title={WS_TEXT.membersTitle}>
        <MemberList ws={ws} />
      </Card>
      {manages && (
        <>
          <Card title={WS_TEXT.inviteTitle}>
            <InviteForm ws={ws} />
          </Card>
          <Card title={WS_TEXT.joinLinkTitle} description={WS_TEXT.joinLinkHint}>
            <JoinLinkForm ws={ws} />
          </Card>
          <Card title={WS_TEXT.pendingTitle}>
            <PendingInvitations ws={ws} />
          </Card>
        </>
      )}
      {(shared || can(ws.role, "settings")) && (
        <Card title={WS_TEXT.renameTitle}>
          <div className="flex flex-col gap-4">
            {shared && can(ws.role, "settings") && <RenameForm key={ws.name} ws={ws} />}
            {can(ws.role, "settings") && <CurrencyForm key={ws.currency} ws={ws} />}
            {shared && <div><LeaveButton ws={ws} /></div>}
          </div>
        </Card>
      )}
      {can(ws.role, "manageFields") && (
        <Card title="Custom fields" description="Your own fields per category: editors fill them in when tagging or editing an item of that category.">
          <CustomFieldsEditor ws={ws} />
        </Card>
      )}
      {ws.kind === "business" && can(ws.role, "settings") && (
        <Card title={WS_TEXT.verifiedTitle}>
          <VerifiedName ws={ws} />
        </Card>
      )}
      {can(ws.role, "settings") && (
        <Card title="Export and import" id="export-import">
          <WorkspacePorts ws={ws} />
        </Card>
      )}
      {shared && can(ws.role, "deleteWorkspace") && (
        <Card title={WS_TEXT.deleteTitle}>
          <DeleteWorkspace ws={ws} />
        </Card>
      )}
    </>
  );
}

/** /workspaces/:workspaceId/members: who is in the workspace, invitations, join links, leaving. */
export default function MembersPage() {
  const { workspaceId = "" } = useParams();
  return <WorkspaceFrame workspaceId={workspaceId}>{(ws) => <Members ws={ws} />}</WorkspaceFrame>;
}
