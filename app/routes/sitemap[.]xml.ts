import { getContent } from "~/modules/content/content.server";
import { getEnv } from "~/core/env/env.server";
import { supportedLanguages } from "~/modules/i18n/i18n";

/** Every public page, each with its language versions (hreflang), for search engines. */
export async function loader() {
  const { APP_URL } = getEnv();
  const content = getContent("en");
  const paths = [
    "/",
    "/pricing",
    "/blog",
    ...content.blog.map((p) => p.path),
    ...content.docs.map((d) => d.path),
    ...Object.values(content.pages).map((p) => p.path),
    "/login",
    "/signup",
  ];
  const entry = (path: string) => `  <url>
    <loc>${APP_URL}${path}</loc>
${supportedLanguages.map((lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${APP_URL}${path}?lang=${lang}"/>`).join("\n")}
    <xhtml:link rel="alternate" hreflang="x-default" href="${APP_URL}${path}"/>
  </url>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${paths.map(entry).join("\n")}
</urlset>`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
