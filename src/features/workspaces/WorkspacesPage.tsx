import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { hasBusinessFeatures } from "../../../convex/lib/roles";
import { checkWorkspaceName, CREATABLE_KINDS, ROLE_LABELS } from "../../../convex/lib/workspaces/rules";
import { useSubmit } from "../../lib/useSubmit";
import { Badge, Button, Card, Form, Input, PageSpinner, Select } from "../../ui";
import { InvitationsForYou } from "./InvitationsForYou";
import { KIND_LABELS, WS_TEXT } from "./workspaceText";
import { activityPath, membersPath } from "./paths";

function CreateWorkspaceForm() {
  const profile = useQuery(api.users.me, {});
  const create = useMutation(api.workspaces.create);
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<(typeof CREATABLE_KINDS)[number]>("household");
  const { busy, error, setError, run } = useSubmit({ fallback: WS_TEXT.createFailed });
  const business = hasBusinessFeatures(profile ?? null);
  async function submit() {
    const checked = checkWorkspaceName(name);
    if (!checked.ok) return setError(checked.message);
    await run(async () => {
      const id = await create({ name: checked.name, kind });
      toast.success(`${checked.name} created`);
      navigate(membersPath(id));
    });
  }
  return (
    <Form onSubmit={submit} aria-label={WS_TEXT.create} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Input label={WS_TEXT.nameLabel} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200}
        error={error ?? undefined} aria-invalid={error !== null} containerClassName="sm:flex-1" autoComplete="off" />
      <Select label={WS_TEXT.kindLabel} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}
        hint={business ? undefined : WS_TEXT.businessNeedsFeatures} containerClassName="sm:w-56">
        {CREATABLE_KINDS.map((k) => (
          <option key={k} value={k} disabled={k === "business" && !business}>{KIND_LABELS[k]}</option>
        ))}
      </Select>
      <Button type="submit" loading={busy} loadingText={WS_TEXT.creating} className="sm:mt-7">{WS_TEXT.create}</Button>
    </Form>
  );
}

/** /workspaces: the caller's workspaces, and creating a household or business one. */
export default function WorkspacesPage() {
  const mine = useQuery(api.workspaces.listMine, {});
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{WS_TEXT.listTitle}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{WS_TEXT.listIntro}</p>
      </div>
      <InvitationsForYou />
      <Card title={WS_TEXT.yours}>
        {mine === undefined ? (
          <PageSpinner label="Loading workspaces..." />
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {mine.map((w) => (
              <li key={w._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                {/* A personal workspace has no one to manage: it opens on its activity. */}
                <Link to={w.kind === "personal" ? activityPath(w._id) : membersPath(w._id)}
                  className="break-all font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
                  {w.name}
                </Link>
                <Badge tone="slate" size="sm">{KIND_LABELS[w.kind]}</Badge>
                <span className="text-sm text-slate-600 dark:text-slate-400">{ROLE_LABELS[w.role]}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={WS_TEXT.create}>
        <CreateWorkspaceForm />
      </Card>
    </section>
  );
}
