import type { InitOptions } from "i18next";

export const supportedLanguages = ["en", "fr"] as const;
export type Locale = (typeof supportedLanguages)[number];
export const fallbackLanguage: Locale = "en";
export const defaultNS = "common";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** Shared by the server (one instance per request) and the browser. */
export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  // A missing key shows the key itself (and is logged), never another language's text.
  fallbackLng: false,
  defaultNS,
  ns: [defaultNS],
  interpolation: { escapeValue: false },
  saveMissing: true,
  returnNull: false,
} satisfies InitOptions;
