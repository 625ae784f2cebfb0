import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const generatedPattern = { group: ["~/generated/*"], message: "Use the database through ~/modules/db (getDb) and a domain module." };
// sharp decodes up to 268 million pixels unless told otherwise (docs/decisions/0020).
const sharpPath = { name: "sharp", message: "Open images with openImage (~/modules/media/sharp.server): it caps the pixels decoded." };

// Import direction (docs/decisions/0044): routes (and app/root, app/entry.*) → components → utils →
// modules → integrations → core, never back up; a layer may skip down. Tests are exempt: a test may
// check how layers fit together. Types of a route's loader may be imported from below (Remix's
// `useFetcher<typeof loader>` idiom): erased at build, they make no runtime dependency.
const layers = {
  routes: { group: ["~/routes/*", "~/root", "~/entry.*", "~/routes"], message: "Routes and app/root sit on top: nothing below imports them." },
  components: { group: ["~/components/*"], message: "Components sit above utils, modules, integrations and core." },
  utils: { group: ["~/utils/*"], message: "app/utils holds helpers for routes and components; modules, integrations and core never import it." },
  modules: { group: ["~/modules/*"], message: "Modules sit above integrations and core." },
  integrations: { group: ["~/integrations/*"], message: "Only modules call provider clients (app/integrations)." },
  server: {
    group: ["~/**/*.server"],
    allowTypeImports: true,
    message: "Components and app/utils run in the browser too: only types come from *.server files.",
  },
  outside: { group: ["../*"], message: "Import another folder of app/ through ~/ (the import-direction rules read ~/ paths)." },
};
const routeTypes = (pattern) => ({ ...pattern, allowTypeImports: true });
const direction = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns: [layers.outside, ...patterns] }] });
const appCode = (folder) => ({ files: [`app/${folder}/**`], ignores: ["**/*.test.{ts,tsx}"] });

export default tseslint.config(
  { ignores: ["build/", "app/generated/", "node_modules/", "test-results/", "playwright-report/", "data/", "data-demo/", "tests/e2e/.data/"] },
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
  { ...appCode("core"), rules: direction(layers.routes, layers.components, layers.utils, layers.modules, layers.integrations) },
  { ...appCode("integrations"), rules: direction(layers.routes, layers.components, layers.utils, layers.modules) },
  { ...appCode("modules"), rules: direction(layers.routes, layers.components, layers.utils) },
  { ...appCode("utils"), rules: direction(routeTypes(layers.routes), layers.components, layers.integrations, layers.server) },
  { ...appCode("components"), rules: direction(routeTypes(layers.routes), layers.integrations, layers.server) },
  { files: ["app/routes/**", "app/*.{ts,tsx}"], ignores: ["**/*.test.{ts,tsx}"], rules: direction(layers.integrations) },
  {
    // Tests, and the provider fakes (server/fakes, also the demo's networks), read arbitrary JSON.
    files: ["tests/**", "server/fakes/**", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
