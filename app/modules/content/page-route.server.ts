import { getLocale } from "~/modules/i18n/i18n.server";
import { getContent } from "./content.server";

/** The loader of a page from content/<locale>/pages (about, careers, contact, privacy, terms). */
export async function loadContentPage(request: Request, name: string) {
  const page = getContent(await getLocale(request)).pages[name];
  if (!page) throw new Response(`Page not found: /${name}`, { status: 404 });
  const { title, description, body, meta, path, seo } = page;
  return { page: { title, description, body, meta }, seo: { title: seo.title ?? title, description: seo.description ?? description, path } };
}
