import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { can } from "../../../convex/lib/workspaces/rules";
import { Button, Form, Input } from "../../ui";
import { LocationPicker } from "../../lib/custody/LocationPicker";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";

/** Where the item is (its location's page), moving it, and its kit: the kit it is part of, or its parts. */
export function PlacePanel({ asset }: { asset: AssetDetail }) {
  const { current } = useWorkspace();
  const locations = useWorkspaceQuery(api.locations.all, {});
  const kit = useWorkspaceQuery(api.kits.ofAsset, { assetId: asset._id });
  const move = useWorkspaceMutation(api.locations.moveItems);
  const addParts = useWorkspaceMutation(api.kits.addParts);
  const removePart = useWorkspaceMutation(api.kits.removePart);
  const [target, setTarget] = useState<Id<"locations"> | "">("");
  const [serial, setSerial] = useState("");
  const moving = useSubmit({ fallback: "Could not move the item.", show: "toast" });
  const adding = useSubmit({ fallback: "Could not add the part." });
  const mayEdit = can(current?.role, "edit");
  const hasPlace = asset.details.kind === "general" || asset.details.kind === "business";
  const text = hasPlace && "location" in asset.details ? asset.details.location : undefined;
  const here = locations?.find((l) => l.path === text);

  async function addPart(event: FormEvent) {
    event.preventDefault();
    await adding.run(async () => {
      await addParts({ kitId: asset._id, serials: [serial.trim()] });
      setSerial("");
      toast.success("Part added to the kit");
    });
  }

  return (
    <section aria-labelledby="place-title" className="flex flex-col gap-3 text-sm">
      <h2 id="place-title" className="font-semibold text-slate-900 dark:text-white">Location and kit</h2>
      {hasPlace && (
        <p data-testid="asset-location">
          {here ? <Link to={`/locations/${here._id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">{here.path}</Link> : "No location"}
        </p>
      )}
      {hasPlace && mayEdit && kit?.kit == null && (
        <div className="flex items-end gap-2">
          <LocationPicker label="Move to" value={target} onChange={setTarget} />
          <Button size="sm" variant="outline" loading={moving.busy}
            onClick={() => void moving.run(async () => {
              const { moved } = await move({ assetIds: [asset._id], locationId: target === "" ? null : target });
              toast.success(moved === 0 ? "Already there" : moved === 1 ? "Moved" : `Moved with its ${moved - 1} parts`);
            })}>
            Move
          </Button>
        </div>
      )}
      {kit?.kit && (
        <p>
          Part of the kit <Link to={`/assets/${kit.kit._id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">{kit.kit.name}</Link>: it moves and is lent with it.
          {mayEdit && <Button size="sm" variant="ghost" onClick={() => void removePart({ partId: asset._id }).then(() => toast.success("Taken out of the kit"), () => toast.error("Could not take it out of the kit"))}>Take out</Button>}
        </p>
      )}
      {kit && kit.parts.length > 0 && (
        <div>
          <p>Kit parts:</p>
          <ul className="list-disc pl-5">
            {kit.parts.map((p) => <li key={p._id}><Link to={`/assets/${p._id}`} className="text-indigo-600 hover:underline dark:text-indigo-400">{p.name}</Link> <span className="font-mono text-xs">{p.serial}</span></li>)}
          </ul>
        </div>
      )}
      {mayEdit && kit?.kit == null && (
        <Form onSubmit={addPart} className="flex items-start gap-2">
          <Input aria-label="Serial of a part to add" placeholder="Add a part by serial (TMT-…)" containerClassName="flex-1" value={serial} error={adding.error ?? undefined} onChange={(e) => setSerial(e.target.value)} />
          <Button type="submit" size="sm" variant="outline" loading={adding.busy}>Add part</Button>
        </Form>
      )}
    </section>
  );
}
