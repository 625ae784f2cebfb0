import { getEnv } from "~/core/env/env.server";

/** Crawl the public site, not the app or its API. */
export async function loader() {
  const { APP_URL } = getEnv();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /create",
    "Disallow: /posts",
    "Disallow: /profile",
    "Disallow: /admin",
    "Disallow: /auth/",
    "Disallow: /media/",
    "",
    `Sitemap: ${APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
