// `npm run backup [-- <file.zip>]`: a snapshot ZIP of the local backend's data,
// files included, in Convex's export format (restore with `npx convex import`,
// here or on Convex cloud). While a backend runs on the data directory this
// asks it through the Convex CLI (`npx convex export`, a consistent snapshot
// while it keeps serving); otherwise it reads the data directory itself.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_KEY_FILE } from "./admin.mjs";
import { backupDir, backupName, backupNow } from "./backups.mjs";
import { Blobs } from "./blobs.mjs";
import { openDatabase } from "./database.mjs";
import { SERVER_FILE, dataDirFromEnv, REPO_ROOT } from "./env.mjs";
import { isAlive, lockDataDir } from "./files.mjs";

const dataDir = dataDirFromEnv();
const target = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!existsSync(dataDir)) {
  console.error(`No local backend data in ${dataDir}`);
  process.exit(1);
}

const lockFile = path.join(dataDir, "LOCK");
const running = existsSync(lockFile) && isAlive(Number(readFileSync(lockFile, "utf8")));
if (running) {
  const { url } = JSON.parse(readFileSync(path.join(dataDir, SERVER_FILE), "utf8"));
  const file = target ?? path.join(backupDir(dataDir), backupName());
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, CONVEX_SELF_HOSTED_URL: url, CONVEX_SELF_HOSTED_ADMIN_KEY: readFileSync(path.join(dataDir, ADMIN_KEY_FILE), "utf8").trim() };
  delete env.CONVEX_DEPLOYMENT;
  execFileSync(process.execPath, [path.join(REPO_ROOT, "node_modules", "convex", "bin", "main.js"), "export", "--path", file, "--include-file-storage"], { cwd: REPO_ROOT, env, stdio: "inherit" });
  console.log(`Backup written: ${file}`);
} else {
  const unlock = lockDataDir(dataDir);
  const db = await openDatabase(dataDir);
  try {
    const dir = target ? path.dirname(target) : backupDir(dataDir);
    const { file, documents } = await backupNow({ db, blobs: new Blobs(dataDir) }, dir, Infinity, target ? path.basename(target) : backupName());
    console.log(`Backup written: ${file} (${documents} documents)`);
  } finally {
    await db.close();
    unlock();
  }
}
