import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";

const noProvider = {
  group: ["**/provider/**", "~/../provider/**"],
  message: "app/ and cli/ reach the provider only through the HTTP client in core/.",
};
const providerBoundary = {
  group: ["**/app/**", "~/*", "**/cli/**"],
  message: "provider/ never imports from app/ or cli/: it is reached over HTTP.",
};
const appCliBoundary = {
  group: ["**/cli/**"],
  message: "app/ never imports from cli/: both use core/.",
};
const cliAppBoundary = {
  group: ["**/app/**", "~/*"],
  message: "cli/ never imports from app/: both use core/.",
};
const coreBoundary = {
  group: ["**/app/**", "~/*", "**/cli/**", "**/provider/**"],
  message: "core/ never imports from app/, cli/ or provider/.",
};

const AREAS = ["workspaces", "parties", "title", "financials", "documents", "sdlt", "tasks", "administration", "identity"];
const sharedBoundary = {
  group: AREAS.flatMap((area) => [`../${area}/**`, `../../${area}/**`, `**/core/${area}/**`]),
  message: "core/shared/ holds what every area uses: it imports no area (areas import it), nor do its tests (a test sits beside the area's module it tests).",
};

export default tseslint.config(
  { ignores: ["node_modules", "build", "public/build", "data", ".tmp", "coverage", "bench/results", "playwright-report", "test-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "18" } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react/jsx-key": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["core/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [coreBoundary] }] } },
  {
    files: ["core/shared/**/*.{ts,tsx}"],
    // The permissions engine is keyed by the participant roles and transaction types of the workspace area.
    ignores: ["core/shared/permissions/actions.test.ts", "core/shared/permissions/contextual.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [coreBoundary, sharedBoundary] }] },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [noProvider, appCliBoundary] }] } },
  { files: ["cli/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [noProvider, cliAppBoundary] }] } },
  { files: ["provider/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [providerBoundary] }] } },
  { files: ["**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly" } } },
);
