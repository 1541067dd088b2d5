import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { api } from "./fixture/convex/_generated/api";
import { FIXTURE, removeDir, tempDir } from "./helpers";

const START = fileURLToPath(new URL("../../scripts/backend.mjs", import.meta.url));
const dir = tempDir("lb-durability-");
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  removeDir(dir);
});

/** Starts the backend as a child process on free ports; resolves with its API URL. */
function spawnBackend(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      LOCAL_BACKEND_DIR: dir,
      LOCAL_BACKEND_CONVEX_DIR: FIXTURE,
      LOCAL_BACKEND_WATCH: "0",
      LOCAL_BACKEND_READY_JSON: "1",
      // Small log, so the stream crosses several compactions too.
      LOCAL_BACKEND_COMPACT_BYTES: "20000",
      CONVEX_PORT: "0",
      CONVEX_SITE_PORT: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`backend exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve({ child, url: JSON.parse(line.slice(6)).url });
    });
  });
}

describe("durability", () => {
  it("keeps every acknowledged mutation across kill -9", async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 2; round++) {
      const { child, url } = await spawnBackend();
      const http = new ConvexHttpClient(url);
      let stop = false;
      // Four concurrent writers, so the kill lands with requests in flight.
      const writers = [0, 1, 2, 3].map(async (w) => {
        for (let i = 0; !stop; i++) {
          const body = `r${round}-w${w}-${i}`;
          try {
            await http.mutation(api.messages.send, { channel: "durable", author: "d", body });
            acknowledged.push(body);
          } catch {
            return;
          }
        }
      });
      const target = acknowledged.length + 150;
      await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(target);
      child.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
    }
    const { child, url } = await spawnBackend();
    const rows = await new ConvexHttpClient(url).query(api.messages.list, { channel: "durable" });
    const stored = new Set(rows.map((r) => r.body));
    const lost = acknowledged.filter((b) => !stored.has(b));
    expect(lost).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    child.kill("SIGTERM");
  });
});
