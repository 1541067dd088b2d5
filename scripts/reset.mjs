// `npm run reset`: wipes the local backend's data and seeds the demo data
// again. The auth keys in env.json and the cursor key (instance_secret) are kept.
import { DEFAULT_CONVEX_DIR, dataDirFromEnv } from "../local-backend/env.mjs";
import { lockDataDir } from "../local-backend/files.mjs";
import { wipeData } from "../local-backend/database.mjs";
import { startApp } from "./app-startup.mjs";

const dataDir = dataDirFromEnv();
let unlock;
try {
  unlock = lockDataDir(dataDir);
} catch (e) {
  console.error(`${e.message}\nStop \`npm run dev\` / \`npm run backend\` before resetting.`);
  process.exit(1);
}
wipeData(dataDir);
unlock();
console.log(`Wiped ${dataDir}`);

const backend = await startApp({ dataDir, port: 0, sitePort: 0, convexDir: DEFAULT_CONVEX_DIR });
if (backend.seeded && !backend.seeded.ok) process.exitCode = 1;
if (!backend.seeded) console.log("No convex/seed.ts `run` export: nothing to seed.");
await backend.stop();
