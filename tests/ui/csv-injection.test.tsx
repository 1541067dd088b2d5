// CSV formula injection: whatever a user names a thing, the app's CSV files hold it as
// text a spreadsheet will not run. Each export is driven as a user would (select, click
// Export CSV) and the downloaded file read back.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseCsv, restoreCell, toCsv } from "../../convex/lib/csv/format";
import type { AdminUserRow } from "../../convex/lib/admin/rules";
import type { PublicAssetCard } from "../../convex/lib/verify/tables";
import AdminPage from "../../src/features/admin/AdminPage";
import PublicAssetsPage from "../../src/features/publicAssets/PublicAssetsPage";
import { inventoryCsv } from "../../src/features/business/exportCsv";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

// The payload: a formula followed by a line break, which papaparse's escape never matched.
const EVIL = '=HYPERLINK("http://evil.example","Open")&\n""';

/** Whether a spreadsheet would evaluate this cell (OWASP: =, +, -, @, tab, CR, after any leading whitespace). */
const runsAsFormula = (cell: string) => /^(?:[\t\r]|\s*[=+\-@])/.test(cell);

let downloads: Blob[] = [];
beforeEach(() => {
  resetFakes();
  downloads = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloads.push(blob);
    return "blob:download";
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

async function downloadedCells(): Promise<string[][]> {
  await waitFor(() => expect(downloads).toHaveLength(1));
  return parseCsv(await downloads[0].text()).records;
}

describe("CSV formula injection", () => {
  it("a public asset named as a formula with a line break exports from /public-assets as text", async () => {
    const card: PublicAssetCard = { serial: "TMT-ABCD-2345", name: EVIL, kind: "general", status: "active", category: "@SUM(1+1)", photoUrl: null, taggedAt: 0 };
    fake.queries["publicAssets:list"] = [card];
    fake.queries["publicAssets:count"] = 1;
    fake.clientQuery.mockResolvedValue([card]);
    render(
      <MemoryRouter>
        <PublicAssetsPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every row on this page" }));
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    const [header, row] = await downloadedCells();
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("name")).toBe(`'${EVIL}`);
    expect(cell("category")).toBe("'@SUM(1+1)");
    expect(row.filter(runsAsFormula)).toEqual([]);
  });

  it("a user whose name is a formula with a line break exports from the admin users list as text", async () => {
    signedIn(makeProfile({ _id: "users_admin" as never, role: "admin", email: "boss@example.com" }));
    const row: AdminUserRow = {
      _id: "users_eve" as AdminUserRow["_id"],
      _creationTime: 0,
      email: "eve@example.com",
      phone: null,
      fullName: EVIL,
      role: "influencer",
      isBusinessUser: false,
      isAdminInfluencer: false,
      lastActiveAt: null,
      erased: false,
    };
    fake.queries["adminPanel:listUsers"] = [row];
    fake.queries["adminPanel:userCount"] = 1;
    fake.queries["adminPanel:counts"] = { users: 1, assets: 0, bugReports: 0, articles: 0, pendingRequests: 0 };
    fake.queries["businessRequests:list"] = { pending: [], decided: [] };
    fake.clientQuery.mockResolvedValue([row]);
    render(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Select eve@example.com" }));
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    const [header, cells] = await downloadedCells();
    expect(cells[header.indexOf("name")]).toBe(`'${EVIL}`);
    expect(cells.filter(runsAsFormula)).toEqual([]);
  });

  it("a business item named as a formula with a line break exports from the inventory as text", async () => {
    const item = { name: EVIL, sku: "MUG-1", quantity: 3, unitCost: { amount: 450, currency: "GBP" }, location: "-Shelf", category: null, description: "@note\nsecond line", serial: "TMT-ABCD-2345", status: "active" };
    const client = { query: vi.fn(async () => ({ items: [item], continueCursor: "", isDone: true })) };
    const [header, row] = parseCsv(await inventoryCsv(client as never, { sort: "newest", workspaceId: "ws_business" as never })).records;
    expect(row[header.indexOf("name")]).toBe(`'${EVIL}`);
    expect(row.filter(runsAsFormula)).toEqual([]);
  });

  it.each([
    ["a formula then a line break", EVIL],
    ["a formula then CRLF", "=1+1\r\n"],
    ["a plus", "+1"],
    ["a minus", "-1"],
    ["an at sign", "@cmd"],
    ["a leading tab", "\t=1"],
    ["a leading CR", "\rtext"],
    ["spaces before an equals sign", "  =1+1"],
    ["a line break before an equals sign", "\n=1+1"],
    ["a no-break space before a plus", "\u00a0+1"],
  ])("a cell starting with %s is written as text and reads back unchanged", (_name, value) => {
    const [[cell]] = parseCsv(toCsv([[value]])).records;
    expect(runsAsFormula(cell)).toBe(false);
    expect(restoreCell(cell)).toBe(value);
  });

  it("plain cells are written as they are", () => {
    expect(toCsv([["Blue mug", "3", "a=b", "x-1"]])).toBe("Blue mug,3,a=b,x-1\r\n");
  });
});
