// Finds uses of Node-only globals in modules that run in Convex's own runtime.
// The bundler cannot see these (a global is not an import), and on Convex
// they throw only when the line runs. Convex's runtime sets up web globals and
// `process = { env }` only (get-convex/convex-backend,
// npm-packages/udf-runtime/src/setup.ts); everything below is Node's.
// ESLint's scope analysis tells a global from a local of the same name.
import { readFileSync } from "node:fs";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";

const NODE_ONLY = new Set([
  "Buffer",
  "global",
  "setImmediate",
  "clearImmediate",
  "__dirname",
  "__filename",
  "require",
  "module",
  "exports",
]);

const MENTIONS_ONE = new RegExp(`\\b(${[...NODE_ONLY, "process"].join("|")})\\b`);

const propertyName = (member) =>
  member.computed ? (member.property.type === "Literal" ? String(member.property.value) : null) : member.property.name;

// `process.env.X` is fine; `process.version`, `process.cwd()`... are undefined on Convex.
function nodeOnlyUse(identifier) {
  const { name, parent } = identifier;
  if (parent.type === "UnaryExpression" && parent.operator === "typeof") return null; // feature detection is safe
  if (NODE_ONLY.has(name)) return name;
  if (name === "process" && parent.type === "MemberExpression" && parent.object === identifier) {
    const prop = propertyName(parent);
    return prop === "env" ? null : `process.${prop ?? "[…]"}`;
  }
  if (name === "process" && parent.type === "VariableDeclarator" && parent.init === identifier && parent.id.type === "ObjectPattern") {
    const taken = parent.id.properties.map((p) => (p.type === "Property" && !p.computed ? p.key.name : "[…]"));
    const other = taken.find((key) => key !== "env");
    return other ? `process.${other}` : null; // const { env } = process is fine
  }
  if (name === "globalThis" && parent.type === "MemberExpression" && parent.object === identifier) {
    const prop = propertyName(parent);
    return NODE_ONLY.has(prop) ? `globalThis.${prop}` : null;
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    return {
      "Program:exit"(program) {
        const globalScope = context.sourceCode.getScope(program);
        // Unresolved references, plus references to globals nobody declared in code.
        const references = [...globalScope.through];
        for (const variable of globalScope.variables) if (variable.defs.length === 0) references.push(...variable.references);
        for (const reference of references) {
          if (/** @type {any} */ (reference).isValueReference === false) continue; // `x: Buffer` is only a type
          const use = nodeOnlyUse(reference.identifier);
          if (use) context.report({ node: reference.identifier, message: use });
        }
      },
    };
  },
};

/** @type {import("eslint").Linter.Config[]} */
const config = [
  {
    files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
    // An eslint-disable comment must not hide a deploy failure.
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
    languageOptions: { parser: tseslint.parser, sourceType: "module", ecmaVersion: "latest" },
    plugins: { deploy: { rules: { "node-globals": rule } } },
    rules: { "deploy/node-globals": "error" },
  },
];

/**
 * @param {string[]} files absolute paths of project modules bundled for Convex's runtime
 * @returns {{ file: string, line: number, column: number, global: string }[]}
 */
export function findNodeGlobals(files) {
  const linter = new Linter({ configType: "flat" });
  const found = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (!MENTIONS_ONE.test(source)) continue; // parsing only the files that name one keeps this fast
    for (const message of linter.verify(source, config, file)) {
      if (message.ruleId !== "deploy/node-globals" && !message.fatal) continue;
      // A fatal message is a parse error; esbuild has bundled the file, so this should not happen.
      found.push({ file, line: message.line, column: message.column, global: message.fatal ? `(parse error) ${message.message}` : message.message });
    }
  }
  return found;
}
