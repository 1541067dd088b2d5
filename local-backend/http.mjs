// HTTP surface: the API origin (ConvexHttpClient endpoints, file storage and
// the sync WebSocket) and the site origin (convex/http.ts routes).
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { jsonToConvex } from "convex/values";
import { WebSocketServer } from "ws";
import { AdminRequired, adminOf } from "./admin-api.mjs";
import { AdminAuthError } from "./admin.mjs";
import { AuthError, bearerToken } from "./auth.mjs";
import { PushError } from "./deploy.mjs";
import { LIMITS } from "./limits.mjs";
import { UPLOAD_REFUSED, digestProblem, sendFile } from "./storage-http.mjs";
import { Session } from "./sync.mjs";

const STATUS_UDF_FAILED = 560;
const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Function calls over HTTP carry JSON arguments (Convex: 16 MiB of arguments). */
const MAX_API_BODY_BYTES = LIMITS.argumentBytes + 1024;
/** One WebSocket frame (a ModifyQuerySet or a mutation with its arguments). */
const MAX_FRAME_BYTES = LIMITS.argumentBytes + 1024;
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization, Convex-Client, Content-Encoding",
  "Access-Control-Max-Age": "86400",
};

class BodyTooLarge extends Error {}

/** Reads a request body, refusing (BodyTooLarge) past `limit` bytes without buffering the rest. */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) return reject(new BodyTooLarge(`Request body is larger than ${limit} bytes`));
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > limit) {
        req.pause();
        reject(new BodyTooLarge(`Request body is larger than ${limit} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function refuseTooLarge(res, e) {
  res.writeHead(413, { ...CORS, "Content-Type": "application/json", Connection: "close" });
  res.end(JSON.stringify({ code: "PayloadTooLarge", message: e.message }));
}

export function sendJson(res, status, body) {
  res.writeHead(status, { ...CORS, "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Capability tokens for stored files: a file's URL carries an HMAC of its id. */
export function storageTokens(secret) {
  const sign = (storageId) => createHmac("sha256", secret).update(`file:${storageId}`).digest("base64url");
  return {
    sign,
    check: (storageId, token) => {
      const expected = Buffer.from(sign(storageId));
      const given = Buffer.from(String(token ?? ""));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/**
 * Signed, expiring upload tokens, so an upload URL outlives a restart. A
 * component's token names it (signed too): its upload goes to its own `_storage`.
 */
export function uploadTokens(secret) {
  const sign = (exp, component) => createHmac("sha256", secret).update(`upload:${exp}${component ? `:${component}` : ""}`).digest("base64url");
  return {
    issue: (component = "") => {
      const exp = Date.now() + UPLOAD_TOKEN_TTL_MS;
      return `${exp}.${sign(exp, component)}${component ? `.${Buffer.from(component).toString("base64url")}` : ""}`;
    },
    /** The token's grant `{ component }` ("" for the app), or `{ refused }` (Convex's code and message). */
    check: (token) => {
      const [exp, mac, encoded = ""] = String(token ?? "").split(".");
      // Digits only: the signed text is `upload:<exp>[:<component>]`, so an `exp` of "<exp>:<component>"
      // would pass a component's signature off as the app's, with an expiry that is not a number.
      if (!/^\d+$/.test(exp)) return { refused: UPLOAD_REFUSED.invalid };
      const component = Buffer.from(encoded, "base64url").toString("utf8");
      const expected = Buffer.from(sign(exp, component));
      const given = Buffer.from(mac ?? "");
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: UPLOAD_REFUSED.invalid };
      return Number(exp) < Date.now() ? { refused: UPLOAD_REFUSED.expired } : { component };
    },
  };
}

/**
 * What the servers serve, once it is ready (they bind first: their ports name the deployment's URLs).
 * @typedef {object} Deployment
 * @property {any} host the function host (host.mjs createHost)
 * @property {(req: import("./executor.mjs").CallRequest) => Promise<import("./executor.mjs").CallResult>} call
 *   runs a function (the deployment's, or its `_system/` ones for admins)
 * @property {import("./live.mjs").Live} live
 * @property {(token: string) => Promise<any>} verify
 * @property {ReturnType<typeof uploadTokens>} tokens
 * @property {ReturnType<typeof storageTokens>} files
 * @property {import("./history.mjs").CommitHistory} history
 * @property {(key: string, actingAs?: any) => { identity: any } | null} checkAdmin
 * @property {(req: any, res: any, url: URL) => Promise<boolean>} adminRoutes
 * @property {string} siteOrigin
 */

/**
 * @param {{ deployment: Promise<Deployment>, limits?: { maxUploadBytes?: number, maxSubscriptions?: number, maxQueuedBytes?: number },
 *   log: (m: string) => void }} deps
 */
export function createApiServer({ deployment, limits = {}, log }) {
  const maxUpload = limits.maxUploadBytes ?? LIMITS.fileSize;
  /** The caller: a user (Bearer token), an admin (Convex <admin key>, maybe acting as a user), or nobody. */
  /** @param {Deployment} d */
  const callerOf = async ({ checkAdmin, verify }, req) => {
    const admin = adminOf(req, checkAdmin);
    if (admin) return { identity: admin.identity, internal: true };
    const token = bearerToken(req.headers.authorization);
    return { identity: token === null ? null : (await verify(token)).identity, internal: false };
  };

  /** @param {Deployment} d */
  async function callFunction(d, req, res, kind, atTs = false) {
    const { call, history, live } = d;
    const body = JSON.parse((await readBody(req, MAX_API_BODY_BYTES)).toString("utf8") || "{}");
    if (body === null || typeof body !== "object" || typeof body.path !== "string") {
      return sendJson(res, 400, { code: "BadJsonBody", message: "Expected a JSON body with a string `path`" });
    }
    if (atTs && !/^\d+$/.test(String(body.ts))) return sendJson(res, 400, { code: "BadJsonBody", message: "Expected a JSON body with a timestamp `ts`" });
    const { identity, internal } = await callerOf(d, req);
    // Only an admin names a component's function (`npx convex run --component`).
    const component = internal && typeof body.componentPath === "string" ? body.componentPath : "";
    const args = Array.isArray(body.args) ? body.args[0] : body.args;
    const request = { kind, path: body.path, args: jsonToConvex(args ?? {}), identity, internal, component };
    let result = await call(request);
    // At a timestamp (consistentQuery): the latest snapshot answers when nothing the query read changed
    // since; else the snapshot kept at or before it, when nothing it read changed between the two.
    if (atTs && result.reads && history.changedSince(result.reads, BigInt(body.ts), live.lastTs) !== false) {
      const ts = BigInt(body.ts);
      const at = d.host.snapshotAt(ts);
      // Older than every kept snapshot: Convex's out-of-retention answer (crates/errors/src/lib.rs `out_of_retention`).
      if (!at) return sendJson(res, 503, { code: "InternalServerError", message: "Your request couldn't be completed. Try again later." });
      result = await call({ ...request, at });
      if (result.reads && history.changedSince(result.reads, at.ts, ts) !== false) {
        return sendJson(res, 400, { code: "QueryTimestampUnavailable", message: `This query's data changed between the snapshot kept at ${at.ts} and timestamp ${body.ts}; ask again with a newer timestamp.` });
      }
    }
    if (result.ok) return sendJson(res, 200, { status: "success", value: result.value, logLines: result.logLines });
    const out = { status: "error", errorMessage: result.message, logLines: result.logLines };
    if (result.data !== undefined) out.errorData = result.data;
    return sendJson(res, STATUS_UDF_FAILED, out);
  }

  async function upload({ tokens, host }, req, res, url) {
    const grant = tokens.check(url.searchParams.get("token"));
    if (grant.refused) return sendJson(res, 401, grant.refused);
    const bytes = await readBody(req, maxUpload);
    const problem = digestProblem(req.headers.digest, bytes);
    if (problem) return sendJson(res, problem.status, { code: problem.code, message: problem.message });
    const storageId = await host.storeUpload(bytes, req.headers["content-type"], grant.component);
    return sendJson(res, 200, { storageId });
  }

  function download({ files, host }, req, res, storageId, token) {
    const file = files.check(storageId, token) ? host.readUpload(storageId) : null;
    if (!file) return sendJson(res, 404, { code: "FileNotFound", message: `File ${storageId} not found` });
    sendFile(res, file, req.headers.range, CORS);
  }

  async function route(req, res) {
    const d = await deployment;
    const url = new URL(req.url ?? "/", "http://local");
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      return res.end();
    }
    const kinds = { "/api/query": "query", "/api/mutation": "mutation", "/api/action": "action", "/api/function": undefined };
    if (req.method === "POST" && url.pathname in kinds) return callFunction(d, req, res, kinds[url.pathname]);
    if (req.method === "POST" && url.pathname === "/api/query_at_ts") return callFunction(d, req, res, "query", true);
    if (req.method === "POST" && url.pathname === "/api/query_ts") return sendJson(res, 200, { ts: d.host.readTimestamp().toString() });
    if (req.method === "POST" && url.pathname === "/api/storage/upload") return upload(d, req, res, url);
    if (req.method === "GET" && url.pathname.startsWith("/api/storage/")) return download(d, req, res, decodeURIComponent(url.pathname.slice("/api/storage/".length)), url.searchParams.get("token"));
    if (req.method === "GET" && (url.pathname === "/" || url.pathname === "/version")) {
      res.writeHead(200, { ...CORS, "Content-Type": "text/plain" });
      return res.end("TagMyThing local Convex backend\n");
    }
    if (await d.adminRoutes(req, res, url)) return;
    return sendJson(res, 404, { code: "NotFound", message: `No route for ${req.method} ${url.pathname}` });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((e) => {
      if (e instanceof BodyTooLarge) return refuseTooLarge(res, e);
      if (e instanceof AuthError) return sendJson(res, 401, { code: e.code, message: e.message });
      if (e instanceof AdminRequired || e instanceof AdminAuthError) return sendJson(res, 401, { code: "BadAdminKey", message: e.message });
      if (e instanceof PushError) return sendJson(res, 400, { code: "PushFailed", message: e.message });
      if (e instanceof SyntaxError) return sendJson(res, 400, { code: "BadJsonBody", message: e.message });
      log(`API request failed: ${e?.stack ?? e}`);
      if (!res.headersSent) sendJson(res, 500, { code: "InternalServerError", message: "Your request couldn't be completed. Try again later." });
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on("upgrade", (req, socket, head) => {
    if (!/^\/api\/[^/]+\/sync$/.test(new URL(req.url ?? "/", "http://local").pathname)) return socket.destroy();
    void deployment.then(({ live, call, verify, checkAdmin }) =>
      wss.handleUpgrade(req, socket, head, (ws) => new Session({ ws, socket, live, call, verify, checkAdmin, log, limits })),
    );
  });
  return { server, wss };
}

/**
 * X-Forwarded-For as an HTTP action sees it on Convex, whose edge proxy stands between the
 * caller and the functions: whatever the caller sent, then the address the connection came from.
 */
function forwardedFor(req) {
  const sent = req.headers["x-forwarded-for"];
  const peer = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  return [Array.isArray(sent) ? sent.join(", ") : sent, peer].filter(Boolean).join(", ");
}

/** Serves convex/http.ts routes, as Convex does on the .convex.site origin. */
/** @param {{ deployment: Promise<Deployment>, log: (m: string) => void }} deps */
export function createSiteServer({ deployment, log }) {
  return http.createServer(async (req, res) => {
    try {
      const { host, verify, siteOrigin } = await deployment;
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req, LIMITS.httpBodyBytes);
      const headers = Object.entries(req.headers)
        .filter(([k]) => k !== "x-forwarded-for")
        .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]]));
      headers.push(["x-forwarded-for", forwardedFor(req)]);
      let identity = null;
      const header = req.headers.authorization;
      if (header?.startsWith("Bearer ")) identity = await verify(header.slice(7)).then((r) => r.identity, () => null);
      const response = await host.fetchHttp(`${siteOrigin}${req.url ?? "/"}`, { method: req.method, headers, body }, identity);
      /** @type {Record<string, string | string[]>} */
      const out = {};
      response.headers.forEach((value, key) => {
        out[key] = key in out ? `${out[key]}, ${value}` : value;
      });
      const setCookies = response.headers.getSetCookie?.() ?? [];
      if (setCookies.length) out["set-cookie"] = setCookies;
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      if (e instanceof BodyTooLarge) return refuseTooLarge(res, e);
      log(`HTTP action failed: ${e?.stack ?? e}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
}
