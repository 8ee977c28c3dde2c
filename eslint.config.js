import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";

const noProvider = {
  group: ["**/provider/**", "~/../provider/**"],
  message: "app/ and cli/ reach the provider only through the HTTP client in core/.",
};
const coreBoundary = {
  group: ["**/app/**", "~/*", "**/cli/**", "**/provider/**"],
  message: "core/ never imports from app/, cli/ or provider/.",
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
  { files: ["app/**/*.{ts,tsx}", "cli/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [noProvider] }] } },
  { files: ["**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly" } } },
);
