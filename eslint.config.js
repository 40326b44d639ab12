import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** date-fns's entries import each of its ~800 function modules (or every locale): each one from its own module (ADR 055) */
const DATE_FNS_ENTRIES = ["date-fns", "date-fns/locale"].map((name) => ({
  name,
  message: `Import each function or locale from its own module (date-fns/addDays, date-fns/locale/fr): "${name}" loads them all (ADR 055).`,
}));

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", ".e2e-data/", "test-results/", "playwright-report/", "coverage/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // sonner loads on the first toast only (app/lib/toast.ts, issue #16): a direct import would ship it on every page and bypass the lazy toaster
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/toaster.tsx", "app/lib/toast.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "sonner", message: "Import { toast } from \"#app/lib/toast\" instead." }, ...DATE_FNS_ENTRIES] }] },
  },
  {
    files: ["{server,db,scripts,tests,vite,extension}/**/*.{ts,tsx,mjs}"],
    rules: { "no-restricted-imports": ["error", { paths: DATE_FNS_ENTRIES }] },
  },
  {
    // the environment is read and validated in one place, app/lib/env.server.ts (README "Configuration")
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/lib/env.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment through getEnv() (app/lib/env.server.ts), which validates it." }],
    },
  },
  {
    // the tests are typed like the app (issue #36 item 9): no comment in them turns a rule off, `any` included
    files: ["tests/**/*.{ts,tsx}", "**/*.test.{ts,tsx}"],
    linterOptions: { noInlineConfig: true },
  },
  {
    // Playwright fixtures call `use`, which is not a React hook
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
