// A data directory written by older code is migrated when the local backend starts:
// the demo data is seeded by the convex/ of a commit from before the one beneficiary
// list (the watch's beneficiary typed into its details, the asset public), then the
// current convex/ starts on the same directory and migrations:runAll moves it.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { removeDir, start, tempDir } from "./helpers";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
// The last commit whose will assets kept their beneficiaries in their details.
const BEFORE_ONE_LIST = "1e2fd92";
// Inside the repository so the old code resolves the same node_modules.
const OLD = path.join(REPO, ".vitest", `old-convex-${process.pid}`);
const dataDir = tempDir("lb-migrate-");
// A shallow clone may not hold that commit: then there is no old code to start.
const hasOldCode = (() => {
  try {
    execFileSync("git", ["cat-file", "-e", `${BEFORE_ONE_LIST}^{commit}`], { cwd: REPO, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

afterAll(() => {
  removeDir(dataDir);
  removeDir(OLD);
});

async function memberClient(url: string, email = "member@example.com") {
  const result = (await new ConvexHttpClient(url).action("auth:signIn" as never, {
    provider: "password",
    params: { flow: "signIn", email, password: "password123" },
  } as never)) as { tokens?: { token: string } | null };
  const http = new ConvexHttpClient(url, { logger: false });
  http.setAuth(result.tokens!.token);
  return http;
}

type WillAsset = { _id: string; name: string; beneficiaries: { contactName: string; share: number | null }[] };

it.skipIf(!hasOldCode)("an old data dir's will assets move to the one beneficiary list on start", { timeout: 120_000 }, async () => {
  mkdirSync(OLD, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_ONE_LIST} convex | tar -x -C "${OLD}"`], { cwd: REPO });

  const old = await start({ dataDir, convexDir: path.join(OLD, "convex") });
  expect(old.seeded?.ok).toBe(true);
  expect(old.migrated).toBeNull();
  await old.stop();

  const current = await start({ dataDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.seeded).toBeNull();
    expect(current.migrated?.ok).toBe(true);
    const member = await memberClient(current.url);
    await expect
      .poll(async () => ((await member.query("nextOfKin:willAssets" as never, {} as never)) as WillAsset[]).map((a) => a.beneficiaries), { timeout: 30_000 })
      .toEqual([[{ contactId: expect.any(String), contactName: "Sam Member", share: 100, instructions: null }]]);
    const [watch] = (await member.query("nextOfKin:willAssets" as never, {} as never)) as WillAsset[];
    const [personal] = (await member.query("workspaces:listMine" as never, {} as never)) as { _id: string }[];
    const detail = (await member.query("assets:get" as never, { workspaceId: personal._id, assetId: watch._id } as never)) as { details: unknown; visibility: string };
    expect(detail.details).toEqual({ kind: "will", instructions: "Keep it in the family." });
    expect(detail.visibility).toBe("private");
    const contacts = (await member.query("nextOfKin:list" as never, {} as never)) as { name: string; relationship: string }[];
    expect(contacts.map((c) => [c.name, c.relationship])).toEqual([["Sam Member", "Son"]]);
  } finally {
    await current.stop();
  }
});

// The commit before registers moved from users to workspaces (issue 26).
const BEFORE_WORKSPACES = "835ab41";
const workspacesDir = tempDir("lb-migrate-ws-");
const OLD_WS = path.join(REPO, ".vitest", `old-convex-ws-${process.pid}`);
afterAll(() => {
  removeDir(workspacesDir);
  removeDir(OLD_WS);
});

type Page = { page: { serial: string; name: string; status: string }[] };
const ALL = { paginationOpts: { numItems: 50, cursor: null } };
const q = async <T,>(client: ConvexHttpClient, name: string, args: object) => (await client.query(name as never, args as never)) as T;

// What older code reported as bare pence, as the current code reports it (issue 28: amounts in a
// currency, and pence from before currencies are pounds): the same figures, nothing lost.
const pounds = (pence: unknown) => (typeof pence === "number" ? { amount: pence, currency: "GBP" } : null);
type OldTotals = { value?: number };
const totalsInPounds = <T extends OldTotals>({ value, ...rest }: T) => ({ ...rest, values: value ? [pounds(value)] : [] });
type OldSummary = { totals: OldTotals; byLocation: (OldTotals & { key: string })[]; byCategory: (OldTotals & { key: string })[] };
// Groups with as many items come in no set order: compared by their keys.
const byKey = <G extends { key: string }>(groups: G[]) => [...groups].sort((a, b) => a.key.localeCompare(b.key));
const summaryInPounds = (s: OldSummary) => ({ ...s, totals: totalsInPounds(s.totals), byLocation: byKey(s.byLocation.map(totalsInPounds)), byCategory: byKey(s.byCategory.map(totalsInPounds)) });
const itemsInPounds = (items: { page: Record<string, unknown>[] }) => ({ ...items, page: items.page.map((i) => ({ ...i, unitCost: pounds(i.unitCost), value: pounds(i.value) })) });

it.skipIf(!hasOldCode)("an old data dir's registers move into workspaces: personal for each user, a business workspace for the business's items", { timeout: 180_000 }, async () => {
  mkdirSync(OLD_WS, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_WORKSPACES} convex | tar -x -C "${OLD_WS}"`], { cwd: REPO });
  const old = await start({ dataDir: workspacesDir, convexDir: path.join(OLD_WS, "convex") });
  let before: { member: Page; memberCount: number; business: Page; stock: OldTotals; balances: unknown[]; history: number };
  try {
    expect(old.seeded?.ok).toBe(true);
    const member = await memberClient(old.url);
    const business = await memberClient(old.url, "business@example.com");
    const memberPage = await q<Page>(member, "assets:listMine", ALL);
    before = {
      member: memberPage,
      memberCount: await q<number>(member, "assets:countMine", {}),
      business: await q<Page>(business, "assets:listMine", ALL),
      stock: (await q<{ totals: OldTotals }>(business, "inventory:summary", {})).totals,
      balances: [await q(member, "wallet:overview", {}), await q(business, "wallet:overview", {})],
      history: (await q<unknown[]>(member, "assets:history", { assetId: (memberPage.page[0] as unknown as { _id: string })._id })).length,
    };
  } finally {
    await old.stop();
  }

  const current = await start({ dataDir: workspacesDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.migrated?.ok).toBe(true);
    const member = await memberClient(current.url);
    const business = await memberClient(current.url, "business@example.com");
    type Mine = { _id: string; name: string; kind: string; role: string }[];
    const memberSpaces = await q<Mine>(member, "workspaces:listMine", {});
    expect(memberSpaces.map((w) => [w.kind, w.role])).toEqual([["personal", "owner"]]);
    const inPersonal = { workspaceId: memberSpaces[0]._id };
    // The migration runs in batches after start: wait for the member's register to arrive.
    await expect.poll(async () => (await q<Page>(member, "assets:listMine", { ...ALL, ...inPersonal })).page.length, { timeout: 60_000 }).toBe(before.member.page.length);
    const memberAfter = await q<Page>(member, "assets:listMine", { ...ALL, ...inPersonal });
    expect(memberAfter.page.map((a) => [a.serial, a.name, a.status])).toEqual(before.member.page.map((a) => [a.serial, a.name, a.status]));
    expect(await q<number>(member, "assets:countMine", inPersonal)).toBe(before.memberCount);
    const firstId = (memberAfter.page[0] as unknown as { _id: string })._id;
    expect((await q<unknown[]>(member, "assets:history", { ...inPersonal, assetId: firstId })).length).toBe(before.history);

    const businessSpaces = await q<Mine>(business, "workspaces:listMine", {});
    expect(businessSpaces.map((w) => [w.kind, w.name])).toEqual([["personal", "Personal"], ["business", "Bea Business"]]);
    const inBusiness = { workspaceId: businessSpaces[1]._id };
    await expect.poll(async () => (await q<Page>(business, "assets:listMine", { ...ALL, ...inBusiness })).page.map((a) => a.serial), { timeout: 60_000 }).toEqual(before.business.page.map((a) => a.serial));
    expect((await q<Page>(business, "assets:listMine", { ...ALL, workspaceId: businessSpaces[0]._id })).page).toEqual([]);
    await expect.poll(async () => (await q<{ totals: unknown }>(business, "inventory:summary", inBusiness)).totals, { timeout: 30_000 }).toEqual(totalsInPounds(before.stock));
    expect([await q(member, "wallet:overview", {}), await q(business, "wallet:overview", {})]).toEqual(before.balances);
  } finally {
    await current.stop();
  }
});

// The commit before locations became records (issue 27): locations were free text on items.
const BEFORE_LOCATIONS = "852b562";
const locationsDir = tempDir("lb-migrate-loc-");
const OLD_LOC = path.join(REPO, ".vitest", `old-convex-loc-${process.pid}`);
afterAll(() => {
  removeDir(locationsDir);
  removeDir(OLD_LOC);
});

it.skipIf(!hasOldCode)("an old data dir's free-text locations become location records; every text, filter and total stays as it was", { timeout: 180_000 }, async () => {
  mkdirSync(OLD_LOC, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_LOCATIONS} convex | tar -x -C "${OLD_LOC}"`], { cwd: REPO });
  type Mine = { _id: string; kind: string }[];
  type Items = { page: { name: string; location: string | null }[] };
  const storeRoom = { location: "Store room", paginationOpts: { numItems: 50, cursor: null } };
  const old = await start({ dataDir: locationsDir, convexDir: path.join(OLD_LOC, "convex") });
  let before: { summary: OldSummary; storeRoom: Items };
  try {
    expect(old.seeded?.ok).toBe(true);
    const business = await memberClient(old.url, "business@example.com");
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    await expect.poll(async () => (await q<Items>(business, "inventory:items", { ...storeRoom, ...inBusiness })).page.length, { timeout: 30_000 }).toBeGreaterThan(0);
    before = {
      summary: await q<OldSummary>(business, "inventory:summary", inBusiness),
      storeRoom: await q<Items>(business, "inventory:items", { ...storeRoom, ...inBusiness }),
    };
  } finally {
    await old.stop();
  }

  const current = await start({ dataDir: locationsDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.migrated?.ok).toBe(true);
    const business = await memberClient(current.url, "business@example.com");
    const member = await memberClient(current.url);
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    const inPersonal = { workspaceId: (await q<Mine>(member, "workspaces:listMine", {}))[0]._id };
    type Place = { _id: string; path: string };
    await expect.poll(async () => (await q<Place[]>(business, "locations:all", inBusiness)).map((l) => l.path), { timeout: 60_000 }).toEqual(["Café counter", "Store room"]);
    await expect.poll(async () => (await q<Place[]>(member, "locations:all", inPersonal)).map((l) => l.path), { timeout: 60_000 }).toEqual(["Garage"]);
    // The texts are untouched: the inventory's filter, its totals and groups read the same
    // (rows may carry what later code adds, such as their custom fields' values).
    expect(await q<Items>(business, "inventory:items", { ...storeRoom, ...inBusiness })).toMatchObject(itemsInPounds(before.storeRoom));
    const summary = await q<OldSummary>(business, "inventory:summary", inBusiness);
    expect({ ...summary, byLocation: byKey(summary.byLocation), byCategory: byKey(summary.byCategory) }).toMatchObject(summaryInPounds(before.summary));
    const room = (await q<Place[]>(business, "locations:all", inBusiness))[1];
    const page = await q<{ items: { name: string }[] }>(business, "locations:contents", { ...inBusiness, locationId: room._id });
    expect(page.items.map((i) => i.name)).toEqual(before.storeRoom.page.map((i) => i.name));
  } finally {
    await current.stop();
  }
});

// Main's code just before amounts had currencies (issue 28): purchase values, unit costs and
// stock totals were bare pence; a maintenance log's cost and a custom money field's values were
// already { amount, currency } and are left as they are.
const BEFORE_CURRENCIES = "b65a993";
const moneyDir = tempDir("lb-migrate-money-");
const OLD_MONEY = path.join(REPO, ".vitest", `old-convex-money-${process.pid}`);
afterAll(() => {
  removeDir(moneyDir);
  removeDir(OLD_MONEY);
});

it.skipIf(!hasOldCode)("an old data dir's values become amounts in pounds: every item's value and the stock totals are the same figures, now with GBP; costs and custom amounts stay", { timeout: 180_000 }, async () => {
  mkdirSync(OLD_MONEY, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_CURRENCIES} convex | tar -x -C "${OLD_MONEY}"`], { cwd: REPO });
  type Mine = { _id: string; kind: string; currency?: string }[];
  type Items = { page: { sku: string; unitCost: unknown; value: unknown }[] };
  type Summary = { totals: { items: number; quantity: number; value?: number; values?: unknown }; byLocation: { key: string; value?: number; values?: unknown }[] };
  type Detail = { _id: string; version: number; kind: string; name: string; description: string | null; category: string | null; visibility: string; details: Record<string, unknown>; custom?: Record<string, unknown> };
  type Upkeep = { log: { what: string; cost: unknown }[] };
  const ALL_ITEMS = { sort: "sku" as const, paginationOpts: { numItems: 50, cursor: null } };
  const insured = { amount: 180000, currency: "EUR" };
  const serviceCost = { amount: 4550, currency: "GBP" };
  const old = await start({ dataDir: moneyDir, convexDir: path.join(OLD_MONEY, "convex") });
  let before: { summary: Summary; items: Items; macbook: unknown };
  try {
    expect(old.seeded?.ok).toBe(true);
    const business = await memberClient(old.url, "business@example.com");
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    await expect.poll(async () => (await q<Items>(business, "inventory:items", { ...ALL_ITEMS, ...inBusiness })).page.length, { timeout: 30_000 }).toBeGreaterThan(0);
    before = { summary: await q<Summary>(business, "inventory:summary", inBusiness), items: await q<Items>(business, "inventory:items", { ...ALL_ITEMS, ...inBusiness }), macbook: null };
    // The member's bike, written by the old code: a custom money field's value and a service's cost.
    const member = await memberClient(old.url);
    const inPersonal = { workspaceId: (await q<Mine>(member, "workspaces:listMine", {}))[0]._id };
    const mine = (await q<Page>(member, "assets:listMine", { ...ALL, ...inPersonal })).page as unknown as { _id: string; name: string }[];
    const bikeId = mine.find((a) => a.name.includes("Trek"))!._id;
    before.macbook = (await q<Detail>(member, "assets:get", { ...inPersonal, assetId: mine.find((a) => a.name.includes("MacBook"))!._id })).details.purchaseValue;
    const field = await member.mutation("customFields:create" as never, { ...inPersonal, category: "Bicycles", label: "Insured value", type: "money", currency: "EUR", required: false, showOnVerify: false } as never);
    const bike = await q<Detail>(member, "assets:get", { ...inPersonal, assetId: bikeId });
    await member.mutation("assets:update" as never, {
      ...inPersonal, assetId: bikeId, version: bike.version, kind: bike.kind, name: bike.name, visibility: bike.visibility, details: bike.details,
      ...(bike.description === null ? {} : { description: bike.description }), ...(bike.category === null ? {} : { category: bike.category }),
      custom: { [field as string]: insured },
    } as never);
    await member.mutation("maintenance:logWork" as never, { ...inPersonal, assetId: bikeId, doneOn: "2026-01-10", what: "Annual service", cost: serviceCost, files: [] } as never);
  } finally {
    await old.stop();
  }
  expect(before.macbook).toBe(199900);

  const current = await start({ dataDir: moneyDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.migrated?.ok).toBe(true);
    const business = await memberClient(current.url, "business@example.com");
    const member = await memberClient(current.url);
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    // Every unit cost and line value: the same amount, in pounds.
    await expect
      .poll(async () => (await q<Items>(business, "inventory:items", { ...ALL_ITEMS, ...inBusiness })).page.map((i) => [i.sku, i.unitCost, i.value]), { timeout: 60_000 })
      .toEqual(before.items.page.map((i) => [i.sku, pounds(i.unitCost), pounds(i.value)]));
    // The Value column sorts by each line's value, most first (an item with no unit cost last).
    const amountsMostFirst = before.items.page.map((i) => (typeof i.value === "number" ? i.value : null)).sort((x, y) => (y ?? -1) - (x ?? -1));
    await expect
      .poll(async () => (await q<Items>(business, "inventory:items", { ...ALL_ITEMS, ...inBusiness, sort: "value_desc" })).page.map((i) => (i.value as { amount: number } | null)?.amount ?? null), { timeout: 60_000 })
      .toEqual(amountsMostFirst);
    const after = await q<Summary>(business, "inventory:summary", inBusiness);
    expect(after.totals).toEqual({ items: before.summary.totals.items, quantity: before.summary.totals.quantity, values: [pounds(before.summary.totals.value)] });
    expect(Object.fromEntries(after.byLocation.map((g) => [g.key, g.values]))).toEqual(Object.fromEntries(before.summary.byLocation.map((g) => [g.key, [pounds(g.value)]])));
    // The member's bike and laptop: their purchase values in pounds; the bike's custom amount and service cost as they were.
    const inPersonal = { workspaceId: (await q<Mine>(member, "workspaces:listMine", {}))[0]._id };
    const mine = (await q<Page>(member, "assets:listMine", { ...ALL, ...inPersonal })).page as unknown as { _id: string; name: string }[];
    const bikeId = mine.find((a) => a.name.includes("Trek"))!._id;
    const bike = await q<Detail>(member, "assets:get", { ...inPersonal, assetId: bikeId });
    expect(bike.details.purchaseValue).toEqual({ amount: 249900, currency: "GBP" });
    expect(Object.values(bike.custom ?? {})).toEqual([insured]);
    expect((await q<Detail>(member, "assets:get", { ...inPersonal, assetId: mine.find((a) => a.name.includes("MacBook"))!._id })).details.purchaseValue).toEqual(pounds(before.macbook));
    expect((await q<Upkeep>(member, "maintenance:forAsset", { ...inPersonal, assetId: bikeId })).log.map((e) => [e.what, e.cost])).toEqual([["Annual service", serviceCost]]);
    expect((await q<Mine>(business, "workspaces:listMine", {})).map((w) => w.currency)).toEqual(["GBP", "GBP"]);
  } finally {
    await current.stop();
  }
});

// Main's code just before the dashboard's Value was kept as totals and custom texts were case
// folded (issue 28): the Value read the newest items, and "starts with" compared case.
const BEFORE_TOTALS = "fba2c3e";
const totalsDir = tempDir("lb-migrate-totals-");
const OLD_TOTALS = path.join(REPO, ".vitest", `old-convex-totals-${process.pid}`);
afterAll(() => {
  removeDir(totalsDir);
  removeDir(OLD_TOTALS);
});

it.skipIf(!hasOldCode)("an old data dir's items are totalled into the Value once (the same figures the old code added up), and its custom texts start with any case", { timeout: 180_000 }, async () => {
  mkdirSync(OLD_TOTALS, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${BEFORE_TOTALS} convex | tar -x -C "${OLD_TOTALS}"`], { cwd: REPO });
  type Mine = { _id: string; kind: string }[];
  type Worth = { values: { amount: number; currency: string }[] };
  type Detail = { version: number; kind: string; name: string; description: string | null; category: string | null; visibility: string; details: Record<string, unknown> };
  const old = await start({ dataDir: totalsDir, convexDir: path.join(OLD_TOTALS, "convex") });
  let before: { member: Worth; business: Worth };
  let fieldId: string;
  try {
    expect(old.seeded?.ok).toBe(true);
    const member = await memberClient(old.url);
    const business = await memberClient(old.url, "business@example.com");
    const inPersonal = { workspaceId: (await q<Mine>(member, "workspaces:listMine", {}))[0]._id };
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    await expect.poll(async () => (await q<Worth>(business, "dashboard:worth", inBusiness)).values.length, { timeout: 30_000 }).toBeGreaterThan(0);
    before = { member: await q<Worth>(member, "dashboard:worth", inPersonal), business: await q<Worth>(business, "dashboard:worth", inBusiness) };
    // A custom text on the demo bike, written by the old code.
    fieldId = (await member.mutation("customFields:create" as never, { ...inPersonal, category: "Bicycles", label: "Frame finish", type: "text", required: false, showOnVerify: false } as never)) as string;
    const mine = (await q<Page>(member, "assets:listMine", { ...ALL, ...inPersonal })).page as unknown as { _id: string; name: string }[];
    const bikeId = mine.find((a) => a.name.includes("Trek"))!._id;
    const bike = await q<Detail>(member, "assets:get", { ...inPersonal, assetId: bikeId });
    await member.mutation("assets:update" as never, {
      ...inPersonal, assetId: bikeId, version: bike.version, kind: bike.kind, name: bike.name, visibility: bike.visibility, details: bike.details,
      ...(bike.description === null ? {} : { description: bike.description }), ...(bike.category === null ? {} : { category: bike.category }),
      custom: { [fieldId]: "Blue Gloss" },
    } as never);
  } finally {
    await old.stop();
  }
  // The seed's values: the member's two items in pounds, the business's stock.
  expect(before.member.values).toEqual([{ amount: 249900 + 199900, currency: "GBP" }]);

  const current = await start({ dataDir: totalsDir, convexDir: path.join(REPO, "convex") });
  try {
    expect(current.migrated?.ok).toBe(true);
    const member = await memberClient(current.url);
    const business = await memberClient(current.url, "business@example.com");
    const inPersonal = { workspaceId: (await q<Mine>(member, "workspaces:listMine", {}))[0]._id };
    const inBusiness = { workspaceId: (await q<Mine>(business, "workspaces:listMine", {})).find((w) => w.kind === "business")!._id };
    await expect.poll(async () => await q<Worth>(member, "dashboard:worth", inPersonal), { timeout: 60_000 }).toEqual({ values: before.member.values });
    await expect.poll(async () => await q<Worth>(business, "dashboard:worth", inBusiness), { timeout: 60_000 }).toEqual({ values: before.business.values });
    type Rows = { page: { name: string }[] };
    const starting = async (prefix: string) => (await q<Rows>(member, "customFields:itemsByValue", { ...inPersonal, fieldId, order: "asc", prefix, ...ALL })).page.map((i) => i.name);
    await expect.poll(async () => await starting("blue g"), { timeout: 60_000 }).toEqual(["Trek Domane road bike"]);
    expect(await starting("BLUE")).toEqual(["Trek Domane road bike"]);
    expect(await starting("red")).toEqual([]);
  } finally {
    await current.stop();
  }
});
