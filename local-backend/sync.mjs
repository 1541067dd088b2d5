// One WebSocket client of the Convex sync protocol (/api/<version>/sync).
// Message shapes follow convex/dist/esm/browser/sync/protocol.js: Transitions
// move the client from startVersion to endVersion (querySet, identity, ts),
// and a mutation resolves on the client once a Transition reaches its ts.
import { jsonToConvex } from "convex/values";
import { AuthError } from "./auth.mjs";
import { encodeTs, modificationText, wireVersion } from "./protocol.mjs";

const PING_MS = 15_000;
/** Live queries one connection may hold (the app needs a few dozen). */
const MAX_SUBSCRIPTIONS = Number(process.env.LOCAL_BACKEND_MAX_SUBSCRIPTIONS ?? 1_000);
/** Bytes queued for a client that does not read; past this it is disconnected. */
const MAX_QUEUED_BYTES = Number(process.env.LOCAL_BACKEND_MAX_QUEUED_BYTES ?? 32 * 1024 * 1024);
/** Queries of one ModifyQuerySet run in slices, so one client's burst cannot hold up others. */
const SLICE = 32;

class ProtocolError extends Error {}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function expect(ok, what) {
  if (!ok) throw new ProtocolError(`Malformed message: ${what}`);
}
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

export class Session {
  /**
   * @param {{ ws: import("ws").WebSocket, socket?: { cork(): void, uncork(): void } | null, live: import("./live.mjs").Live, call: (req: import("./executor.mjs").CallRequest) => Promise<import("./executor.mjs").CallResult>, verify: (t: string) => Promise<any>, checkAdmin?: (key: string, actingAs?: any) => { identity: any } | null, log: (m: string) => void, limits?: { maxSubscriptions?: number, maxQueuedBytes?: number } }} deps
   * `socket`: the connection `ws` writes to (corked while a mutation's answer and its Transition are sent).
   */
  constructor({ ws, socket = null, live, call, verify, checkAdmin = () => null, log, limits = {} }) {
    this.ws = ws;
    this.socket = socket;
    this.live = live;
    this.call = call;
    this.verify = verify;
    this.checkAdmin = checkAdmin;
    this.log = log;
    this.maxSubscriptions = limits.maxSubscriptions ?? MAX_SUBSCRIPTIONS;
    this.maxQueuedBytes = limits.maxQueuedBytes ?? MAX_QUEUED_BYTES;
    this.version = { querySet: 0, identity: 0, ts: 0n };
    this.queries = new Map();
    this.identity = null;
    this.identityKey = "";
    // An admin key's session (the CLI's): internal and system functions, components' functions.
    this.admin = false;
    this.pendingTs = 0n;
    this.closed = false;
    this.queue = Promise.resolve();
    /** Enqueued work not yet finished: with none, a refresh sends at once. */
    this.pending = 0;
    this.mutations = Promise.resolve();
    // Settles once the latest Authenticate has been applied. Mutations and actions wait for
    // the one sent before them: Convex handles a connection's messages in order, so a
    // mutation queued offline and replayed right after the reconnect's Authenticate runs
    // as the signed-in user, not as nobody.
    this.identityReady = Promise.resolve();
    this.expiryTimer = null;
    this.ping = setInterval(() => this.send({ type: "Ping" }), PING_MS);
    ws.on("message", (data) => this.onMessage(data));
    ws.on("close", () => this.close());
    ws.on("error", () => this.close());
    live.sessions.add(this);
  }

  send(message) {
    this.sendRaw(JSON.stringify(message));
  }

  /** @param {string | Buffer} text */
  sendRaw(text) {
    if (this.closed || this.ws.readyState !== 1) return;
    // A client that stops reading must not grow the server without bound.
    if (this.ws.bufferedAmount + text.length > this.maxQueuedBytes) {
      this.log(`Disconnecting a client that does not read (${this.ws.bufferedAmount} bytes queued)`);
      this.ws.terminate();
      this.close();
      return;
    }
    // Always a text frame: a browser hands a binary frame to the client as a Blob, which it cannot parse.
    this.ws.send(text, { binary: false });
  }

  /** Runs `fn` after earlier version-changing work, so Transitions stay ordered. */
  enqueue(fn) {
    this.pending += 1;
    this.queue = this.queue
      .then(() => (this.closed ? undefined : fn()))
      .catch((e) => this.fatal(e))
      .then(() => {
        this.pending -= 1;
      });
    return this.queue;
  }

  onMessage(data) {
    try {
      this.dispatch(data);
    } catch (e) {
      this.fatal(e);
    }
  }

  dispatch(data) {
    let message;
    try {
      message = JSON.parse(data.toString());
    } catch {
      throw new ProtocolError("Invalid JSON message");
    }
    expect(isObject(message) && typeof message.type === "string", "expected an object with a string `type`");
    switch (message.type) {
      case "Connect":
      case "Event":
        return;
      case "ModifyQuerySet":
        checkModifyQuerySet(message, this.queries.size, this.maxSubscriptions);
        return void this.enqueue(() => this.modifyQuerySet(message));
      case "Authenticate":
        expect(["User", "None", "Admin"].includes(message.tokenType), "Authenticate.tokenType");
        expect(Number.isInteger(message.baseVersion), "Authenticate.baseVersion");
        expect(message.tokenType !== "User" || typeof message.value === "string", "Authenticate.value");
        this.identityReady = this.enqueue(() => this.authenticate(message));
        return;
      case "Mutation":
        checkCall(message);
        {
          const ready = this.identityReady;
          this.mutations = this.mutations.then(() => ready).then(() => this.mutation(message)).catch((e) => this.fatal(e));
        }
        return;
      case "Action":
        checkCall(message);
        return void this.identityReady.then(() => this.action(message)).catch((e) => this.fatal(e));
      default:
        throw new ProtocolError(`Unknown message type ${String(message.type).slice(0, 64)}`);
    }
  }

  /**
   * Sends one Transition; `modifications` are JSON texts (shared result bodies).
   * @param {string[]} modifications
   * @param {{ querySet: number, identity: number, ts: bigint }} endVersion
   */
  transition(modifications, endVersion) {
    this.apply(this.move(modifications, endVersion));
  }

  /**
   * A Transition from this session's version to `endVersion`: its text, and that version.
   * @param {string[]} modifications
   * @param {{ querySet: number, identity: number, ts: bigint }} endVersion
   * @returns {{ text: string | Buffer, version: { querySet: number, identity: number, ts: bigint } }}
   */
  move(modifications, endVersion) {
    const text =
      `{"type":"Transition","startVersion":${JSON.stringify(wireVersion(this.version))},` +
      `"endVersion":${JSON.stringify(wireVersion(endVersion))},` +
      `"modifications":[${modifications.join(",")}],"serverTs":${Date.now()}}`;
    return { text, version: endVersion };
  }

  /** Sends a move and takes its version (never changed in place: sessions making one shared move share it). */
  apply({ text, version }) {
    this.sendRaw(text);
    this.version = version;
    if (this.pendingTs <= version.ts) this.pendingTs = 0n;
  }

  /** Subscribes query `queryId` (with this session's identity) to its shared subscription. */
  async attach(queryId, q) {
    const sub = await this.live.subscribe(this, queryId, { ...q, identity: this.identity, identityKey: this.identityKey, internal: this.admin });
    // The query may have been removed, or the identity changed, while it ran.
    if (this.queries.get(queryId) !== q || this.closed) {
      this.live.unsubscribe(this, queryId, sub);
      return null;
    }
    if (q.sub && q.sub !== sub) this.live.unsubscribe(this, queryId, q.sub);
    q.sub = sub;
    return this.changedText(queryId, q);
  }

  /** The modification for a query whose shared result moved past what this client has. */
  changedText(queryId, q) {
    if (q.sentKey === q.sub.resultKey) return null;
    q.sentKey = q.sub.resultKey;
    return modificationText(queryId, q.sub.body);
  }

  async modifyQuerySet({ newVersion, modifications }) {
    const out = [];
    const added = [];
    for (const m of modifications) {
      if (m.type === "Add") {
        const argsJson = m.args?.[0] ?? {};
        const component = this.componentOf(m.componentPath);
        const q = { udfPath: m.udfPath, component, args: jsonToConvex(argsJson), argsKey: JSON.stringify([component, argsJson]), journal: m.journal ?? null, sub: null, sentKey: null };
        this.detach(m.queryId);
        this.queries.set(m.queryId, q);
        added.push([m.queryId, q]);
      } else if (m.type === "Remove") {
        this.detach(m.queryId);
        out.push(JSON.stringify({ type: "QueryRemoved", queryId: m.queryId }));
      }
    }
    for (let i = 0; i < added.length; i += SLICE) {
      if (i > 0) await yieldToOthers();
      const results = await Promise.all(added.slice(i, i + SLICE).map(([id, q]) => this.attach(id, q)));
      for (const r of results) if (r) out.push(r);
    }
    this.transition(out, { ...this.version, querySet: newVersion });
  }

  detach(queryId) {
    const q = this.queries.get(queryId);
    if (q?.sub) this.live.unsubscribe(this, queryId, q.sub);
    this.queries.delete(queryId);
  }

  async authenticate(message) {
    if (message.tokenType === "User") {
      try {
        const { identity, expiresAt } = await this.verify(message.value);
        this.setIdentity(identity, expiresAt);
      } catch (e) {
        if (!(e instanceof AuthError)) throw e;
        return this.authError(e.message, true);
      }
    } else if (message.tokenType === "None") {
      this.setIdentity(null, null);
    } else {
      let admin;
      try {
        admin = this.checkAdmin(String(message.value ?? ""), message.actingAs ?? message.impersonating);
      } catch (e) {
        return this.authError(e?.message ?? String(e), true);
      }
      if (!admin) return this.authError("The admin key is not valid for this deployment", true);
      this.setIdentity(admin.identity, null, true);
    }
    const results = await Promise.all([...this.queries].map(([id, q]) => this.attach(id, q)));
    this.transition(results.filter(Boolean), { ...this.version, identity: message.baseVersion + 1 });
  }

  /** A component's function is named by an admin only (the CLI's `--component`). */
  componentOf(componentPath) {
    return this.admin && typeof componentPath === "string" ? componentPath : "";
  }

  setIdentity(identity, expiresAt, admin = false) {
    this.identity = identity;
    this.admin = admin;
    this.identityKey = `${admin ? "admin:" : ""}${identity ? JSON.stringify(identity) : ""}`;
    clearTimeout(this.expiryTimer);
    this.expiresAt = expiresAt;
    if (expiresAt !== null) {
      this.expiryTimer = setTimeout(() => this.checkExpiry(), Math.max(0, expiresAt - Date.now()) + 50);
      this.expiryTimer.unref?.();
    }
  }

  /** Convex answers with AuthError (authUpdateAttempted: false) once the token has expired. */
  checkExpiry() {
    if (this.identity === null || this.expiresAt === null || Date.now() < this.expiresAt) return false;
    this.authError("Convex token identity expired", false);
    return true;
  }

  authError(error, authUpdateAttempted) {
    this.send({ type: "AuthError", error, baseVersion: this.version.identity, authUpdateAttempted });
    this.closeSocket();
  }

  async mutation({ requestId, udfPath, args, componentPath }) {
    if (this.closed || this.checkExpiry()) return;
    const result = await this.call({ kind: "mutation", path: udfPath, args: jsonToConvex(args?.[0] ?? {}), identity: this.identity, internal: this.admin, component: this.componentOf(componentPath) });
    if (!result.ok) {
      const response = { type: "MutationResponse", requestId, success: false, result: result.message, ts: null, logLines: result.logLines };
      if (result.data !== undefined) response.errorData = result.data;
      return this.send(response);
    }
    const ts = result.commitTs ?? this.live.lastTs;
    // The answer and the Transition that follows it (sent in this turn's microtasks when the
    // session's queries are up to date) leave in one write: one send on the loopback instead
    // of two, and the client reads both at once.
    this.socket?.cork();
    process.nextTick(() => this.socket?.uncork());
    // The value's JSON as the function returned it, spliced in (not parsed and serialised again).
    this.sendRaw(`{"type":"MutationResponse","requestId":${requestId},"success":true,"result":${result.json ?? JSON.stringify(result.value)},"ts":"${encodeTs(ts)}","logLines":${JSON.stringify(result.logLines)}}`);
    if (ts > this.pendingTs) this.pendingTs = ts;
    // The client resolves the mutation on the first Transition at or past ts: sent now when its
    // queries are up to date (its own write's results were released when it became durable),
    // else by the flush that brings them there.
    this.live.owe(this);
    void this.refresh();
  }

  async action({ requestId, udfPath, args, componentPath }) {
    if (this.closed || this.checkExpiry()) return;
    const result = await this.call({ kind: "action", path: udfPath, args: jsonToConvex(args?.[0] ?? {}), identity: this.identity, internal: this.admin, component: this.componentOf(componentPath) });
    const response = { type: "ActionResponse", requestId, success: result.ok, result: result.ok ? result.value : result.message, logLines: result.logLines };
    if (!result.ok && result.data !== undefined) response.errorData = result.data;
    this.send(response);
  }

  /**
   * Called by a Live flush once this session's re-run subscriptions are done:
   * pushes one Transition with what changed. While any of its subscriptions
   * is still stale or running, a later flush will do it, so a Transition's ts
   * never claims a result that does not reflect it.
   */
  refresh() {
    if (this.pending > 0) return this.enqueue(() => this.sendRefresh());
    // Nothing is queued before it: sent now, not a promise turn later (a flush reaching 500
    // sessions starts writing at once instead of after queueing 500 promise chains).
    if (!this.closed) {
      try {
        this.sendRefresh();
      } catch (e) {
        this.fatal(e);
      }
    }
    return undefined;
  }

  /** The refresh itself: one Transition with what changed, if anything did (or a mutation is owed one). */
  sendRefresh() {
    if (!this.upToDate()) return;
    /** @type {[number, string][]} */
    const changed = [];
    // What the text depends on: the versions, and each changed query's id and result (a
    // subscription is one function, arguments and identity; its version, one result).
    let key = versionKey(this.version);
    for (const [id, q] of this.queries) {
      if (q.sentKey === q.sub.resultKey) continue;
      q.sentKey = q.sub.resultKey;
      changed.push([id, q.sub.body]);
      key += `,${id}:${q.sub.serial}@${q.sub.version}`;
    }
    const ts = this.live.lastTs > this.version.ts ? this.live.lastTs : this.version.ts;
    const owesTs = this.pendingTs !== 0n && this.pendingTs <= ts;
    if (changed.length > 0 || owesTs) {
      // Every session making the same move shares its text (encoded once) and its end version.
      key += ts === this.version.ts ? ">=" : `>${this.live.lastTsKey()}`;
      this.apply(this.live.sharedMove(key, () => this.move(changed.map(([id, body]) => modificationText(id, body)), { ...this.version, ts })));
    }
  }

  /** Every query has a result that is current and may be sent (none stale, running or held). */
  upToDate() {
    for (const q of this.queries.values()) if (!q.sub || !sendable(q.sub)) return false;
    return true;
  }

  /**
   * `refresh()`, unless one of its subscriptions has a result still to come (stale, running or
   * held): the flush that brings it refreshes this session, so nothing is queued now. A query
   * still being added (no subscription yet) does not count: the refresh runs after it.
   */
  refreshIfReady() {
    for (const q of this.queries.values()) if (q.sub && !sendable(q.sub)) return undefined;
    return this.refresh();
  }

  fatal(e) {
    if (this.closed) return;
    this.log(e instanceof ProtocolError ? `Closing a connection: ${e.message}` : `Sync session error: ${e?.stack ?? e}`);
    this.send({ type: "FatalError", error: String(e?.message ?? e) });
    this.closeSocket();
  }

  closeSocket() {
    try {
      this.ws.close();
    } catch {
      // already closed
    }
    this.close();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ping);
    clearTimeout(this.expiryTimer);
    for (const id of [...this.queries.keys()]) this.detach(id);
    this.live.sessions.delete(this);
  }
}

/** A version's part of a shared move's key, built once per version object (shared moves share theirs). */
const versionKeys = new WeakMap();
function versionKey(v) {
  let key = versionKeys.get(v);
  if (key === undefined) versionKeys.set(v, (key = `${v.querySet}/${v.identity}/${v.ts}`));
  return key;
}

/** A subscription whose result is current and may be sent. */
const sendable = (sub) => !sub.stale && !sub.running && !sub.held;

function checkModifyQuerySet(message, current, max) {
  expect(Number.isInteger(message.baseVersion) && Number.isInteger(message.newVersion), "ModifyQuerySet versions");
  expect(Array.isArray(message.modifications), "ModifyQuerySet.modifications");
  let adds = 0;
  for (const m of message.modifications) {
    expect(isObject(m) && Number.isInteger(m.queryId), "query modification");
    if (m.type === "Add") {
      expect(typeof m.udfPath === "string" && m.udfPath.length < 1024, "Add.udfPath");
      expect(Array.isArray(m.args) && m.args.length <= 1 && (m.args.length === 0 || isObject(m.args[0])), "Add.args");
      expect(m.journal === undefined || m.journal === null || typeof m.journal === "string", "Add.journal");
      adds += 1;
    } else {
      expect(m.type === "Remove", "modification type");
    }
  }
  if (current + adds > max) {
    throw new ProtocolError(`Too many subscriptions on one connection (limit ${max})`);
  }
}

function checkCall(message) {
  expect(Number.isInteger(message.requestId), `${message.type}.requestId`);
  expect(typeof message.udfPath === "string" && message.udfPath.length < 1024, `${message.type}.udfPath`);
  expect(Array.isArray(message.args) && message.args.length <= 1 && (message.args.length === 0 || isObject(message.args[0])), `${message.type}.args`);
}
