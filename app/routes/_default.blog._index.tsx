import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Rss } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BlogCard } from "~/components/marketing/blog";
import { getContent } from "~/modules/content/content.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";

export const handle: RouteHandle = { title: "marketing.blog.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, locale } = await getRequestT(request);
  const posts = getContent(locale).blog.map(({ path, title, description, readingMinutes, coverUrl, meta }) => ({
    path,
    title,
    description,
    readingMinutes,
    coverUrl,
    meta,
  }));
  return { posts, seo: { title: t("marketing.blog.title"), description: t("marketing.blog.description"), path: "/blog" } };
}

export const meta: MetaFunction<typeof loader> = (args) => [
  ...routeSeoMeta(args),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "RSS", href: "/blog/rss.xml" },
];

export default function BlogPage() {
  const { t } = useTranslation();
  const { posts } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="mb-12 flex flex-col gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight">{t("marketing.blog.title")}</h1>
        <p className="text-lg text-muted-foreground">{t("marketing.blog.description")}</p>
        <a href="/blog/rss.xml" className="mx-auto flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
          <Rss aria-hidden className="size-4" />
          {t("marketing.blog.rss")}
        </a>
      </header>
      {posts.length ? (
        <ul className="grid gap-8 md:grid-cols-2">
          {posts.map((post, index) => (
            <li key={post.path} className="flex">
              <BlogCard post={post} priority={index < 2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center text-muted-foreground">{t("marketing.blog.empty")}</p>
      )}
    </div>
  );
}
