// `npm run backend`: the app on the local Convex backend, without Vite (API 3210, site 3211).
import { DEFAULT_CONVEX_DIR, legacyDataDirNotice, portsFromEnv } from "../local-backend/env.mjs";
import { startAppOrExplain } from "./app-startup.mjs";

const { port, sitePort, vitePort } = portsFromEnv();
const backend = await startAppOrExplain({
  port,
  sitePort,
  convexDir: process.env.LOCAL_BACKEND_CONVEX_DIR ?? DEFAULT_CONVEX_DIR,
  siteUrl: process.env.SITE_URL ?? `http://localhost:${vitePort}`,
  watch: process.env.LOCAL_BACKEND_WATCH !== "0",
  codegen: !process.env.LOCAL_BACKEND_CONVEX_DIR,
});
console.log(`[backend] Convex API  ${backend.url}`);
console.log(`[backend] HTTP routes ${backend.siteUrl}`);
console.log(`[backend] Data        ${backend.dataDir}`);
console.log("[backend] For the Convex CLI (npx convex deploy | run | data | env | logs | export | import):");
console.log(`[backend]   export CONVEX_SELF_HOSTED_URL=${backend.url}`);
console.log(`[backend]   export CONVEX_SELF_HOSTED_ADMIN_KEY='${backend.adminKey}'`);
const notice = legacyDataDirNotice();
if (notice) console.log(`[backend] ${notice}`);
// Machine-readable line for scripts and tests that spawn this process.
if (process.env.LOCAL_BACKEND_READY_JSON) console.log(`READY ${JSON.stringify({ url: backend.url, siteUrl: backend.siteUrl })}`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void backend.stop().then(() => process.exit(0));
  });
}
