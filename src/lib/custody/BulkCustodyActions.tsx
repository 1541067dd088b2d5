import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_CHECKOUT_ITEMS } from "../../../convex/lib/custody/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Button, Modal } from "../../ui";
import { inBatches, itemsText } from "../bulk";
import type { BulkRun } from "../BulkBar";
import type { Selection } from "../useSelection";
import { useWorkspace, useWorkspaceMutation } from "../useWorkspace";
import { CheckOutForm } from "./CheckOutForm";
import { LocationPicker } from "./LocationPicker";

/** A list's selection moved to a location, or checked out together; hidden from viewers. */
export function BulkCustodyActions({ selection, bulk }: { selection: Selection; bulk: BulkRun }) {
  const { current } = useWorkspace();
  const move = useWorkspaceMutation(api.locations.moveItems);
  const [place, setPlace] = useState<Id<"locations"> | "">("");
  const [lending, setLending] = useState(false);
  const ids = [...selection.ids] as Id<"assets">[];
  if (!can(current?.role, "edit")) return null;
  const none = ids.length === 0 || bulk.busy;
  const moveAll = () =>
    bulk.run("Moving", ids.length, async (report) => {
      const results = await inBatches(ids, (batch) => move({ assetIds: batch as Id<"assets">[], locationId: place === "" ? null : place }), report);
      toast.success(`Moved ${itemsText(results.reduce((n, r) => n + r.moved, 0))}`);
    }, "Could not move the items");
  return (
    <>
      <div className="flex items-end gap-2">
        <LocationPicker label="Move to" value={place} onChange={setPlace} />
        <Button size="sm" variant="outline" disabled={none} onClick={() => void moveAll()}>Move</Button>
      </div>
      <Button size="sm" variant="outline" disabled={none || ids.length > MAX_CHECKOUT_ITEMS} onClick={() => setLending(true)}>Check out</Button>
      <Modal open={lending} onOpenChange={setLending} title={`Check out ${itemsText(ids.length)}`}>
        <CheckOutForm assetIds={ids} onDone={() => setLending(false)} />
      </Modal>
    </>
  );
}
