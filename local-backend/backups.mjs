// Scheduled backups: one setting, LOCAL_BACKEND_BACKUPS=<N>, writes a
// snapshot ZIP (Convex's export format, files included, so `npx convex
// import` restores it here or on Convex cloud) into <dataDir>/backups once a
// day and keeps the newest N. The first one is due a day after the last (or
// at start when there is none).
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { writeSnapshot } from "./snapshot.mjs";

const DAY_MS = 24 * 60 * 60 * 1000;
const FILE = /^backup-\d{8}T\d{6}\.\d{3}Z\.zip$/;

/** How many daily backups to keep, from LOCAL_BACKEND_BACKUPS (0: none). */
export function backupsFromEnv(value = process.env.LOCAL_BACKEND_BACKUPS) {
  const keep = Number(value ?? 0);
  if (!Number.isInteger(keep) || keep < 0) throw new Error(`LOCAL_BACKEND_BACKUPS must be the number of daily backups to keep, not ${JSON.stringify(value)}`);
  return keep;
}

export const backupDir = (dataDir) => path.join(dataDir, "backups");

/** A backup's file name: when it was taken, in UTC. */
export const backupName = (date = new Date()) => `backup-${date.toISOString().replace(/[-:]/g, "")}.zip`;

/** Writes one backup now into `dir` (as `name`) and keeps the newest `keep` scheduled ones there. */
export async function backupNow({ db, blobs }, dir, keep = Infinity, name = backupName()) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  const result = await writeSnapshot({ db, blobs }, file, { includeStorage: true });
  const all = readdirSync(dir).filter((f) => FILE.test(f)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(path.join(dir, old), { force: true });
  return { file, ...result };
}

/**
 * @param {{ host: any, dataDir: string, keep: number, log: (m: string) => void, everyMs?: number }} opts
 * @returns {() => void} stops the schedule
 */
export function scheduleBackups({ host, dataDir, keep, log, everyMs = DAY_MS }) {
  if (keep <= 0) return () => {};
  const dir = backupDir(dataDir);
  let timer = null;
  let stopped = false;
  const latest = () => {
    try {
      const files = readdirSync(dir).filter((f) => FILE.test(f)).sort();
      return files.length ? statSync(path.join(dir, files.at(-1))).mtimeMs : 0;
    } catch {
      return 0;
    }
  };
  const plan = (delay) => {
    if (stopped) return;
    timer = setTimeout(run, Math.min(Math.max(0, delay), 2 ** 31 - 1));
    timer.unref?.();
  };
  const run = async () => {
    try {
      const { file, documents } = await backupNow(host, dir, keep);
      log(`Backup written: ${file} (${documents} documents; keeping the newest ${keep})`);
      plan(everyMs);
    } catch (e) {
      log(`Backup failed (trying again in an hour): ${e?.stack ?? e}`);
      plan(Math.min(everyMs, 60 * 60 * 1000));
    }
  };
  plan(latest() + everyMs - Date.now());
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
