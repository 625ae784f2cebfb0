import type en from "~/locales/en/common.json";

// Typed keys (docs/decisions/0045): t() accepts only keys of the English file, so a misspelled
// key fails `npm run typecheck`. translations.test.ts checks French has the same keys.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: { common: typeof en };
  }
}
