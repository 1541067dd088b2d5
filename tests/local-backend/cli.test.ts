// The real Convex CLI (node_modules/convex) against the local backend in self-hosted mode:
// deploy a copy of the fixture app to a backend that has never read it from disk, run its
// functions (internal ones and as an identity), set a variable a function reads, read the
// tables, follow the logs, export a snapshot ZIP, import it into a second fresh backend and
// compare every document and file. An attacker's key (or none) is refused.
import { execFile, spawn } from "node:child_process";
import { cpSync, readFileSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../local-backend/index.mjs";
import { removeDir, start, tempDir } from "./helpers";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const CONVEX_CLI = path.join(REPO, "node_modules", "convex", "bin", "main.js");

type Run = { code: number | null; stdout: string; stderr: string };

/** `npx convex <args>` in the app folder, pointed at backend `b` with `key`. */
function cli(app: string, b: Backend, key: string, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, CONVEX_SELF_HOSTED_URL: b.url, CONVEX_SELF_HOSTED_ADMIN_KEY: key };
  delete env.CONVEX_DEPLOYMENT;
  delete env.CONVEX_DEPLOY_KEY;
  return new Promise((resolve) => {
    execFile(process.execPath, [CONVEX_CLI, ...args], { cwd: app, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function adminClient(b: Backend, key: string, identity?: Record<string, unknown>) {
  const c = new ConvexHttpClient(b.url, { logger: false });
  (c as unknown as { setAdminAuth: (k: string, i?: unknown) => void }).setAdminAuth(key, identity);
  return c;
}

/** Entries of a snapshot ZIP, README aside. */
function zipEntries(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(file)))) {
    if (name !== "README.md") out.set(name, Buffer.from(bytes).toString("base64"));
  }
  return out;
}

describe("the Convex CLI in self-hosted mode", () => {
  const dirs: string[] = [];
  let app: string;
  let a: Backend;
  let keyA: string;
  const backends: Backend[] = [];

  beforeAll(async () => {
    app = tempDir("lb-cli-app-");
    dirs.push(app);
    cpSync(fileURLToPath(new URL("./fixture", import.meta.url)), app, { recursive: true });
    symlinkSync(path.join(REPO, "node_modules"), path.join(app, "node_modules"));
    const dataDir = tempDir("lb-cli-a-");
    dirs.push(dataDir);
    // No folder: the backend runs only what the CLI pushes.
    a = await start({ dataDir, convexDir: null });
    backends.push(a);
    keyA = a.adminKey;
  }, 60_000);

  afterAll(async () => {
    for (const b of backends) await b.stop();
    for (const d of dirs) removeDir(d);
  });

  it("keeps the admin key in the data dir, readable by its owner only", () => {
    const file = path.join(a.dataDir, "admin_key");
    expect(readFileSync(file, "utf8").trim()).toBe(keyA);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keyA).toMatch(/^tagmything-local\|[0-9a-f]+$/);
  });

  it("refuses the CLI's endpoints without the key, with a forged one, or with another deployment's", async () => {
    const noKey = await fetch(`${a.url}/api/get_config_hashes`, { method: "POST", body: "{}" });
    expect(noKey.status).toBe(401);
    const bar = keyA.indexOf("|");
    const hex = keyA.slice(bar + 1);
    const flipped = `${keyA.slice(0, bar + 1)}${hex.slice(0, 40)}${hex[40] === "0" ? "1" : "0"}${hex.slice(41)}`;
    const forged = await fetch(`${a.url}/api/get_config_hashes`, { method: "POST", body: "{}", headers: { Authorization: `Convex ${flipped}` } });
    expect(forged.status).toBe(401);
    const otherDir = tempDir("lb-cli-other-");
    dirs.push(otherDir);
    const other = await start({ dataDir: otherDir, convexDir: null });
    const othersKey = other.adminKey;
    await other.stop();
    const run = await cli(app, a, othersKey, ["run", "messages:clearChannel", '{ channel: "ops" }']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("The admin key is not valid for this deployment");
  }, 60_000);

  it("deploys the app, runs its functions (internal ones, and as an identity) and lists its tables", async () => {
    const deployed = await cli(app, a, keyA, ["deploy", "-y", "--typecheck", "disable"]);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stderr).toContain("Deployed Convex functions");

    const sent = await cli(app, a, keyA, ["run", "messages:send", '{ channel: "ops", body: "hello", author: "ann" }']);
    expect(sent.code, sent.stderr).toBe(0);
    const id = JSON.parse(sent.stdout.trim());
    expect(typeof id).toBe("string");

    // A user of the app cannot call an internal function; the admin can.
    await expect(new ConvexHttpClient(a.url, { logger: false }).mutation("messages:clearChannel" as never, { channel: "x" } as never)).rejects.toThrow(/Could not find public function/);
    const cleared = await cli(app, a, keyA, ["run", "messages:clearChannel", '{ channel: "nothing-here" }']);
    expect(cleared.code, cleared.stderr).toBe(0);

    const asAnn = await cli(app, a, keyA, ["run", "notes:whoami", "{}", "--identity", '{ subject: "ann", issuer: "https://example.test" }']);
    expect(asAnn.code, asAnn.stderr).toBe(0);
    expect(JSON.parse(asAnn.stdout)).toEqual({ subject: "ann", tokenIdentifier: "https://example.test|ann" });

    const tables = await cli(app, a, keyA, ["data"]);
    expect(tables.stdout.split("\n")).toContain("messages");
    const rows = await cli(app, a, keyA, ["data", "messages", "--format", "jsonl"]);
    expect(rows.stdout.trim().split("\n").map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ _id: id, body: "hello", author: "ann" })]);
  }, 120_000);

  it("sets, lists and removes a deployment variable that functions read", async () => {
    expect(await adminClient(a, keyA).query("settings:greeting" as never, {} as never)).toBeNull();
    const set = await cli(app, a, keyA, ["env", "set", "GREETING", "bonjour"]);
    expect(set.code, set.stderr).toBe(0);
    expect(await new ConvexHttpClient(a.url).query("settings:greeting" as never, {} as never)).toBe("bonjour");
    const listed = await cli(app, a, keyA, ["env", "list"]);
    expect(listed.stdout.split("\n")).toContain("GREETING=bonjour");
    const removed = await cli(app, a, keyA, ["env", "remove", "GREETING"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await new ConvexHttpClient(a.url).query("settings:greeting" as never, {} as never)).toBeNull();
  }, 60_000);

  it("streams function logs", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CONVEX_SELF_HOSTED_URL: a.url, CONVEX_SELF_HOSTED_ADMIN_KEY: keyA };
    delete env.CONVEX_DEPLOYMENT;
    const logs = spawn(process.execPath, [CONVEX_CLI, "logs", "--success"], { cwd: app, env });
    let out = "";
    logs.stdout.on("data", (d) => (out += d));
    logs.stderr.on("data", (d) => (out += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line in: ${out}`)), 60_000);
        const poll = setInterval(() => {
          if (out.includes("Watching logs")) void adminClient(a, keyA).mutation("messages:send" as never, { channel: "logs", body: "traced", author: "bob" } as never);
          if (out.includes("sending traced")) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve();
          }
        }, 250);
      });
    } finally {
      logs.kill();
    }
    expect(out).toMatch(/M\(messages:send\)\] \[LOG\] sending traced/);
  }, 90_000);

  it("exports a snapshot with its files while serving, and imports it into a fresh deployment with the same ids", async () => {
    const http = adminClient(a, keyA);
    // Values that plain JSON would lose: int64, bytes, floats that look like integers.
    for (const value of [1n, 2.0, -0, new Uint8Array([1, 2, 3]).buffer, "text", [1n, { nested: 3.5 }]]) {
      await http.mutation("store:addMixed" as never, { value } as never);
    }
    const storageId = await http.action("files:storeText" as never, { text: "a stored file" } as never);
    await http.mutation("files:save" as never, { storageId, name: "note.txt" } as never);

    const zipA = path.join(app, "a.zip");
    const exported = await cli(app, a, keyA, ["export", "--path", zipA, "--include-file-storage"]);
    expect(exported.code, exported.stderr).toBe(0);
    const entries = zipEntries(zipA);
    expect([...entries.keys()]).toEqual(expect.arrayContaining(["_tables/documents.jsonl", "messages/documents.jsonl", "mixed/documents.jsonl", "_storage/documents.jsonl", `_storage/${storageId}`]));
    expect(Buffer.from(entries.get(`_storage/${storageId}`)!, "base64").toString()).toBe("a stored file");

    const dataDir = tempDir("lb-cli-b-");
    dirs.push(dataDir);
    const b = await start({ dataDir, convexDir: null });
    backends.push(b);
    expect((await cli(app, b, b.adminKey, ["deploy", "-y", "--typecheck", "disable"])).code).toBe(0);
    const imported = await cli(app, b, b.adminKey, ["import", zipA, "-y"]);
    expect(imported.code, imported.stderr).toBe(0);

    const zipB = path.join(app, "b.zip");
    expect((await cli(app, b, b.adminKey, ["export", "--path", zipB, "--include-file-storage"])).code).toBe(0);
    expect(zipEntries(zipB)).toEqual(entries);

    // The restored deployment serves them: same ids, same values, the file behind its document.
    const onB = adminClient(b, b.adminKey);
    expect(await onB.query("store:mixedInOrder" as never, { order: "asc" } as never)).toEqual(await http.query("store:mixedInOrder" as never, { order: "asc" } as never));
    const [file] = (await onB.query("files:list" as never, {} as never)) as { name: string; url: string }[];
    expect(file.name).toBe("note.txt");
    expect(await (await fetch(file.url)).text()).toBe("a stored file");

    // A second import into tables that now hold data is refused and writes nothing.
    const again = await cli(app, b, b.adminKey, ["import", zipA, "-y"]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("import into empty tables");
  }, 180_000);

  it("runs the pushed code again after a restart, without the folder", async () => {
    const dataDir = a.dataDir;
    await a.stop();
    backends.splice(backends.indexOf(a), 1);
    const again = await start({ dataDir, convexDir: null });
    backends.push(again);
    expect(await new ConvexHttpClient(again.url).query("messages:list" as never, { channel: "ops" } as never)).toEqual([{ author: "ann", body: "hello" }]);
  }, 60_000);
});
