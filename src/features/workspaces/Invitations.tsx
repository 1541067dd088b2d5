import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { JOIN_LINK_DAYS, ROLE_LABELS } from "../../../convex/lib/workspaces/rules";
import { INVITABLE_ROLES } from "../../../convex/lib/workspaces/tables";
import { parseEmail } from "../../../convex/lib/auth/input";
import { MESSAGES } from "../../../convex/lib/errors";
import { TOKEN_LINKS, tokenPath } from "../../../convex/lib/tokenLinks";
import { formatDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Badge, Button, Form, Input, PageSpinner, Select } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** The server's own address check, so the form refuses exactly what the server would. */
function isAddress(value: string): boolean {
  try {
    parseEmail(value);
    return true;
  } catch {
    return false;
  }
}

function RoleField({ value, onChange }: { value: InvitableRole; onChange: (role: InvitableRole) => void }) {
  return (
    <Select label={WS_TEXT.roleLabel} value={value} onChange={(e) => onChange(e.target.value as InvitableRole)} containerClassName="sm:w-40">
      {INVITABLE_ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
    </Select>
  );
}

/** Invite one address; the same answer whether or not it has an account. */
export function InviteForm({ ws }: { ws: CurrentWorkspace }) {
  const invite = useMutation(api.workspaceMembers.invite);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("editor");
  const { busy, error, setError, run } = useSubmit({ fallback: WS_TEXT.inviteFailed });
  async function submit() {
    const address = email.trim();
    if (!isAddress(address)) return setError(MESSAGES.invalidEmail);
    const sent = await run(() => invite({ workspaceId: ws._id, email: address, role }));
    if (sent) {
      toast.success(WS_TEXT.invited(address));
      setEmail("");
    }
  }
  return (
    <Form onSubmit={submit} aria-label={WS_TEXT.inviteTitle} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Input label={WS_TEXT.emailLabel} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)}
        required maxLength={320} error={error ?? undefined} aria-invalid={error !== null} hint={WS_TEXT.inviteHint} containerClassName="sm:flex-1" />
      <RoleField value={role} onChange={setRole} />
      <Button type="submit" loading={busy} loadingText={WS_TEXT.sending} className="sm:mt-7">{WS_TEXT.sendInvite}</Button>
    </Form>
  );
}

/** A join link with a role and a lifetime; its address is shown once, right after it is made. */
export function JoinLinkForm({ ws }: { ws: CurrentWorkspace }) {
  const createLink = useMutation(api.workspaceMembers.createJoinLink);
  const [role, setRole] = useState<InvitableRole>("viewer");
  const [days, setDays] = useState<number>(JOIN_LINK_DAYS[1]);
  const [link, setLink] = useState<string | null>(null);
  const { busy, error, run } = useSubmit({ fallback: WS_TEXT.linkFailed });
  async function submit() {
    await run(async () => {
      const token = await createLink({ workspaceId: ws._id, role, days });
      setLink(`${window.location.origin}${tokenPath(TOKEN_LINKS.workspaceJoin.path, { token })}`);
    });
  }
  async function copy() {
    if (link === null) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(WS_TEXT.copied);
    } catch {
      // The field stays selectable for copying by hand.
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <Form onSubmit={submit} aria-label={WS_TEXT.joinLinkTitle} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <RoleField value={role} onChange={setRole} />
        <Select label={WS_TEXT.validFor} value={days} onChange={(e) => setDays(Number(e.target.value))} containerClassName="sm:w-40">
          {JOIN_LINK_DAYS.map((d) => <option key={d} value={d}>{WS_TEXT.days(d)}</option>)}
        </Select>
        <Button type="submit" loading={busy} loadingText={WS_TEXT.creating} className="sm:mt-7">{WS_TEXT.createLink}</Button>
      </Form>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      {link !== null && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Input label={WS_TEXT.newLinkLabel} value={link} readOnly onFocus={(e) => e.target.select()} containerClassName="sm:flex-1" />
          <Button variant="outline" onClick={() => void copy()} className="sm:mb-0.5">{WS_TEXT.copy}</Button>
        </div>
      )}
    </div>
  );
}

/** Pending e-mail invitations and live join links, each withdrawable. */
export function PendingInvitations({ ws }: { ws: CurrentWorkspace }) {
  const pending = useQuery(api.workspaceMembers.invitations, { workspaceId: ws._id });
  const revoke = useMutation(api.workspaceMembers.revokeInvitation);
  const { run } = useSubmit({ fallback: WS_TEXT.changeFailed, show: "toast" });
  if (pending === undefined) return <PageSpinner label="Loading invitations..." />;
  if (pending.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{WS_TEXT.noPending}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={WS_TEXT.pendingTitle}>
      {pending.map((i) => {
        const who = i.email ?? WS_TEXT.joinLinkName;
        return (
          <li key={i._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="break-all font-medium text-slate-900 dark:text-white">{who}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {ROLE_LABELS[i.role]} · {i.invitedBy} · {WS_TEXT.expires(formatDate(i.expiresAt))}
              </p>
            </div>
            {i.via === "link" && <Badge tone="amber" size="sm">{WS_TEXT.joinLinkName}</Badge>}
            <Button size="sm" variant="outline" aria-label={`${WS_TEXT.revoke}: ${who}`}
              onClick={() => void run(async () => {
                await revoke({ workspaceId: ws._id, invitationId: i._id });
                toast.success(WS_TEXT.revoked);
              })}>
              {WS_TEXT.revoke}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
