// Snapshot export and import, as `npx convex export` / `npx convex import`
// drive them (convex/dist/esm/cli/lib/convexExport.js, convexImport.js):
// an export reads one LMDB snapshot (the server keeps serving and committing
// meanwhile) into Convex's snapshot ZIP (snapshot-format.mjs); an import
// restores one with every document's id and creation time unchanged, so
// references between documents (and to stored files) still hold.
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { convexToJson } from "convex/values";
import { Zip, ZipDeflate, unzipSync } from "fflate";
import { README, componentPrefix, exportJson, readSnapshot } from "./snapshot-format.mjs";
import { sha256Base64 } from "./syscalls.mjs";
import { readTable } from "./system-functions.mjs";

/** Documents written per import transaction (and read between yields on export). */
const BATCH = 2000;
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/** User tables by component path ("" for the app's): stored name and the name in the ZIP. */
function namespaces(db) {
  const out = new Map([["", []]]);
  for (const stored of db.tables.keys()) {
    if (stored.startsWith("_")) continue;
    const colon = stored.lastIndexOf(":");
    const componentPath = colon === -1 ? "" : stored.slice(0, colon);
    if (!out.has(componentPath)) out.set(componentPath, []);
    out.get(componentPath).push({ stored, name: colon === -1 ? stored : stored.slice(colon + 1), number: db.tables.get(stored) });
  }
  return out;
}

/**
 * Writes a snapshot ZIP of the database as of now to `file`, reading one snapshot while
 * commits go on. Stored files are kept (not deleted) until it is done.
 * @param {{ db: any, blobs: any }} host
 * @returns {Promise<{ ts: bigint, documents: number }>}
 */
export async function writeSnapshot({ db, blobs }, file, { includeStorage }) {
  const txn = db.snapshot();
  const ts = db.lastTs;
  const release = blobs.hold();
  const tmp = `${file}.tmp`;
  const out = createWriteStream(tmp, { mode: 0o600 });
  const done = new Promise((resolve, reject) => {
    out.on("finish", () => resolve(undefined));
    out.on("error", reject);
  });
  let failed = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else out.write(chunk);
    if (final || err) out.end();
  });
  const addFile = (name, contents) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(typeof contents === "string" ? new TextEncoder().encode(contents) : contents, true);
  };
  let documents = 0;
  try {
    addFile("README.md", README);
    for (const [componentPath, tables] of namespaces(db)) {
      const prefix = componentPrefix(componentPath);
      addFile(`${prefix}_tables/documents.jsonl`, tables.sort((a, b) => a.number - b.number).map((t) => `${JSON.stringify({ name: t.name, id: t.number })}\n`).join(""));
      for (const t of tables) {
        const entry = new ZipDeflate(`${prefix}${t.name}/documents.jsonl`, { level: 6 });
        zip.add(entry);
        let after = null;
        for (;;) {
          const page = readTable(db, t.stored, { after, limit: BATCH, txn });
          if (page.docs.length) entry.push(new TextEncoder().encode(page.docs.map((d) => `${exportJson(d)}\n`).join("")));
          documents += page.docs.length;
          after = page.lastKey;
          if (page.done) break;
          await yieldToOthers();
        }
        entry.push(new Uint8Array(0), true);
        addFile(`${prefix}${t.name}/generated_schema.jsonl`, `${JSON.stringify("uniform")}\n`);
      }
    }
    if (includeStorage) {
      const { docs } = readTable(db, "_storage", { txn });
      addFile(
        "_storage/documents.jsonl",
        docs.map((d) => `${JSON.stringify({ _id: d._id, _creationTime: d._creationTime, sha256: d.sha256, size: d.size, ...(d.contentType ? { contentType: d.contentType } : {}) })}\n`).join(""),
      );
      for (const d of docs) {
        const bytes = blobs.read(d._id);
        if (!bytes) throw new Error(`The file ${d._id} is missing from the data directory's blobs/`);
        addFile(`_storage/${d._id}`, bytes);
        await yieldToOthers();
      }
    }
    zip.end();
    await done;
    if (failed) throw failed;
    renameSync(tmp, file);
    return { ts, documents };
  } catch (e) {
    zip.terminate();
    out.destroy();
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    txn.done();
    release();
  }
}

/**
 * Export and import jobs for the CLI's endpoints.
 * @param {{ dataDir: string, host: any, log: (m: string) => void }} deps
 */
export function createSnapshots({ dataDir, host, log }) {
  /** Told when an export's or import's state changes (the CLI follows them through subscriptions). */
  const listeners = [];
  const onChange = () => {
    for (const listener of listeners) listener();
  };
  const exportsDir = path.join(dataDir, "exports");
  const importsDir = path.join(dataDir, "imports");
  let latest = null;
  const imports = new Map();

  function setLatest(state) {
    latest = state;
    onChange();
  }

  const exportRunning = () => latest?.state === "requested" || latest?.state === "in_progress";

  async function requestExport({ includeStorage }) {
    mkdirSync(exportsDir, { recursive: true, mode: 0o700 });
    const requested = BigInt(Date.now()) * 1_000_000n;
    setLatest({ state: "in_progress", requested_ts: requested, progress_message: "Exporting" });
    // Answered now; the CLI follows the state through _system/cli/exports:getLatest.
    void (async () => {
      try {
        const startTs = host.db.lastTs > requested ? host.db.lastTs : requested;
        const file = path.join(exportsDir, `snapshot_${startTs}.zip`);
        await writeSnapshot(host, file, { includeStorage });
        for (const f of readdirSync(exportsDir)) if (f !== path.basename(file)) rmSync(path.join(exportsDir, f), { force: true });
        setLatest({ state: "completed", start_ts: startTs, complete_ts: BigInt(Date.now()) * 1_000_000n });
      } catch (e) {
        log(`Snapshot export failed: ${e?.stack ?? e}`);
        setLatest({ state: "failed", failure_reason: String(e?.message ?? e) });
      }
    })();
    return {};
  }

  function download(res, ts) {
    const file = path.join(exportsDir, `snapshot_${ts}.zip`);
    if (!/^\d+$/.test(ts) || !existsSync(file)) {
      res.writeHead(404, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ code: "NotFound", message: `No snapshot export at ${ts}` }));
    }
    res.writeHead(200, { "Content-Type": "application/zip", "Content-Length": statSync(file).size, "Content-Disposition": `attachment; filename="snapshot_${ts}.zip"` });
    createReadStream(file).pipe(res);
  }

  const uploadDir = (token) => {
    if (!/^[0-9a-f]{32}$/.test(String(token))) throw new Error("Invalid upload token");
    return path.join(importsDir, token);
  };

  function startUpload() {
    const uploadToken = randomBytes(16).toString("hex");
    mkdirSync(uploadDir(uploadToken), { recursive: true, mode: 0o700 });
    return { uploadToken };
  }

  async function uploadPart(token, partNumber, bytes) {
    const dir = uploadDir(token);
    if (!existsSync(dir) || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new Error("Invalid upload part");
    writeFileSync(path.join(dir, String(partNumber)), bytes, { mode: 0o600 });
    return String(partNumber);
  }

  const importState = (id) => {
    const job = imports.get(id);
    return job ? convexToJson({ _id: id, state: job.state }) : null;
  };

  function setState(job, state) {
    job.state = state;
    onChange();
  }

  async function finishUpload({ import: args, uploadToken, partTokens }) {
    const dir = uploadDir(uploadToken);
    const parts = (partTokens ?? []).map((p) => readFileSync(path.join(dir, String(Number(p)))));
    rmSync(dir, { recursive: true, force: true });
    const importId = randomBytes(12).toString("hex");
    const job = { state: { state: "uploaded" }, plan: null };
    imports.set(importId, job);
    try {
      if (args?.format !== "zip") throw new Error(`Import format ${args?.format} is not supported by this backend: use a snapshot ZIP (npx convex export)`);
      const snapshot = readSnapshot(unzipSync(Buffer.concat(parts)));
      job.plan = plan(snapshot, args);
      const message = job.plan.replacing.length ? `Import change summary:\n${job.plan.replacing.map((t) => `  ${t.name}: replace ${t.existing} document(s) with ${t.incoming}`).join("\n")}` : "";
      setState(job, { state: "waiting_for_confirmation", message_to_confirm: message, require_manual_confirmation: job.plan.replacing.length > 0 });
    } catch (e) {
      setState(job, { state: "failed", error_message: String(e?.message ?? e) });
    }
    return { importId };
  }

  /** What an import will write, checked against the mode before anything is written. */
  function plan(snapshot, args) {
    const db = host.db;
    const mode = args.mode ?? "requireEmpty";
    const base = args.componentPath ?? "";
    const tables = [];
    const replacing = [];
    for (const [componentPath, ns] of snapshot) {
      const full = [base, componentPath].filter(Boolean).join("/");
      for (const [name, docs] of ns.tables) {
        const stored = full ? `${full}:${name}` : name;
        const existing = db.tables.has(stored) ? db.count(stored) : 0;
        if (existing > 0 && mode === "requireEmpty") throw new Error(`Table "${name}"${full ? ` in component ${full}` : ""} has ${existing} document(s); import into empty tables, or pass --replace or --append`);
        if (existing > 0 && mode !== "append") replacing.push({ name: stored, existing, incoming: docs.length });
        tables.push({ stored, number: ns.tableNumbers.get(name) ?? null, docs, replace: mode !== "append" });
      }
    }
    const storage = snapshot.get("")?.storage ?? [];
    const storedFiles = db.count("_storage");
    if (storage.length && storedFiles > 0) {
      if (mode === "requireEmpty") throw new Error(`This deployment already stores ${storedFiles} file(s); import into an empty one, or pass --replace or --append`);
      if (mode !== "append") replacing.push({ name: "_storage", existing: storedFiles, incoming: storage.length });
    }
    for (const meta of storage) if (!snapshot.get("")?.files.has(meta._id)) throw new Error(`The snapshot lists file ${meta._id} but does not contain it`);
    return { tables, storage, files: snapshot.get("")?.files ?? new Map(), replaceStorage: mode !== "append", replacing };
  }

  async function performImport({ importId }) {
    const job = imports.get(importId);
    if (!job?.plan || job.state.state !== "waiting_for_confirmation") throw new Error("No import waiting for confirmation with this id");
    setState(job, { state: "in_progress", progress_message: "Importing", checkpoint_messages: [] });
    void runImport(job).then(
      (written) => setState(job, { state: "completed", num_rows_written: BigInt(written) }),
      (e) => {
        log(`Snapshot import failed: ${e?.stack ?? e}`);
        setState(job, { state: "failed", error_message: String(e?.message ?? e) });
      },
    );
    return {};
  }

  async function runImport(job) {
    const h = host;
    const { db } = host;
    for (const t of job.plan.tables) {
      if (t.number === null) continue;
      const why = db.claimTableNumber(t.stored, t.number);
      if (why) throw new Error(`Cannot keep the ids of table ${t.stored}: ${why}`);
    }
    let written = 0;
    for (const t of job.plan.tables) {
      if (t.replace) await clearTable(h, t.stored);
      for (let i = 0; i < t.docs.length; i += BATCH) {
        const batch = t.docs.slice(i, i + BATCH);
        await h.runTransaction(async (tx) => {
          for (const doc of batch) {
            if (typeof doc._id !== "string" || db.tableOfId(doc._id) !== t.stored) throw new Error(`Document ${JSON.stringify(doc._id)} in ${t.stored} does not have an id of that table`);
            if (typeof doc._creationTime !== "number") throw new Error(`Document ${doc._id} in ${t.stored} has no _creationTime`);
            tx.write(doc._id, t.stored, doc);
            if (doc._creationTime > db.lastCreationTime) db.lastCreationTime = doc._creationTime;
          }
        });
        written += batch.length;
        await yieldToOthers();
      }
    }
    const { storage, files } = job.plan;
    if (storage.length && job.plan.replaceStorage) await clearTable(h, "_storage");
    for (let i = 0; i < storage.length; i += BATCH) {
      const batch = storage.slice(i, i + BATCH);
      // Each file is on disk before its `_storage` document commits, as an upload's is.
      for (const meta of batch) {
        if (db.tableOfId(meta._id) !== "_storage") throw new Error(`${JSON.stringify(meta._id)} is not a storage id`);
        h.blobs.write(meta._id, files.get(meta._id));
      }
      await h.runTransaction(async (tx) => {
        for (const meta of batch) {
          const bytes = files.get(meta._id);
          const doc = { _id: meta._id, _creationTime: Number(meta._creationTime), sha256: meta.sha256 ?? sha256Base64(bytes), size: bytes.length, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
          tx.write(meta._id, "_storage", doc);
        }
      });
      written += batch.length;
    }
    return written;
  }

  /** Deletes a table's documents (an import with --replace). */
  async function clearTable(h, stored) {
    for (;;) {
      const txn = h.db.snapshot();
      let docs;
      try {
        ({ docs } = readTable(h.db, stored, { limit: BATCH, txn }));
      } finally {
        txn.done();
      }
      if (docs.length === 0) return;
      await h.runTransaction(async (tx) => {
        for (const d of docs) tx.write(d._id, stored, null);
      });
      if (stored === "_storage") for (const d of docs) h.blobs.delete(d._id);
    }
  }

  return {
    exportRunning,
    requestExport,
    download,
    latestExport: () => (latest ? convexToJson(latest) : null),
    startUpload,
    uploadPart,
    finishUpload,
    performImport,
    importState,
    imports: () => [...imports.keys()].map(importState),
    /** @param {() => void} listener */
    onChange: (listener) => listeners.push(listener),
  };
}
