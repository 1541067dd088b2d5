import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Select } from "../../ui";
import { useWorkspaceQuery } from "../useWorkspace";

/** A select of the workspace's locations by their full path ("" = no location). */
export function LocationPicker({ value, onChange, label = "Location" }: { value: string; onChange: (id: Id<"locations"> | "") => void; label?: string }) {
  const locations = useWorkspaceQuery(api.locations.all, {});
  return (
    <Select label={label} value={value} disabled={locations === undefined} onChange={(e) => onChange(e.target.value as Id<"locations"> | "")}>
      <option value="">No location</option>
      {(locations ?? []).map((l) => <option key={l._id} value={l._id}>{l.path}</option>)}
    </Select>
  );
}
