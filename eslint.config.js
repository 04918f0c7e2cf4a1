import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import packageJson from "./package.json" with { type: "json" };

// package.json's "sideEffects" tells the bundlers our modules do nothing when imported but define
// what they export, so an import nothing uses is dropped (and with it what the module imports: a
// constant from a room's index no longer brings that room's schemas to the browser). A module
// imported only to run (`import "./x"`) must be listed there, or the build silently leaves it out.
const runOnImport = packageJson.sideEffects.filter((entry) => !entry.endsWith(".css")).map((entry) => entry.replace(/^.*\//, "").replace(/\.tsx?$/, ""));
const bareImportOfOurs = `ImportDeclaration[specifiers.length=0][importKind!="type"][source.value=/^(\\.|~\\/)/]:not([source.value=/\\.css(\\?.*)?$/])${runOnImport.map((name) => `:not([source.value=/\\/${name}$/])`).join("")}`;

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "db/migrations/", ".bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.spec.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: bareImportOfOurs,
          message: 'A module imported only to run must be listed in package.json "sideEffects"; the build drops it otherwise.',
        },
      ],
    },
  },
);
