import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_LOCATION_NAME } from "../../../convex/lib/locations/rules";
import { Button, Form, Input } from "../../ui";
import { LocationPicker } from "../../lib/custody/LocationPicker";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspaceMutation } from "../../lib/useWorkspace";

// Its own module, not an export of LocationsPage: a static import of the /locations page from
// a location's page made the bundler fold that lazy route into the other page's chunk.
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
