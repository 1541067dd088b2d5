import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import convexPlugin from "@convex-dev/eslint-plugin";
import globals from "globals";

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
  ...convexPlugin.configs.recommended,
  {
    files: ["local-backend/**/*.{ts,mjs,js}", "tests/**/*.{ts,tsx}", "bench/**/*.{ts,mjs,js}", "scripts/**/*.{mjs,js}", "*.config.{ts,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
