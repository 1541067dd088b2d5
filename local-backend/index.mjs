// startBackend(): the local Convex backend as a library (used by start.mjs,
// dev.mjs and the tests).
import { rmSync } from "node:fs";
import path from "node:path";
import { createAdminRoutes } from "./admin-api.mjs";
import { prepareAdmin } from "./admin.mjs";
import { createVerifier } from "./auth.mjs";
import { createDeployments, currentPushSource, emptySource } from "./deploy.mjs";
import { backupsFromEnv, scheduleBackups } from "./backups.mjs";
import { DEFAULT_CONVEX_DIR, SERVER_FILE, dataDirFromEnv, prepareEnv, updateEnv } from "./env.mjs";
import { FunctionLogs } from "./function-logs.mjs";
import { folderSource } from "./functions.mjs";
import { createHost } from "./host.mjs";
import { CommitHistory } from "./history.mjs";
import { createApiServer, createSiteServer, readBody, sendJson, storageTokens, uploadTokens } from "./http.mjs";
import { createSnapshots } from "./snapshot.mjs";
import { createSystemFunctions } from "./system-functions.mjs";
import { Live } from "./live.mjs";
import { lockDataDir, writeFileAtomic } from "./files.mjs";
import { watchConvex } from "./watch.mjs";

/**
 * A function's outcome as `run` gives it.
 * @typedef {{ ok: boolean, value?: any, message?: string, data?: unknown, logLines: string[] }} FunctionResult
 */
/**
 * @typedef {object} StartBackendOptions
 * @property {string} [dataDir] Data directory (default: outside the repo, ~/.local/share/tagmything-local-backend/<checkout>, or LOCAL_BACKEND_DIR).
 * @property {number} [port] API port (default 3210; 0 picks a free port).
 * @property {number} [sitePort] Site port serving convex/http.ts (default 3211; 0 picks a free port).
 * @property {string | null} [convexDir] The convex/ folder to host (default: the project's convex/); null runs what `npx convex deploy` pushed last.
 * @property {string} [siteUrl] SITE_URL given to functions (the web app's origin).
 * @property {string} [hostname]
 * @property {boolean} [watch] Reload functions when convexDir changes.
 * @property {boolean} [codegen] Also run `npx convex codegen` on change (project folder only).
 * @property {(message: string) => void} [log]
 * @property {{ maxSubscriptions?: number, maxQueuedBytes?: number, maxUploadBytes?: number, actionTimeoutMs?: number, snapshotRetentionMs?: number }} [limits]
 *   Per-connection, upload and action-time limits (defaults: 1,000 subscriptions, 32 MiB queued, 64 MiB per upload, Convex's 10 minutes
 *   per action), and how long a replaced snapshot stays readable at its timestamp (Convex's 10 s).
 * @property {number} [backups] Daily snapshot ZIPs (Convex's export format, files included) to keep in <dataDir>/backups; 0 for none (default: LOCAL_BACKEND_BACKUPS, else 0).
 * @property {((backend: Backend, info: { startedEmpty: boolean, reload: boolean }) => Promise<void>) | null} [afterLoad]
 *   The app's own start-up work (its seed data, its migrations), run once the functions are loaded and
 *   serving, and again after each reload of a watched folder.
 */
/**
 * @typedef {object} Backend
 * @property {string} url
 * @property {string} siteUrl
 * @property {number} port
 * @property {number} sitePort
 * @property {string} dataDir
 * @property {Record<string, string>} env
 * @property {string} adminKey The deployment's admin key (CONVEX_SELF_HOSTED_ADMIN_KEY for the Convex CLI).
 * @property {boolean} startedEmpty Whether the data directory held no documents when it started.
 * @property {(udfPath: string) => boolean} hasFunction Whether the loaded app has the function.
 * @property {(udfPath: string, args?: Record<string, unknown>, identity?: Record<string, unknown> | null) => Promise<FunctionResult>} run
 *   Runs any function, internal ones included (for scripts and tests).
 * @property {() => Promise<void>} reload
 * @property {() => Promise<void>} stop
 */

/** The variables `npx convex env list` shows: the stored ones, not the URLs Convex provides. */
function listedEnv(stored) {
  const { CONVEX_CLOUD_URL: _cloud, CONVEX_SITE_URL: _site, ...own } = stored ?? {};
  return own;
}

function listen(server, port, hostname) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve(server.address().port);
    });
  });
}

function close(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

/**
 * `convexDir: null` runs the code last pushed by `npx convex deploy` (none before the first push).
 * @param {StartBackendOptions} [options]
 * @returns {Promise<Backend>}
 */
export async function startBackend(options = {}) {
  const {
    dataDir = dataDirFromEnv(),
    port = 3210,
    sitePort = 3211,
    convexDir = DEFAULT_CONVEX_DIR,
    hostname = "127.0.0.1",
    watch = false,
    codegen = false,
    afterLoad = null,
    log = (m) => console.log(`[backend] ${m}`),
    limits = {},
    backups = backupsFromEnv(),
  } = options;
  const resolvedDataDir = path.resolve(dataDir);
  const unlock = lockDataDir(resolvedDataDir);
  const admin = prepareAdmin(resolvedDataDir);
  const functionLogs = new FunctionLogs();

  // The servers bind first (their ports name the deployment's URLs) and answer once the
  // deployment below is ready; its parts are then made in order, each from those before it.
  /** @type {(d: import("./http.mjs").Deployment) => void} */
  let serve = () => {};
  /** @type {Promise<import("./http.mjs").Deployment>} */
  const deployment = new Promise((resolve) => (serve = resolve));
  const api = createApiServer({ deployment, limits, log });
  const site = createSiteServer({ deployment, log });
  let host = null;
  /** @type {Backend} */
  let backend;

  try {
    const apiPort = await listen(api.server, port, hostname);
    const actualSitePort = await listen(site, sitePort, hostname);
    const url = `http://127.0.0.1:${apiPort}`;
    const convexSiteUrl = `http://127.0.0.1:${actualSitePort}`;
    const siteUrl = options.siteUrl ?? `http://localhost:${Number(process.env.PORT ?? 5173)}`;
    const { env } = await prepareEnv(resolvedDataDir, { siteUrl, convexSiteUrl });
    let storedEnv = env;
    // Function code reads its deployment environment from process.env.
    Object.assign(process.env, env);
    const tokens = uploadTokens(env.JWT_PRIVATE_KEY);
    const files = storageTokens(env.JWT_PRIVATE_KEY);
    // Convex Auth logs every sign-in step at its default INFO level; locally only warnings and
    // errors unless asked (AUTH_LOG_LEVEL=INFO npm run dev, or the variable in env.json).
    const deploymentEnv = {
      ...env,
      AUTH_LOG_LEVEL: process.env.AUTH_LOG_LEVEL ?? env.AUTH_LOG_LEVEL ?? "WARN",
      CONVEX_CLOUD_URL: url,
      CONVEX_SITE_URL: convexSiteUrl,
    };
    const source = convexDir === null ? (currentPushSource(resolvedDataDir) ?? emptySource(resolvedDataDir)) : folderSource(path.resolve(convexDir));
    host = await createHost({
      source,
      dataDir: resolvedDataDir,
      onCompletion: (c) => functionLogs.record(c),
      log,
      urls: {
        storageUrl: (id) => `${url}/api/storage/${id}?token=${files.sign(id)}`,
        uploadUrl: (component) => `${url}/api/storage/upload?token=${tokens.issue(component)}`,
      },
      actionMs: limits.actionTimeoutMs,
      retainMs: limits.snapshotRetentionMs,
      deploymentEnv,
    });
    const history = new CommitHistory();
    host.onCommit((changes, ts) => history.record(changes, ts));
    const snapshots = createSnapshots({ dataDir: resolvedDataDir, host, log });
    const system = createSystemFunctions({ host, env: () => listedEnv(storedEnv), snapshots, cloudUrl: url });
    // The CLI's and dashboard's own queries (`_system/cli/...`) for admins, else the deployment's functions.
    const call = async (req) => (req.internal && req.path.startsWith("_system/") && system(req)) || host.call(req);
    const live = new Live({ call, lastTs: host.lastCommitTs(), readsInWorker: host.readsInWorker });
    host.onAccept((changes, ts) => live.onAccept(changes, ts));
    host.onCommit((changes, ts) => live.onCommit(changes, ts));
    // Export and import states are read by the CLI's subscriptions: they run again on a change.
    snapshots.onChange(() => live.invalidateAll());
    const deployments = createDeployments({
      dataDir: resolvedDataDir,
      host,
      log,
      environmentVariables: () => listedEnv(storedEnv),
      onActivated: () => live.invalidateAll(),
    });
    const adminRoutes = createAdminRoutes({
      checkAdmin: admin.checkAdmin,
      readBody,
      sendJson,
      deployments,
      logs: functionLogs,
      snapshots,
      setEnvironment: async (changes) => {
        const stored = updateEnv(resolvedDataDir, changes);
        storedEnv = stored;
        for (const { name } of changes) {
          if (name in stored) {
            deploymentEnv[name] = stored[name];
            process.env[name] = stored[name];
          } else {
            delete deploymentEnv[name];
            delete process.env[name];
          }
        }
        await host.restartActions();
      },
    });
    const verify = createVerifier(env, () => host.authProviders());
    serve({ host, call, live, verify, tokens, files, history, checkAdmin: admin.checkAdmin, adminRoutes, siteOrigin: convexSiteUrl });

    const stopWatching = watch && convexDir !== null
      ? watchConvex({
          convexDir: path.resolve(convexDir),
          codegen,
          log,
          // The folder, even after `npx convex deploy` pushed other code: a saved file wins.
          reload: async () => {
            await host.reload(source);
            live.invalidateAll();
            await afterLoad?.(backend, { startedEmpty: false, reload: true });
          },
        })
      : () => {};

    const stopBackups = scheduleBackups({ host, dataDir: resolvedDataDir, keep: backups, log });
    writeFileAtomic(path.join(resolvedDataDir, SERVER_FILE), `${JSON.stringify({ url, siteUrl: convexSiteUrl, pid: process.pid })}\n`, 0o600);

    let stopped = null;
    const stop = () =>
      (stopped ??= (async () => {
        stopWatching();
        stopBackups();
        rmSync(path.join(resolvedDataDir, SERVER_FILE), { force: true });
        for (const ws of api.wss.clients) ws.terminate();
        await Promise.all([close(api.server), close(site)]);
        await live.flushing;
        await host.stop();
        unlock();
      })());

    backend = {
      url,
      siteUrl: convexSiteUrl,
      port: apiPort,
      sitePort: actualSitePort,
      dataDir: resolvedDataDir,
      env,
      /** For the Convex CLI: CONVEX_SELF_HOSTED_URL = url, CONVEX_SELF_HOSTED_ADMIN_KEY = adminKey. */
      adminKey: admin.adminKey,
      startedEmpty: host.startedEmpty,
      hasFunction: (udfPath) => host.hasFunction(udfPath),
      /** Runs any function, internal ones included (for scripts and tests). */
      run: (udfPath, args = {}, identity = null) => call({ path: udfPath, args, identity, internal: true }),
      reload: async () => {
        await host.reload();
        live.invalidateAll();
      },
      stop,
    };
  } catch (e) {
    await Promise.all([close(api.server), close(site)]);
    await host?.stop();
    unlock();
    throw e;
  }
  try {
    await afterLoad?.(backend, { startedEmpty: backend.startedEmpty, reload: false });
  } catch (e) {
    await backend.stop();
    throw e;
  }
  return backend;
}
