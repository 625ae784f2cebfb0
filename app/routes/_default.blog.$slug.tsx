import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PostMeta } from "~/components/marketing/blog";
import { Markdown } from "~/components/marketing/markdown";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { getContent } from "~/modules/content/content.server";
import { getPageParams } from "~/modules/http/route-errors.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";
import { notFoundPage } from "~/modules/http/route-errors.server";

const blogParams = z.object({ slug: z.string() });

export const handle: RouteHandle = { title: (_t, data) => (data as { post?: { title: string } } | undefined)?.post?.title ?? "" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { slug } = getPageParams(params, blogParams);
  const post = getContent(await getLocale(request)).blog.find((p) => p.stem === slug);
  if (!post) notFoundPage();
  const { path, title, description, readingMinutes, coverUrl, meta, body, seo } = post;
  return {
    post: { path, title, description, readingMinutes, coverUrl, meta, html: body.html },
    seo: { title: seo.title ?? title, description: seo.description ?? description, path, image: seo.image ?? meta.image.src, type: "article" as const },
  };
}

export const meta: MetaFunction<typeof loader> = (args) => [
  ...routeSeoMeta(args),
  ...(args.data ? [{ property: "article:published_time", content: args.data.post.meta.date }] : []),
];

export default function BlogPostPage() {
  const { t } = useTranslation();
  const { post } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link to="/blog" className="mb-8 flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        {t("marketing.blog.back")}
      </Link>
      <header className="flex flex-col gap-4">
        <Badge tone={post.meta.badge.color as BadgeTone} className="w-fit">
          {post.meta.badge.label}
        </Badge>
        <h1 className="text-4xl font-bold tracking-tight text-balance">{post.title}</h1>
        <p className="text-lg text-muted-foreground">{post.description}</p>
        <PostMeta post={post} />
      </header>
      <ResponsiveImage
        src={post.coverUrl}
        alt={post.meta.image.alt}
        // The article's column is 768 px at most; above the fold, so not lazy.
        displayWidth={768}
        loading="eager"
        width={post.meta.image.width}
        height={post.meta.image.height}
        className="my-10 aspect-[1200/630] w-full rounded-2xl border bg-muted object-cover"
      />
      <Markdown html={post.html} />
    </article>
  );
}
