import type { i18n as I18n, TFunction } from "i18next";

/**
 * The count under the waitlist form, through i18next's plurals: "1 professional", "2 professionals",
 * and its own sentence for 0 (the `_zero` form).
 */
export function waitlistCountText(t: TFunction, count: number): string {
  return t("marketing.waitlist.count", { count });
}

/**
 * The same sentence's forms in the page's language, for public/enhance.js, which updates the count
 * on the landing page (sent without i18next) and picks a form with Intl.PluralRules as i18next does.
 */
export function waitlistCountForms(i18n: I18n): Record<string, string> {
  const forms: Record<string, string> = {};
  for (const form of ["zero", ...new Intl.PluralRules(i18n.language).resolvedOptions().pluralCategories]) {
    const text: unknown = i18n.getResource(i18n.language, "common", `marketing.waitlist.count_${form}`);
    if (typeof text === "string") forms[form] = text;
  }
  return forms;
}
