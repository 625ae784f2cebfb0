import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ResponsiveImage } from "~/components/ui/responsive-image";

export interface BlogCardPost {
  path: string;
  title: string;
  description: string;
  readingMinutes: number;
  /** The cover at its resizable, versioned URL (publicImageUrl). */
  coverUrl: string;
  meta: {
    date: string;
    image: { src: string; alt: string; width: number; height: number };
    authors: { name: string; role?: string }[];
    badge: { label: string; color: string };
  };
}

export function useFormatDay() {
  const { i18n } = useTranslation();
  return (date: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(date));
}

export function PostMeta({ post }: { post: BlogCardPost }) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <time dateTime={post.meta.date}>{formatDay(post.meta.date)}</time>
      <span aria-hidden>·</span>
      <span>{post.meta.authors.map((a) => a.name).join(", ")}</span>
      <span aria-hidden>·</span>
      <span>{t("marketing.blog.readingTime", { count: post.readingMinutes })}</span>
    </p>
  );
}

export function BlogCard({ post, priority = false }: { post: BlogCardPost; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-shadow focus-within:outline-2 focus-within:outline-ring hover:shadow-md">
      <ResponsiveImage
        src={post.coverUrl}
        alt={post.meta.image.alt}
        // Two columns from 768 px in a 1152 px page; the full width below.
        displayWidth={640}
        sizes="(min-width: 768px) 560px, 100vw"
        width={post.meta.image.width}
        height={post.meta.image.height}
        loading={priority ? "eager" : "lazy"}
        className="aspect-[1200/630] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <Badge tone={post.meta.badge.color as BadgeTone} className="w-fit">
          {post.meta.badge.label}
        </Badge>
        <h2 className="text-xl font-semibold tracking-tight">
          <Link to={post.path} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 text-sm text-muted-foreground">{post.description}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}
