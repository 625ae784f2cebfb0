import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const generatedPattern = { group: ["~/generated/*"], message: "Use the database through ~/modules/db (getDb) and a domain module." };
// sharp decodes up to 268 million pixels unless told otherwise (docs/decisions/0020).
const sharpPath = { name: "sharp", message: "Open images with openImage (~/modules/media/sharp.server): it caps the pixels decoded." };

export default tseslint.config(
  { ignores: ["build/", "app/generated/", "node_modules/", "test-results/", "playwright-report/", "data/", "tests/e2e/.data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { patterns: [generatedPattern] }],
    },
  },
  {
    // Tests make images with sharp; the app opens them through one place.
    files: ["app/**"],
    ignores: ["app/modules/media/sharp.server.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [sharpPath], patterns: [generatedPattern] }] },
  },
  {
    // Only the data layer talks to Prisma's generated clients.
    files: ["app/modules/db/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Routes stay thin: no database access of their own (docs/development.md).
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "~/modules/db/db.server", message: "Routes call a domain module, never the database." }, sharpPath],
          patterns: [{ group: ["~/generated/*"], message: "Routes call a domain module, never the database." }],
        },
      ],
    },
  },
  {
    // Tests read arbitrary JSON answers.
    files: ["tests/**", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
