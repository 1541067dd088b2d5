// Backups: `npm run backup` (through the running backend's export, or from the data
// directory when none runs) and the daily schedule (LOCAL_BACKEND_BACKUPS=N keeps N), each a
// snapshot ZIP that `npx convex import` restores.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import type { Backend } from "../../local-backend/index.mjs";
import { removeDir, start, tempDir } from "./helpers";

const BACKUP_SCRIPT = fileURLToPath(new URL("../../local-backend/backup.mjs", import.meta.url));

function npmRunBackup(dataDir: string, out: string): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_BACKEND_DIR: dataDir };
  delete env.CONVEX_DEPLOYMENT;
  return new Promise((resolve) => {
    execFile(process.execPath, [BACKUP_SCRIPT, out], { env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The messages of a snapshot ZIP, as lines of its messages table. */
function messagesIn(zip: string): string[] {
  const entries = unzipSync(readFileSync(zip));
  return Buffer.from(entries["messages/documents.jsonl"] ?? new Uint8Array())
    .toString("utf8")
    .split("\n")
    .filter(Boolean);
}

async function until<T>(probe: () => T | null | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("backups", () => {
  const dirs: string[] = [];
  let backend: Backend | null = null;
  afterEach(async () => {
    await backend?.stop();
    backend = null;
    for (const d of dirs.splice(0)) removeDir(d);
  });

  it("npm run backup writes a snapshot while the backend serves, and from the data directory when it is stopped", async () => {
    const dataDir = tempDir();
    const out = tempDir("lb-backup-out-");
    dirs.push(dataDir, out);
    backend = await start({ dataDir });
    const id = (await backend.run("messages:send", { channel: "c", body: "kept", author: "a" })).value as string;

    const live = path.join(out, "live.zip");
    const online = await npmRunBackup(dataDir, live);
    expect(online.code, online.output).toBe(0);
    expect(messagesIn(live)).toEqual([expect.stringContaining(`"_id":"${id}"`)]);

    await backend.stop();
    backend = null;
    const offline = path.join(out, "offline.zip");
    const stopped = await npmRunBackup(dataDir, offline);
    expect(stopped.code, stopped.output).toBe(0);
    expect(messagesIn(offline)).toEqual(messagesIn(live));
  }, 120_000);

  it("writes a daily backup when the last is a day old and keeps the newest N", async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const dir = path.join(dataDir, "backups");
    mkdirSync(dir, { recursive: true });
    const old = ["backup-20200101T000000.000Z.zip", "backup-20200102T000000.000Z.zip", "backup-20200103T000000.000Z.zip"];
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    for (const f of old) {
      writeFileSync(path.join(dir, f), "");
      utimesSync(path.join(dir, f), threeDaysAgo, threeDaysAgo);
    }
    backend = await start({ dataDir, backups: 2 });
    const kept = await until(() => {
      const files = readdirSync(dir).sort();
      return files.length === 2 && !files.includes(old[1]) ? files : null;
    }, "a new backup with the two newest kept");
    expect(kept[0]).toBe(old[2]);
    expect(kept[1]).toMatch(/^backup-\d{8}T\d{6}\.\d{3}Z\.zip$/);
    expect(Object.keys(unzipSync(readFileSync(path.join(dir, kept[1]))))).toEqual(expect.arrayContaining(["_tables/documents.jsonl", "messages/documents.jsonl"]));
  }, 60_000);
});
