import en from "~/locales/en/common.json";
import fr from "~/locales/fr/common.json";

/** Every string of the product, both languages (server side: the browser loads only its own). */
export const resources = {
  en: { common: en },
  fr: { common: fr },
} as const;
