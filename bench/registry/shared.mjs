// bench/registry (shared): a 20-member business workspace with N items (default 10,000) on
// the local backend with this checkout's convex/, against the same N items in one person's
// personal workspace. Prints, over HTTP from ConvexHttpClients: the p50/p95 ms of a 50-row
// /assets page with its exact total, in each; then, with the 19 other members each holding
// the first page open over a WebSocket (ConvexClient), the p50/p95 ms from one member's
// status change to every other member's page showing it. Each figure is printed beside a
// floor measured in the same run (loopback WebSocket echo; echo + fan-out to 19 + fdatasync).
// Usage: node bench/registry/shared.mjs [--items 10000] [--rounds 20]
import { rmSync } from "node:fs";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import { startSeededApp } from "../support/app.mjs";
import { arg, machine, percentile } from "../support/backend.mjs";
import { echoFloor, fmtFloor, liveFloor } from "../support/floor.mjs";

const ITEMS = Number(arg("items", "10000"));
const ROUNDS = Number(arg("rounds", "20"));
const SEED_BATCH = 100;
const MEMBERS = 20;
const OWNER = "business@example.com";
const PERSON = "member@example.com";
const PASSWORD = "password123";
const page = { numItems: 50, cursor: null };

const fmt = (r) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;

/** Signs in over HTTP; a sign-in that hits the 1 s function limit on a loaded machine is tried again. */
async function tokenOf(url, email) {
  const http = new ConvexHttpClient(url, { logger: false });
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await http.action("auth:signIn", { provider: "password", params: { flow: "signIn", email, password: PASSWORD } });
      return r.tokens.token;
    } catch (error) {
      if (attempt === 3 || !String(error).includes("timed out")) throw error;
    }
  }
}

async function seed(backend, email, personal) {
  for (let from = 0; from < ITEMS; from += SEED_BATCH) {
    const r = await backend.run("seed:bulkAssets", { email, from, count: Math.min(SEED_BATCH, ITEMS - from), personal });
    if (!r.ok) throw new Error(r.message);
  }
}

/**
 * A page with its exact total, as /assets asks for them, over HTTP in each workspace: the
 * two are timed in turn, round by round, so warm-up and the machine's load fall on both alike.
 */
async function listFigures(url, targets, rounds = 40) {
  const runs = targets.map(({ token, workspaceId }) => {
    const http = new ConvexHttpClient(url, { logger: false });
    http.setAuth(token);
    return { http, workspaceId, times: [] };
  });
  for (let i = 0; i < rounds; i++) {
    for (const r of runs) {
      const t = performance.now();
      await Promise.all([
        r.http.query("assets:listMine", { workspaceId: r.workspaceId, paginationOpts: page }),
        r.http.query("assets:countMine", { workspaceId: r.workspaceId }),
      ]);
      r.times.push(performance.now() - t);
    }
  }
  return await Promise.all(
    runs.map(async (r) => {
      const sorted = r.times.sort((a, b) => a - b);
      return { total: await r.http.query("assets:countMine", { workspaceId: r.workspaceId }), p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    }),
  );
}

console.log(machine());
const { backend, dataDir } = await startSeededApp("bench-shared-");
const clients = [];
try {
  const seedStart = performance.now();
  const emails = Array.from({ length: MEMBERS - 1 }, (_, i) => `bench-member-${i + 1}@example.com`);
  // One account per call, tried again when hashing its password meets the 1 s limit on a loaded machine.
  const made = { value: [] };
  for (const email of emails) {
    for (let attempt = 1; ; attempt++) {
      const r = await backend.run("seed:benchAccounts", { emails: [email] });
      if (r.ok) {
        made.value.push(...r.value);
        break;
      }
      if (attempt === 10) throw new Error(r.message);
    }
  }
  await seed(backend, OWNER, false);
  await seed(backend, PERSON, true);
  console.log(`seeded ${ITEMS.toLocaleString("en-GB")} items in each workspace and ${emails.length} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const ownerToken = await tokenOf(backend.url, OWNER);
  const owner = new ConvexHttpClient(backend.url, { logger: false });
  owner.setAuth(ownerToken);
  const shared = (await owner.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  const joined = await backend.run("seed:benchJoin", { workspaceId: shared, userIds: made.value });
  if (!joined.ok) throw new Error(joined.message);
  const members = await owner.query("workspaceMembers:list", { workspaceId: shared });

  const personToken = await tokenOf(backend.url, PERSON);
  const personal = (await (async () => {
    const http = new ConvexHttpClient(backend.url, { logger: false });
    http.setAuth(personToken);
    return await http.query("workspaces:listMine", {});
  })()).find((w) => w.kind === "personal")._id;

  const echo = await echoFloor();
  const [sharedList, personalList] = await listFigures(backend.url, [
    { token: ownerToken, workspaceId: shared },
    { token: personToken, workspaceId: personal },
  ]);
  console.log(`floor: WebSocket echo p95 ${echo.p95.toFixed(2)} ms`);
  console.log(`shared workspace (${members.length} members, ${sharedList.total.toLocaleString("en-GB")} items): /assets page 1 (50 rows) + exact total: ${fmt(sharedList)}`);
  console.log(`personal workspace (1 member, ${personalList.total.toLocaleString("en-GB")} items):   /assets page 1 (50 rows) + exact total: ${fmt(personalList)}`);

  // 19 other members hold the first page open; one member changes the newest item's status.
  const [newest] = (await owner.query("assets:listMine", { workspaceId: shared, paginationOpts: page })).page;
  const waiting = { status: null, sentAt: 0, remaining: 0, resolve: null };
  const latencies = [];
  let ready = 0;
  const tokens = [];
  for (const email of emails) tokens.push(await tokenOf(backend.url, email));
  const allReady = new Promise((resolve) => {
    for (const token of tokens) {
      const client = new ConvexClient(backend.url, { webSocketConstructor: WebSocket, logger: false });
      clients.push(client);
      let first = true;
      client.setAuth(async () => token);
      client.onUpdate("assets:listMine", { workspaceId: shared, paginationOpts: page }, (result) => {
        const row = result.page.find((a) => a._id === newest._id);
        if (first && row !== undefined) {
          first = false;
          if (++ready === emails.length) resolve();
          return;
        }
        if (waiting.resolve === null || row?.status !== waiting.status) return;
        latencies.push(performance.now() - waiting.sentAt);
        if (--waiting.remaining === 0) waiting.resolve();
      });
    }
  });
  await allReady;
  for (let i = 0; i < ROUNDS; i++) {
    const status = i % 2 === 0 ? "lost" : "active";
    const done = new Promise((resolve) => Object.assign(waiting, { status, sentAt: performance.now(), remaining: emails.length, resolve }));
    await owner.mutation("assets:setStatus", { workspaceId: shared, assetId: newest._id, status });
    await done;
    waiting.resolve = null;
  }
  latencies.sort((a, b) => a - b);
  const floor = await liveFloor(emails.length);
  console.log(
    `a status change reaching ${emails.length} other members' open /assets page (${latencies.length} updates): ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; ${fmtFloor(floor)}; ` +
      `p95 ${(percentile(latencies, 95) / floor.p95).toFixed(1)}× the floor`,
  );
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
