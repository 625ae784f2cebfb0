import type { LoaderFunctionArgs } from "@remix-run/node";
import { getContent } from "~/modules/content/content.server";
import { getEnv } from "~/core/env/env.server";
import { getRequestT } from "~/modules/i18n/i18n.server";

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The blog as RSS 2.0, in the request's language (?lang=fr for French). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t, locale } = await getRequestT(request);
  const { APP_URL, SITE_NAME } = getEnv();
  const link = (path: string) => `${APP_URL}${path}?lang=${locale}`;
  const items = getContent(locale)
    .blog.map(
      (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(link(post.path))}</link>
      <guid isPermaLink="false">${escapeXml(post.id)}</guid>
      <description>${escapeXml(post.description)}</description>
      <pubDate>${new Date(`${post.meta.date}T09:00:00Z`).toUTCString()}</pubDate>
      ${post.meta.authors.map((a) => `<dc:creator>${escapeXml(a.name)}</dc:creator>`).join("")}
    </item>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${t("marketing.blog.title")} - ${SITE_NAME}`)}</title>
    <link>${escapeXml(link("/blog"))}</link>
    <description>${escapeXml(t("marketing.blog.description"))}</description>
    <language>${locale}</language>
    <atom:link href="${escapeXml(`${APP_URL}/blog/rss.xml?lang=${locale}`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
