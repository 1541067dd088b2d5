// Which files of a convex/ folder `npx convex deploy` pushes, and in which
// runtime each runs. The rules follow the CLI's entry point selection in
// node_modules/convex/src/bundler/index.ts (entryPoints, hasUseNodeDirective,
// mustBeIsolate, determineEnvironment) of convex 1.48.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ENTRY_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];
// Modules the backend always evaluates in its own runtime, so "use node" is refused there.
const ISOLATE_ONLY = new Set(["http", "crons", "schema", "auth.config"]);

/** The directives ("use node", "use strict"...) at the top of a module. */
function directivesOf(file, source) {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const directives = [];
  for (const statement of sf.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    directives.push(statement.expression.text);
  }
  return directives;
}

function* walk(dir, rel = "") {
  const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // A folder with its own convex.config.ts is a component: the CLI deploys it separately.
      if (!existsSync(path.join(dir, relPath, "convex.config.ts"))) yield* walk(dir, relPath);
    } else if (entry.isFile()) {
      yield relPath;
    }
  }
}

function isSkipped(relPath, source) {
  const base = path.posix.basename(relPath);
  if (!ENTRY_EXTENSIONS.some((ext) => relPath.endsWith(ext))) return true;
  if (relPath.startsWith("_generated/") || base.startsWith(".") || base.startsWith("#")) return true;
  if (base === "schema.ts" || base === "schema.js") return true;
  // auth.config.ts, convex.config.ts, *.test.ts...: the CLI skips names with several dots.
  if ((base.match(/\./g) ?? []).length > 1 || relPath.includes(" ")) return true;
  // A .ts file with no import/export is not a module, so the CLI leaves it out.
  return /\.tsx?$/.test(relPath) && !/^\s{0,100}(import|export)/m.test(source);
}

/**
 * @returns {{ isolate: string[], node: string[], problems: import("../deploy-check.mjs").Problem[] }}
 *   absolute entry paths per runtime, and layout errors the CLI would stop on.
 */
export function entryPointsByRuntime(convexDir, displayPath) {
  const isolate = [];
  const node = [];
  const problems = [];
  for (const relPath of walk(convexDir)) {
    const file = path.join(convexDir, relPath);
    const shown = displayPath(file);
    if (relPath.startsWith("_deps/")) {
      problems.push({ rule: "reserved-folder", file: shown, message: `the "_deps" folder is reserved by Convex for bundled dependencies; move this file elsewhere` });
      continue;
    }
    const source = readFileSync(file, "utf8");
    if (isSkipped(relPath, source)) continue;
    const usesNode = source.includes("use node") && directivesOf(file, source).includes("use node");
    const moduleName = relPath.replace(/\.[^/.]+$/, "");
    if (usesNode && ISOLATE_ONLY.has(moduleName)) {
      problems.push({ rule: "use-node-placement", file: shown, message: `"use node" is not allowed in ${relPath}: Convex always runs it in its own runtime` });
    } else if (!usesNode && relPath.startsWith("actions/")) {
      problems.push({ rule: "use-node-placement", file: shown, message: `files in convex/actions/ must start with "use node" (the CLI refuses them otherwise)` });
    }
    (usesNode ? node : isolate).push(file);
  }
  return { isolate, node, problems };
}
