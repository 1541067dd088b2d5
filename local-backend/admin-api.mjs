// The HTTP endpoints the Convex CLI calls with an admin key in self-hosted
// mode (CONVEX_SELF_HOSTED_URL, CONVEX_SELF_HOSTED_ADMIN_KEY): deploy
// (get_config_hashes, deploy2/*), environment variables, the function log
// stream, snapshot export and import. Paths and bodies: convex/dist/esm/cli/lib
// (deploy2.js, config.js, env.js, logs.js, convexExport.js, convexImport.js);
// get-convex/convex-backend crates/local_backend (router).
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** A push carries every module's source and source map (the app's is a few MB). */
const MAX_PUSH_BYTES = 256 * 2 ** 20;
const LOG_POLL_MS = 30_000;

export class AdminRequired extends Error {}

/**
 * The admin behind a request's `Authorization: Convex <key>[:<identity>]` header, or null when it
 * carries none; a wrong key throws AdminRequired.
 * @param {import("node:http").IncomingMessage} req
 * @param {(value: string) => { identity: any } | null} checkAdmin
 */
export function adminOf(req, checkAdmin) {
  const header = req.headers.authorization;
  if (!header?.startsWith("Convex ")) return null;
  const admin = checkAdmin(header.slice("Convex ".length).trim());
  if (!admin) throw new AdminRequired("The admin key is not valid for this deployment");
  return admin;
}

function decode(body, encoding) {
  if (encoding === "br") return brotliDecompressSync(body, { maxOutputLength: MAX_PUSH_BYTES });
  if (encoding === "gzip") return gunzipSync(body, { maxOutputLength: MAX_PUSH_BYTES });
  return body;
}

/**
 * @param {{ checkAdmin: (v: string) => any, readBody: (req: any, limit: number) => Promise<Buffer>,
 *   sendJson: (res: any, status: number, body: any) => void, deployments: ReturnType<typeof import("./deploy.mjs").createDeployments>,
 *   logs: import("./function-logs.mjs").FunctionLogs, setEnvironment: (changes: { name: string, value: string | null }[]) => Promise<void>,
 *   snapshots: ReturnType<typeof import("./snapshot.mjs").createSnapshots> }} deps
 * @returns {(req: any, res: any, url: URL) => Promise<boolean>} handles the request (true) or leaves it (false)
 */
export function createAdminRoutes({ checkAdmin, readBody, sendJson, deployments, logs, setEnvironment, snapshots }) {
  const jsonBody = async (req, limit = MAX_PUSH_BYTES) => {
    const raw = decode(await readBody(req, limit), req.headers["content-encoding"]);
    return JSON.parse(raw.toString("utf8") || "{}");
  };

  /**
   * Admin-only routes: [method, path or pattern, handler].
   * @type {[string, string | RegExp, (req: any, res: any, url: URL, m: string[]) => Promise<void>][]}
   */
  const routes = [
    ["POST", "/api/get_config_hashes", async (_req, res) => sendJson(res, 200, deployments.configHashes())],
    ["POST", "/api/deploy2/start_push", async (req, res) => sendJson(res, 200, await deployments.startPush(await jsonBody(req)))],
    // The CLI asks which indexes a push would delete before it pushes.
    ["POST", "/api/deploy2/evaluate_push", async (req, res) => {
      const { schemaChange } = await deployments.startPush({ ...(await jsonBody(req)), dryRun: true });
      sendJson(res, 200, { schemaChange });
    }],
    // Indexes are built before start_push answers, and documents checked there: nothing to wait for.
    ["POST", "/api/deploy2/wait_for_schema", async (req, res) => {
      await jsonBody(req, 2 ** 20);
      sendJson(res, 200, { type: "complete" });
    }],
    ["POST", "/api/deploy2/finish_push", async (req, res) => sendJson(res, 200, await deployments.finishPush(await jsonBody(req)))],
    ["POST", "/api/deploy2/report_push_completed", async (req, res) => {
      await jsonBody(req, 16 * 2 ** 20);
      sendJson(res, 200, {});
    }],
    ["POST", "/api/update_environment_variables", async (req, res) => {
      const { changes } = await jsonBody(req, 16 * 2 ** 20);
      if (!Array.isArray(changes) || changes.some((c) => typeof c?.name !== "string" || !(c.value === null || typeof c.value === "string"))) {
        return sendJson(res, 400, { code: "InvalidEnvVars", message: "Expected { changes: [{ name, value | null }] }" });
      }
      const invalid = changes.find((c) => !/^[a-zA-Z_][a-zA-Z0-9_]{0,39}$/.test(c.name));
      if (invalid) return sendJson(res, 400, { code: "InvalidEnvVarName", message: `Environment variable name ${JSON.stringify(invalid.name)} is invalid: up to 40 letters, digits and underscores, not starting with a digit` });
      await setEnvironment(changes);
      sendJson(res, 200, {});
    }],
    ["GET", "/api/stream_function_logs", async (req, res, url) => {
      const cursor = Number(url.searchParams.get("cursor") ?? 0) || 0;
      let closed = false;
      req.on("close", () => (closed = true));
      const out = await logs.after(cursor, LOG_POLL_MS);
      if (!closed) sendJson(res, 200, out);
    }],
    ["POST", "/api/export/request/zip", async (_req, res, url) => {
      if (snapshots.exportRunning()) return sendJson(res, 400, { code: "ExportInProgress", message: "A snapshot export is already requested or in progress" });
      sendJson(res, 200, await snapshots.requestExport({ includeStorage: url.searchParams.get("includeStorage") === "true" }));
    }],
    ["GET", /^\/api\/export\/zip\/(\d+)$/, async (_req, res, _url, m) => snapshots.download(res, m[1])],
    ["POST", "/api/import/start_upload", async (_req, res) => sendJson(res, 200, snapshots.startUpload())],
    ["POST", "/api/import/upload_part", async (req, res, url) => sendJson(res, 200, await snapshots.uploadPart(url.searchParams.get("uploadToken"), Number(url.searchParams.get("partNumber")), await readBody(req, MAX_PUSH_BYTES)))],
    ["POST", "/api/import/finish_upload", async (req, res) => sendJson(res, 200, await snapshots.finishUpload(await jsonBody(req, 2 ** 20)))],
    ["POST", "/api/perform_import", async (req, res) => sendJson(res, 200, await snapshots.performImport(await jsonBody(req, 2 ** 20)))],
  ];

  return async (req, res, url) => {
    for (const [method, route, handler] of routes) {
      const m = typeof route === "string" ? (url.pathname === route ? [] : null) : url.pathname.match(route);
      if (!m || req.method !== method) continue;
      if (!adminOf(req, checkAdmin)) throw new AdminRequired("This endpoint needs the deployment's admin key (Authorization: Convex <key>)");
      await handler(req, res, url, m);
      return true;
    }
    // Not here: /api/deploy2/evaluate_schema among others (the CLI's schema predictions are best
    // effort, and it skips their checks on a 404).
    return false;
  };
}
