import type { AssetSort } from "../../convex/lib/assets/sorts";
import { Select, ViewToggle } from "../ui";
import type { useListParams } from "./listParams";

export const LIST_VIEWS = ["table", "cards"] as const;
type View = (typeof LIST_VIEWS)[number];

const SORT_LABELS: [AssetSort, string][] = [
  ["newest", "Newest first"],
  ["oldest", "Oldest first"],
  ["name", "Name A–Z"],
  ["name_desc", "Name Z–A"],
];

/** The asset lists' sort (also on the column headers; a search ranks by relevance instead) and table/cards switch, kept in the URL. */
export function ListViewControls({ list, sort, view, searching }: { list: ReturnType<typeof useListParams>; sort: AssetSort; view: View; searching: boolean }) {
  return (
    <>
      <Select aria-label="Sort" value={sort} disabled={searching} onChange={(e) => list.set({ sort: e.target.value === "newest" ? undefined : e.target.value })}>
        {SORT_LABELS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </Select>
      <ViewToggle value={view} options={[["table", "Table"], ["cards", "Cards"]]} onChange={(v) => list.set({ view: v === "table" ? undefined : v })} />
    </>
  );
}
