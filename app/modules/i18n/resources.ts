import en from "~/locales/en/common.json";
import fr from "~/locales/fr/common.json";
import type { TranslationKey } from "./keys";

/** Every string of the product, both languages (server side: the browser loads only its own). */
export const resources = {
  en: { common: en },
  fr: { common: fr },
} as const;

/** The keys of a translation file, flattened ("nav.pricing"), plural keys with their suffix. */
export function flattenKeys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value) ? flattenKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

let known: Set<string> | undefined;
/** Whether a string read at run time (a schema's message) is a key of ours; a plural key by its base name too. */
export function isTranslationKey(value: string): value is TranslationKey {
  known ??= new Set(flattenKeys(en).flatMap((key) => [key, key.replace(PLURAL_SUFFIX, "")]));
  return known.has(value);
}
