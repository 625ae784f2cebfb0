import type { Locale } from "~/modules/i18n/i18n";
import { getContent } from "./content.server";

/** A page of content/<locale>/pages (about, careers, contact, privacy, terms) as its route shows it; null when there is none. */
export function contentPageData(locale: Locale, name: string) {
  const page = getContent(locale).pages[name];
  if (!page) return null;
  const { title, description, body, meta, path, seo } = page;
  return { page: { title, description, body, meta }, seo: { title: seo.title ?? title, description: seo.description ?? description, path } };
}
