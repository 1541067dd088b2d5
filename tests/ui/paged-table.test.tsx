// A list shows its page (issue 31 item 2): while an import adds thousands of rows, the page
// keeps its 50 rows and says how many are new ("240 new items", Show) instead of growing;
// edits and removals without additions show at once.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { useBulkRun } from "../../src/lib/BulkBar";
import { PagedTable } from "../../src/lib/PagedTable";
import { useSelection } from "../../src/lib/useSelection";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Row = { _id: string; name: string };
const PAGE = 50;
const rowsOf = (from: number, count: number, label = "Item") => Array.from({ length: count }, (_, i) => ({ _id: `id_${from + i}`, name: `${label} ${from + i}` }));

function List({ rows, total, onFirst = () => {} }: { rows: Row[]; total: number; onFirst?: () => void }) {
  const selection = useSelection("all");
  const bulk = useBulkRun();
  const pages = { rows, rowsKey: "list@null", loading: false, page: 1, canPrevious: false, canNext: true, first: onFirst, previous: () => {}, next: () => {} };
  return (
    <PagedTable<Row>
      caption="Inventory"
      columns={[{ key: "name", header: "Item", cell: (r) => r.name }]}
      pages={pages}
      pageSize={PAGE}
      total={total}
      noun="item"
      rowId={(r) => r._id}
      rowLabel={(r) => r.name}
      sort="newest"
      onSort={() => {}}
      selection={selection}
      bulk={bulk}
      matchingIds={async () => ({ ids: [], stamps: new Map() })}
      actions={null}
      empty={<p>None</p>}
    />
  );
}

const bodyRows = () => within(screen.getByRole("table", { name: "Inventory" })).getAllByRole("row").slice(1);

test("rows added while the page is open are announced, not added to it; Show takes them in", async () => {
  const first = rowsOf(1000, PAGE);
  const { rerender } = render(<List rows={first} total={831} />);
  expect(bodyRows()).toHaveLength(PAGE);
  // A live import: the re-run page grows by 240 rows at its top (as a pinned Convex page does).
  const grown = [...rowsOf(0, 240, "New"), ...first.map((r) => (r._id === "id_1000" ? { ...r, name: "Item 1000 (renamed)" } : r))];
  rerender(<List rows={grown} total={831 + 240} />);
  expect(bodyRows()).toHaveLength(PAGE);
  expect(screen.getByRole("status")).toHaveTextContent("240 new items");
  // The rows on screen stay, with their live values.
  expect(bodyRows()[0]).toHaveTextContent("Item 1000 (renamed)");
  expect(screen.queryByText("New 0")).not.toBeInTheDocument();
  expect(screen.getByText("Showing 1–50 of 1,071 items")).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole("button", { name: "Show" }));
  expect(screen.queryByText(/new items/)).not.toBeInTheDocument();
  expect(bodyRows()).toHaveLength(PAGE);
  expect(bodyRows()[0]).toHaveTextContent("New 0");
});

test("without additions the live page shows at once: a removed row goes, the next one comes in", () => {
  const first = rowsOf(0, PAGE);
  const { rerender } = render(<List rows={first} total={100} />);
  rerender(<List rows={[...first.slice(1), ...rowsOf(PAGE, 1)]} total={99} />);
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
  expect(screen.queryByText("Item 0")).not.toBeInTheDocument();
  expect(screen.getByText(`Item ${PAGE}`)).toBeInTheDocument();
  expect(bodyRows()).toHaveLength(PAGE);
});

test("an empty page takes in the first rows as they are added: no \"new items\" over an empty table", () => {
  const { rerender } = render(<List rows={[]} total={0} />);
  expect(screen.getByText("None")).toBeInTheDocument();
  // An import's first batch lands in an empty register.
  rerender(<List rows={rowsOf(0, PAGE)} total={500} />);
  expect(screen.queryByText(/new items/)).not.toBeInTheDocument();
  expect(bodyRows()).toHaveLength(PAGE);
  expect(screen.getByText("Showing 1–50 of 500 items")).toBeInTheDocument();
  // From then on the page holds still: the next batch is announced.
  rerender(<List rows={[...rowsOf(500, 500, "New"), ...rowsOf(0, PAGE)]} total={1000} />);
  expect(screen.getByRole("status")).toHaveTextContent("500 new items");
  expect(bodyRows()[0]).toHaveTextContent("Item 0");
});
