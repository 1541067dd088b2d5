import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_LOCATION_NAME, PATH_SEPARATOR } from "../../../convex/lib/locations/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Button, Card, Form, Input, PageSpinner } from "../../ui";
import { LocationPicker } from "../../lib/custody/LocationPicker";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";

/** A form adding a location at the top level or inside `parentId`. */
export function NewLocationForm({ parentId }: { parentId?: Id<"locations"> }) {
  const create = useWorkspaceMutation(api.locations.create);
  const [name, setName] = useState("");
  const [parent, setParent] = useState<Id<"locations"> | "">(parentId ?? "");
  const { busy, error, run } = useSubmit({ fallback: "Could not add the location." });
  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      await create({ name, parentId: parent === "" ? undefined : parent });
      setName("");
      toast.success("Location added");
    });
  }
  return (
    <Form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Input label="New location" required maxLength={MAX_LOCATION_NAME} placeholder="Shelf 2" containerClassName="flex-1" value={name} error={error} onChange={(e) => setName(e.target.value)} />
      {parentId === undefined && <LocationPicker label="Inside" value={parent} onChange={setParent} />}
      <Button type="submit" loading={busy} loadingText="Adding...">Add location</Button>
    </Form>
  );
}

/** /locations: the workspace's places as a tree (site → room → shelf), each opening its page. */
export default function LocationsPage() {
  const { current } = useWorkspace();
  const locations = useWorkspaceQuery(api.locations.all, {});
  if (locations === undefined) return <PageSpinner label="Loading locations..." />;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/assets" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">← My assets</Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Locations</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Where things are. Each location has a label: scanning it opens what is in it.</p>
      {can(current?.role, "edit") && <Card className="mt-6"><NewLocationForm /></Card>}
      {locations.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No locations yet. Add one above, or type a location into an item: it becomes one.
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-1" aria-label="Locations">
          {locations.map((l) => (
            <li key={l._id} style={{ paddingLeft: `${(l.path.split(PATH_SEPARATOR).length - 1) * 1.25}rem` }}>
              <Link to={`/locations/${l._id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">{l.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
