import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import convexPlugin from "@convex-dev/eslint-plugin";
import boundaries from "eslint-plugin-boundaries";
import checkFile from "eslint-plugin-check-file";
import globals from "globals";

// The layers of src/ (ARCHITECTURE.md): app → features → lib → ui. ui is pure presentation;
// lib, features and app may read the shared, pure part of the server (convex/lib, convex/_generated). A feature never imports
// another feature: what two features need lives in src/ui or src/lib.
const layers = {
  "boundaries/elements": [
    { type: "app", pattern: "src/app" },
    { type: "feature", pattern: "src/features/*", capture: ["name"] },
    { type: "ui", pattern: "src/ui" },
    { type: "lib", pattern: "src/lib" },
    { type: "server-shared", pattern: ["convex/lib", "convex/_generated"] },
    { type: "server", pattern: "convex" },
  ],
  "boundaries/include": ["src/**/*", "convex/**/*"],
  "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
};
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ["dist", "node_modules", "convex/_generated", "tests/local-backend/fixture/convex/_generated", ".local-backend", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Render user content as text." },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
    plugins: { boundaries },
    settings: layers,
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          checkAllOrigins: false,
          policies: [
            allow("app", ["app", "feature", "ui", "lib", "server-shared"]),
            {
              from: { element: { type: "feature" } },
              allow: { to: { element: { type: "feature", captured: { name: "{{ from.element.captured.name }}" } } } },
            },
            allow("feature", ["ui", "lib", "server-shared"]),
            allow("ui", ["ui"]),
            allow("lib", ["lib", "ui", "server-shared"]),
            allow("server-shared", ["server-shared"]),
            allow("server", ["server", "server-shared"]),
          ],
        },
      ],
    },
  },
  {
    // One naming convention: a React component's file is named after it (PascalCase.tsx),
    // every other module is camelCase (Convex turns convex/ file names into API paths);
    // tests, benchmarks and scripts are kebab-case. main.tsx and routes.tsx are entry points.
    files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/!(main|routes).tsx": "PASCAL_CASE", "**/*.ts": "CAMEL_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "**/": "CAMEL_CASE" }],
    },
  },
  {
    // Mutations are built in convex/lib/writes.ts (through access.ts for public ones), so
    // every write passes the table triggers registered there (aggregates, counts).
    files: ["convex/**/*.ts"],
    ignores: ["convex/lib/writes.ts", "convex/_generated/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/_generated/server"],
              importNames: ["mutation", "internalMutation"],
              message: "Build mutations with convex/lib/writes.ts (internal) or lib/access.ts (public), so table triggers run.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.{ts,tsx}", "bench/**/*.{ts,mjs,mts}", "local-backend/**/*.{ts,mjs,mts}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "**/": "KEBAB_CASE" }],
    },
  },
  {
    // Fixture Convex apps inside tests name their files as convex/ does.
    files: ["tests/**/fixture/convex/**/*.ts", "tests/**/fixtures/*/convex/**/*.ts", "tests/**/fixtures/**/convex/**/*.ts"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*.ts": "CAMEL_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": "off",
    },
  },
  ...convexPlugin.configs.recommended,
  {
    files: ["local-backend/**/*.{ts,mjs,js}", "tests/**/*.{ts,tsx}", "bench/**/*.{ts,mjs,js}", "scripts/**/*.{mjs,js}", "*.config.{ts,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // A fixture npm package that runs in Convex's runtime: web globals and process.env, not Node's.
    files: ["tests/local-backend/conformance/*/globals-probe/*.js"],
    languageOptions: { globals: { ...globals.browser, process: "readonly" } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
