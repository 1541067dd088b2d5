// Issue #25's attacks on the app itself: the project's convex/ with its seeded demo data, the
// unmodified clients, an attacker who rewrites the cursors and journals the app hands out.
// Before sealed cursors each of these returned every user's private assets or unpublished drafts.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import type { AppBackend as Backend } from "../../scripts/app-startup.mjs";
import { UNPARSEABLE, forgedJournals, forgeriesOf, outcome, subscribeWithJournal, withPosition, type Outcome } from "./forgery";
import { httpAs, removeDir, signInAs, start, tempDir, workspacesOf } from "./helpers";

const PROJECT_CONVEX = fileURLToPath(new URL("../../convex", import.meta.url));
const dir = tempDir("lb-cursor-leaks-");
let b: Backend;
let anonymous: ConvexHttpClient;
let member: ConvexHttpClient;
/** The member's personal workspace: the register assets:listMine pages through. */
let memberHome: string;
/** Names of assets only their owner may see, and titles of unpublished articles. */
let privateAssets: string[];
let memberAssets: string[];
let businessAssets: string[];
let drafts: string[];

type Page<T> = { page: T[]; isDone: boolean; continueCursor: string };
type Asset = { name: string; visibility: string };

async function all<T>(client: ConvexHttpClient, name: string, args: Record<string, unknown> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let cursor: string | null = null; ; ) {
    const p = (await client.query(name as never, { ...args, paginationOpts: { numItems: 2, cursor } } as never)) as Page<T>;
    out.push(...p.page);
    if (p.isDone) return out;
    cursor = p.continueCursor;
  }
}

/** Every asset in every workspace `client`'s user belongs to. */
async function assetsOf(client: ConvexHttpClient): Promise<Asset[]> {
  const out: Asset[] = [];
  for (const workspaceId of await workspacesOf(client)) out.push(...(await all<Asset>(client, "assets:listMine", { workspaceId })));
  return out;
}

/** Fails with what leaked when an outcome holds any of `secrets`. */
function expectNothingOf(secrets: string[], got: Outcome) {
  const text = JSON.stringify(got);
  expect(secrets.filter((s) => text.includes(JSON.stringify(s).slice(1, -1)))).toEqual([]);
}

beforeAll(async () => {
  b = await start({ dataDir: dir, convexDir: PROJECT_CONVEX });
  expect(b.seeded?.ok, b.seeded?.message).toBe(true);
  anonymous = new ConvexHttpClient(b.url, { logger: false });
  // One sign-in at a time: each is a password hash, and the machine is shared.
  member = httpAs(b, (await signInAs(b, "member@example.com")).token);
  [memberHome] = await workspacesOf(member);
  const members = await assetsOf(member);
  const business = await assetsOf(httpAs(b, (await signInAs(b, "business@example.com")).token));
  privateAssets = [...members, ...business].filter((a) => a.visibility === "private").map((a) => a.name);
  memberAssets = members.map((a) => a.name);
  businessAssets = business.map((a) => a.name);
  const admin = httpAs(b, (await signInAs(b, "admin@example.com")).token);
  drafts = (await all<{ title: string; isPublished: boolean }>(admin, "news:listAll")).filter((a) => !a.isPublished).map((a) => a.title);
  // What the attacks could reach must exist, or the tests below prove nothing.
  expect(privateAssets.length).toBeGreaterThan(0);
  expect(drafts.length).toBeGreaterThan(0);
  expect(businessAssets.length).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await b?.stop();
  removeDir(dir);
});

const publicPage = (args: Record<string, unknown>) => anonymous.query("publicAssets:list" as never, args as never) as Promise<Page<{ name: string }>>;

/**
 * No attempt leaks a secret. Lists read through the backend's paginate refuse every forged
 * cursor as Convex refuses one it did not issue. Lists that page through convex-helpers
 * streams carry the app's own cursor (index keys as JSON), which the stream intersects with
 * the query's own index range: a forgery it cannot read is refused, and one it can (such
 * as "[]") starts a page inside that range, so it shows only what the caller may see anyway.
 */
function expectRefused(secrets: string[], got: Outcome[], how: "backend" | "stream" = "backend") {
  expectNothingOf(secrets, { leaked: got });
  if (how === "backend") for (const one of got) expect(one).toEqual(UNPARSEABLE);
}

/** A forged cursor as the start of a page and as its end (a page being re-run). */
const asStartAndEnd = (forged: string) => [
  { numItems: 50, cursor: forged },
  { numItems: 50, cursor: null, endCursor: forged },
];

describe("issue #25: forged cursors on the app's lists", () => {
  it("anonymous publicAssets:list with a forged endCursor is refused and gets no private asset", async () => {
    const { continueCursor } = await publicPage({ paginationOpts: { numItems: 1, cursor: null } });
    const got = await Promise.all(
      forgeriesOf(continueCursor).map((forged) => outcome(publicPage({ paginationOpts: { numItems: 1, cursor: null, endCursor: forged } }))),
    );
    expectRefused(privateAssets, got, "stream");
  });

  it("anonymous publicAssets:list sorted oldest with a forged cursor is refused and gets no private asset", async () => {
    const { continueCursor } = await publicPage({ sort: "oldest", paginationOpts: { numItems: 1, cursor: null } });
    const got = await Promise.all(
      forgeriesOf(continueCursor).map((forged) => outcome(publicPage({ sort: "oldest", paginationOpts: { numItems: 50, cursor: forged } }))),
    );
    expectRefused(privateAssets, got, "stream");
  });

  // The asset lists page through convex-helpers streams, which keep no journal; news pages
  // through the backend's paginate, whose journal a client hands back on every re-subscription.
  it("anonymous news:listPublished subscribed with a forged ModifyQuerySet journal is refused and gets no draft", async () => {
    const args = { paginationOpts: { numItems: 1, cursor: null } };
    const real = await subscribeWithJournal(b.url, "news:listPublished", args);
    expect(real.journal).toEqual(expect.any(String));
    const { continueCursor } = (await anonymous.query("news:listPublished" as never, args as never)) as Page<unknown>;
    const journals = forgedJournals(real.journal!, [withPosition(continueCursor, []), withPosition(continueCursor, [0xfe])]);
    const got: Outcome[] = [];
    for (const journal of journals) got.push((await subscribeWithJournal(b.url, "news:listPublished", args, journal)).outcome);
    expectRefused(drafts, got);
  });

  it("anonymous news:listPublished with a forged cursor or endCursor is refused and gets no draft", async () => {
    const list = (paginationOpts: object) => anonymous.query("news:listPublished" as never, { paginationOpts } as never);
    const { continueCursor } = (await list({ numItems: 1, cursor: null })) as Page<unknown>;
    const got = await Promise.all(forgeriesOf(continueCursor).flatMap(asStartAndEnd).map((opts) => outcome(list(opts))));
    expectRefused(drafts, got);
  });

  it("a member's assets:listMine with a forged cursor or endCursor is refused and gets no one else's asset", async () => {
    const others = [...new Set([...privateAssets, ...businessAssets])].filter((name) => !memberAssets.includes(name));
    const got: Outcome[] = [];
    for (const sort of [undefined, "oldest"]) {
      const list = (paginationOpts: object) => member.query("assets:listMine" as never, { sort, paginationOpts, workspaceId: memberHome } as never);
      const { continueCursor } = (await list({ numItems: 1, cursor: null })) as Page<Asset>;
      got.push(...(await Promise.all(forgeriesOf(continueCursor).flatMap(asStartAndEnd).map((opts) => outcome(list(opts))))));
    }
    expectRefused(others, got, "stream");
  });
});

describe("the app's lists still page through", () => {
  it("public assets in every sort, published news and a member's own assets, page by page", async () => {
    const publicNames = (await all<{ name: string }>(anonymous, "publicAssets:list")).map((a) => a.name).sort();
    expect(publicNames.length).toBeGreaterThan(0);
    for (const sort of ["oldest", "name", "name_desc"]) {
      expect((await all<{ name: string }>(anonymous, "publicAssets:list", { sort })).map((a) => a.name).sort()).toEqual(publicNames);
    }
    expectNothingOf(privateAssets, { leaked: publicNames });
    const news = await all<{ title: string }>(anonymous, "news:listPublished");
    expect(news.length).toBeGreaterThan(0);
    expectNothingOf(drafts, { leaked: news });
    expect((await all<Asset>(member, "assets:listMine", { sort: "oldest", workspaceId: memberHome })).map((a) => a.name).sort()).toEqual([...memberAssets].sort());
  });
});
