// The presence component (and the batch-worker it mounts) runs in the local backend as on
// Convex: a heartbeat puts a member in a room, live subscribers see it, the tab-close
// beacon (a plain POST to /api/mutation, with no sign-in) takes them out, and a session
// that stops beating is timed out by the component's own worker.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { AppBackend as Backend } from "../../scripts/app-startup.mjs";
import { MIN_PRESENCE_INTERVAL_MS, roomId } from "../../convex/lib/presence/rooms";
import { client, httpAs, nextValue, removeDir, signInAs, start, tempDir } from "./helpers";

const PROJECT_CONVEX = fileURLToPath(new URL("../../convex", import.meta.url));
const dir = tempDir("lb-presence-");
let backend: Backend | null = null;

afterAll(async () => {
  await backend?.stop();
  removeDir(dir);
});

type Present = { userId: string; name: string }[];

describe("presence in the local backend", () => {
  it("joins, is seen live, leaves by beacon, and is timed out when silent", async () => {
    backend = await start({ dataDir: dir, convexDir: PROJECT_CONVEX });
    expect(backend.seeded).toMatchObject({ ok: true });
    const { token } = await signInAs(backend, "member@example.com");
    const http = httpAs(backend, token);
    const [personal] = (await http.query("workspaces:listMine" as never, {} as never)) as { _id: string }[];
    const room = roomId(personal._id, { list: "assets" });
    const beat = (sessionId: string) =>
      http.mutation("presence:heartbeat" as never, { roomId: room, userId: "me", sessionId, interval: MIN_PRESENCE_INTERVAL_MS } as never) as Promise<{
        roomToken: string;
        sessionToken: string;
      }>;

    const { roomToken, sessionToken } = await beat("tab-1");
    const live = client(backend.url);
    live.setAuth(async () => token);
    const here = await nextValue<Present>(live, "presence:list" as never, { roomToken }, (v) => v.length === 1);
    expect(here[0].name).not.toContain("@");

    // What usePresence's beforeunload handler sends: no Authorization header.
    const beacon = await fetch(`${backend.url}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "presence:disconnect", args: { sessionToken } }),
    });
    expect(beacon.status).toBe(200);
    await nextValue<Present>(live, "presence:list" as never, { roomToken }, (v) => v.length === 0);

    // A tab that beats once and goes silent is dropped after 2.5 intervals, by the worker.
    await beat("tab-2");
    await nextValue<Present>(live, "presence:list" as never, { roomToken }, (v) => v.length === 1);
    await nextValue<Present>(live, "presence:list" as never, { roomToken }, (v) => v.length === 0, 5 * MIN_PRESENCE_INTERVAL_MS + 10_000);
    await live.close();
  }, 60_000);
});
