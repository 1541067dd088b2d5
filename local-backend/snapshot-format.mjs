// Convex's snapshot ZIP, as `npx convex export` downloads it and `npx convex
// import` reads it (get-convex/convex-backend crates/exports: zip_uploader.rs,
// export_storage.rs, lib.rs; crates/value/src/export.rs):
//   README.md
//   [_components/<name>/...]_tables/documents.jsonl   {"name", "id"} per table (its number)
//   [...]<table>/documents.jsonl                      one document per line, lossless JSON
//   [...]<table>/generated_schema.jsonl               "uniform"
//   _storage/documents.jsonl                          {_id, _creationTime, sha256, size, contentType}
//   _storage/<storage id>                             the file's bytes
// Lossless JSON (ConvexExportJSON): an int64 is a JSON integer, a float64 a number with a
// fraction or exponent ("1.0"), non-finite floats {"$float"}, bytes {"$bytes"}.
import { convexToJson, jsonToConvex } from "convex/values";

export const README = `# Welcome to your Convex snapshot export!

This ZIP file contains a snapshot of the tables in your Convex deployment.

Documents for each table are listed as lines of JSON in
<table_name>/documents.jsonl files.

For details on the format and how to use this snapshot with npx convex import,
check out [the docs](https://docs.convex.dev/database/import-export/export) or
ask us in [Discord](http://convex.dev/community).
`;

/** The folder prefix of a component's tables ("" for the app's). */
export const componentPrefix = (componentPath) => (componentPath ? componentPath.split("/").map((name) => `_components/${name}/`).join("") : "");

/** A Convex value as one line of lossless export JSON. */
export function exportJson(value) {
  if (value === null) return "null";
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "number": {
      if (!Number.isFinite(value)) return JSON.stringify(convexToJson(value));
      if (Object.is(value, -0)) return "-0.0";
      const text = JSON.stringify(value);
      return /^-?\d+$/.test(text) ? `${text}.0` : text;
    }
    case "boolean":
    case "string":
      return JSON.stringify(value);
    default:
      break;
  }
  if (value instanceof ArrayBuffer) return JSON.stringify(convexToJson(value));
  if (Array.isArray(value)) return `[${value.map(exportJson).join(",")}]`;
  const fields = [];
  for (const [k, v] of Object.entries(value)) if (v !== undefined) fields.push(`${JSON.stringify(k)}:${exportJson(v)}`);
  return `{${fields.join(",")}}`;
}

// A JSON string or a number, whichever starts first: integers (no fraction, no exponent)
// are found outside strings only, since a string is always matched from its opening quote.
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][+-]?\d+)?/g;
const INT_MARK = "$localBackendInt64";

/** Parses one line of lossless export JSON into a Convex value. */
function importJson(line) {
  const marked = line.replace(TOKENS, (token, fraction, exponent) =>
    token.startsWith('"') || fraction !== undefined || exponent !== undefined ? token : `{${JSON.stringify(INT_MARK)}:"${token}"}`,
  );
  return revive(JSON.parse(marked));
}

function revive(json) {
  if (json === null || typeof json !== "object") return json;
  if (Array.isArray(json)) return json.map(revive);
  const keys = Object.keys(json);
  if (keys.length === 1 && keys[0] === INT_MARK) return BigInt(json[INT_MARK]);
  if (keys.length === 1 && (keys[0] === "$bytes" || keys[0] === "$float")) return jsonToConvex(json);
  const out = {};
  for (const k of keys) out[k] = revive(json[k]);
  return out;
}

/**
 * The tables of a snapshot ZIP's entries (name -> bytes), grouped by component.
 * @param {Record<string, Uint8Array>} entries
 * @returns {Map<string, { tableNumbers: Map<string, number>, tables: Map<string, any[]>, storage: any[], files: Map<string, Uint8Array> }>} componentPath -> contents
 */
export function readSnapshot(entries) {
  const decoder = new TextDecoder();
  const lines = (bytes) => decoder.decode(bytes).split("\n").filter((l) => l.trim() !== "");
  const out = new Map();
  const namespace = (componentPath) => {
    let ns = out.get(componentPath);
    if (!ns) out.set(componentPath, (ns = { tableNumbers: new Map(), tables: new Map(), storage: [], files: new Map() }));
    return ns;
  };
  for (const [name, bytes] of Object.entries(entries)) {
    const parts = name.split("/");
    const components = [];
    while (parts[0] === "_components" && parts.length > 2) {
      components.push(parts[1]);
      parts.splice(0, 2);
    }
    if (parts.length !== 2) continue;
    const [table, file] = parts;
    const ns = namespace(components.join("/"));
    if (table === "_tables" && file === "documents.jsonl") {
      for (const l of lines(bytes)) {
        const { name: tableName, id } = JSON.parse(l);
        ns.tableNumbers.set(tableName, Number(id));
      }
    } else if (table === "_storage" && file === "documents.jsonl") {
      ns.storage.push(...lines(bytes).map((l) => JSON.parse(l)));
    } else if (table === "_storage") {
      // Named by storage id, with an extension Convex guesses from the content type.
      ns.files.set(file.replace(/\.[^.]*$/, ""), bytes);
    } else if (!table.startsWith("_") && file === "documents.jsonl") {
      ns.tables.set(table, lines(bytes).map(importJson));
    } else if (!table.startsWith("_") && file === "generated_schema.jsonl") {
      if (!ns.tables.has(table)) ns.tables.set(table, []);
    }
  }
  return out;
}
