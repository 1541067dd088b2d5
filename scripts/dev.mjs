// `npm run dev`: the local Convex backend plus Vite, pointed at each other.
// Ctrl-C stops both.
import { createServer } from "vite";
import { DEFAULT_CONVEX_DIR, legacyDataDirNotice, REPO_ROOT, portsFromEnv } from "../local-backend/env.mjs";
import { startAppOrExplain } from "./app-startup.mjs";

const DEMO_ACCOUNTS = [
  ["admin@example.com", "admin"],
  ["admin-influencer@example.com", "admin + admin-influencer"],
  ["moderator@example.com", "moderator"],
  ["business@example.com", "business user"],
  ["member@example.com", "member"],
];

const { port, sitePort, vitePort } = portsFromEnv();
const appUrl = `http://localhost:${vitePort}`;
const backend = await startAppOrExplain({ port, sitePort, convexDir: DEFAULT_CONVEX_DIR, siteUrl: appUrl, watch: true, codegen: true });

process.env.VITE_CONVEX_URL = backend.url;
process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
let vite;
try {
  // strictPort: the backend's SITE_URL (used in emailed links) names this port.
  vite = await createServer({ root: REPO_ROOT, server: { port: vitePort, strictPort: true } });
  await vite.listen();
} catch (e) {
  await backend.stop();
  console.error(`Could not start Vite on port ${vitePort}: ${e?.message ?? e}\nSet PORT to use another port.`);
  process.exit(1);
}

console.log(`
  TagMyThing is running (local backend, no network needed)

  App          ${appUrl}
  Dev outbox   ${appUrl}/dev/outbox#key=${backend.env.LOCAL_OUTBOX}
               (emails and SMS the app "sent"; the key keeps others out)
  Convex API   ${backend.url}
  HTTP routes  ${backend.siteUrl}
  Data         ${backend.dataDir}   (npm run reset wipes and re-seeds)

  Convex CLI (npx convex deploy | run | data | env | logs | export | import):
    export CONVEX_SELF_HOSTED_URL=${backend.url}
    export CONVEX_SELF_HOSTED_ADMIN_KEY='${backend.adminKey}'

  Demo accounts (password: password123)
${DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(30)} ${role}`).join("\n")}

  Press Ctrl-C to stop.
`);
const notice = legacyDataDirNotice();
if (notice) console.log(`  ${notice}\n`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void Promise.allSettled([vite.close(), backend.stop()]).then(() => process.exit(0));
  });
}
