#!/usr/bin/env node
// Deploy check: would `npx convex deploy` accept this convex/ folder, and would
// its modules load in Convex's runtime? The local backend runs functions in
// Node, so Node-only code and schema mistakes only show up on Convex. This
// bundles the folder as the Convex CLI does and fails on
//   - a non-"use node" module that reaches a Node built-in (node:fs, crypto...),
//   - a Node-only global (Buffer, process.version, setImmediate, require...) in
//     the project's own modules bundled for Convex's runtime (not in packages:
//     they feature-detect, `typeof Buffer < "u" ? Buffer.from(x) : ...`, which a
//     static check cannot tell from a real use),
//   - a schema that breaks Convex's rules (names, reserved names, index limits).
// Usage: node scripts/deploy-check.mjs [convexDir]   (npm run check:deploy)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { entryPointsByRuntime } from "./deploy-check/entry-points.mjs";
import { bundleLikeConvexCli } from "../local-backend/cli-bundle.mjs";
import { findNodeGlobals } from "./deploy-check/node-globals.mjs";
import { exportSchema, schemaProblems } from "./deploy-check/schema-rules.mjs";

/**
 * @typedef {object} Problem
 * @property {string} rule "node-builtin", "node-global", "use-node-placement", "bundle", "reserved-folder" or "schema:<Convex error code>".
 * @property {string} file Path relative to the working directory.
 * @property {number} [line]
 * @property {number} [column]
 * @property {string} message
 */

const RUNTIMES_DOC = "https://docs.convex.dev/functions/runtimes";
const MODULE_FILE = /\.(m?[jt]s|c[jt]s|[jt]sx)$/;

const shown = (file) => path.relative(process.cwd(), path.resolve(file)).split(path.sep).join("/");

// esbuild's resolve hook does not say where the import is; the quoted specifier does.
function firstLineMentioning(file, specifier) {
  const lines = readFileSync(file, "utf8").split("\n");
  const index = lines.findIndex((line) => line.includes(`"${specifier}"`) || line.includes(`'${specifier}'`));
  return index >= 0 ? index + 1 : undefined;
}

// How another module reaches `target`: the shortest import chain from an entry
// point (breadth-first over esbuild's metafile), or [] when nothing imports it.
function importChain(metafile, entries, target) {
  const parent = new Map();
  const queue = entries.filter((entry) => entry !== target && metafile.inputs[entry]);
  for (const entry of queue) parent.set(entry, null);
  while (queue.length && !parent.has(target)) {
    const current = queue.shift();
    for (const { path: next, external } of metafile.inputs[current].imports) {
      if (!external && !parent.has(next)) {
        parent.set(next, current);
        queue.push(next);
      }
    }
  }
  if (!parent.has(target)) return [];
  const chain = [];
  for (let at = target; at; at = parent.get(at)) chain.unshift(at);
  return chain;
}

/**
 * @param {{ convexDir?: string }} [options]
 * @returns {Promise<{ problems: Problem[], summary: string }>}
 */
export async function checkDeploy({ convexDir = "convex" } = {}) {
  const dir = path.resolve(convexDir);
  const { isolate, node, problems } = entryPointsByRuntime(dir, shown);
  const existing = (name) => [".ts", ".js"].map((ext) => path.join(dir, name + ext)).find(existsSync);
  const schemaFile = existing("schema");
  // The CLI bundles these on their own, but Convex evaluates them in its runtime too.
  const isolateEntries = [...isolate, schemaFile, existing("auth.config"), existing("convex.config")].filter(Boolean);

  const bundled = await bundleLikeConvexCli({ entryPoints: isolateEntries, outbase: dir, platform: "browser" });
  const nodeBundle = await bundleLikeConvexCli({ entryPoints: node, outbase: dir, platform: "node" });
  for (const error of [...bundled.errors, ...nodeBundle.errors]) {
    const where = error.location;
    problems.push({ rule: "bundle", file: where ? shown(where.file) : shown(dir), line: where?.line, column: where?.column, message: `esbuild cannot bundle it as the Convex CLI does: ${error.text}` });
  }

  const metafile = bundled.metafile;
  const entryKeys = isolateEntries.map(shown);
  for (const { importer, specifier } of bundled.builtins) {
    const chain = metafile ? importChain(metafile, entryKeys, shown(importer)) : [];
    const via = chain.length ? ` (reached through ${chain.join(" → ")})` : "";
    problems.push({
      rule: "node-builtin",
      file: shown(importer),
      line: firstLineMentioning(importer, specifier),
      message: `imports the Node built-in "${specifier}"${via}, which Convex's runtime does not have. Use a web API, or move the code to a file that starts with "use node" and holds only actions (${RUNTIMES_DOC}).`,
    });
  }

  const projectModules = Object.keys(metafile?.inputs ?? {}).filter((input) => MODULE_FILE.test(input) && !input.includes("node_modules/") && !input.includes(":"));
  for (const use of findNodeGlobals(projectModules.map((input) => path.resolve(input)))) {
    problems.push({
      rule: "node-global",
      file: shown(use.file),
      line: use.line,
      column: use.column,
      message: `uses ${use.global}, which exists only in Node: Convex's runtime has web globals and process.env only. Use a web API (Uint8Array, TextEncoder, crypto.subtle, setTimeout...) or "use node" (${RUNTIMES_DOC}).`,
    });
  }

  let tables = 0;
  if (schemaFile) {
    const exported = await exportSchema(schemaFile);
    if ("error" in exported) {
      problems.push({ rule: "schema:evaluation", file: shown(schemaFile), message: `the schema does not load as Convex evaluates it: ${exported.error}` });
    } else {
      tables = exported.json.tables.length;
      for (const problem of schemaProblems(exported.json)) problems.push({ ...problem, file: shown(schemaFile) });
    }
  }

  const summary = `${shown(dir)}: ${isolate.length} modules for Convex's runtime, ${node.length} "use node", ${projectModules.length} project files scanned, ${schemaFile ? `${tables} tables` : "no schema"}`;
  // esbuild resolves in parallel: order by place so reports (and tests) are stable.
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  return { problems, summary };
}

/** @param {Problem} problem */
export function formatProblem({ file, line, column, rule, message }) {
  const at = line ? `${file}:${line}${column ? `:${column}` : ""}` : file;
  return `${at}  [${rule}]  ${message}`;
}

async function main(argv) {
  const started = performance.now();
  const { problems, summary } = await checkDeploy({ convexDir: argv[0] ?? "convex" });
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (problems.length === 0) {
    console.log(`deploy check passed (${summary}; ${took})`);
    return 0;
  }
  console.error(problems.map(formatProblem).join("\n"));
  console.error(`\ndeploy check failed: ${problems.length} problem(s) that \`npx convex deploy\` or Convex's runtime would hit (${summary}; ${took})`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
