// Bookings and audits on the real transaction engine (issue 27 items 3 and 4): bookings of
// one item's slot sent at the same moment run as concurrent mutations; the overlap check
// reads the range the others write, so they conflict and are serialised: exactly one wins.
// Likewise auditors scanning one item at the same moment: it is counted once.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { removeDir, start, tempDir } from "./helpers";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const dataDir = tempDir("lb-bookings-");
let backend: Awaited<ReturnType<typeof start>>;
let client: () => ConvexHttpClient;
let inPersonal: { workspaceId: string };
beforeAll(async () => {
  backend = await start({ dataDir, convexDir: path.join(REPO, "convex") });
  const signedIn = (await new ConvexHttpClient(backend.url).action("auth:signIn" as never, {
    provider: "password",
    params: { flow: "signIn", email: "member@example.com", password: "password123" },
  } as never)) as { tokens: { token: string } };
  client = () => {
    const c = new ConvexHttpClient(backend.url, { logger: false });
    c.setAuth(signedIn.tokens.token);
    return c;
  };
  const [personal] = (await client().query("workspaces:listMine" as never, {} as never)) as { _id: string }[];
  inPersonal = { workspaceId: personal._id };
}, 120_000);
afterAll(async () => {
  await backend?.stop();
  removeDir(dataDir);
});

it("of eight bookings of one slot sent at once, exactly one is made", { timeout: 120_000 }, async () => {
  const { assetId } = (await client().mutation("assets:tag" as never, {
    ...inPersonal,
    kind: "general",
    name: "Projector",
    visibility: "private",
    details: { kind: "general" },
    files: [],
  } as never)) as { assetId: string };
  const startAt = Date.now() + 86_400_000;
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) =>
      client().mutation("bookings:create" as never, { ...inPersonal, assetId, startAt: startAt + i * 60_000, endAt: startAt + 3_600_000, forWhom: `Class ${i}` } as never),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const booked = (await client().query("bookings:forAsset" as never, { ...inPersonal, assetId } as never)) as unknown[];
  expect(booked).toHaveLength(1);
});

it("six scans of one item sent at once (as many scanners) count it once; the others are told it was counted", { timeout: 120_000 }, async () => {
  const { serial } = (await client().mutation("assets:tag" as never, {
    ...inPersonal,
    kind: "general",
    name: "Lamp",
    visibility: "private",
    details: { kind: "general" },
    files: [],
  } as never)) as { serial: string };
  const auditId = await client().mutation("audits:start" as never, { ...inPersonal, scope: { kind: "workspace" } } as never);
  const results = (await Promise.all(
    Array.from({ length: 6 }, () => client().mutation("audits:scan" as never, { ...inPersonal, auditId, code: serial } as never)),
  )) as { outcome: string }[];
  expect(results.map((r) => r.outcome).sort()).toEqual(["already", "already", "already", "already", "already", "found"]);
  const view = (await client().query("audits:get" as never, { ...inPersonal, auditId } as never)) as { audit: { found: number }; recent: unknown[] };
  expect(view.audit.found).toBe(1);
  expect(view.recent).toHaveLength(1);
});
