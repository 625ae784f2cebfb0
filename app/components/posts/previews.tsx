import { Globe, Heart, MessageCircle, Repeat2, Send, ThumbsUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { cn } from "~/utils/cn";

export interface PreviewImage {
  id: string;
  url: string;
  altText: string;
}

interface PreviewProps {
  text: string;
  images: PreviewImage[];
  author: string;
}

// LinkedIn folds a post after about three lines (roughly 210 characters) behind "…see more".
const FOLD_CHARS = 210;
const FOLD_LINES = 3;

function fold(text: string): [string, string] {
  const lines = text.split("\n");
  let head = lines.slice(0, FOLD_LINES).join("\n");
  if (head.length > FOLD_CHARS) head = head.slice(0, FOLD_CHARS);
  return head.length < text.length ? [head.trimEnd(), text.slice(head.length)] : [text, ""];
}

function initial(author: string) {
  return (author.trim()[0] ?? "?").toUpperCase();
}

export function ImageGrid({ images, className }: { images: PreviewImage[]; className?: string }) {
  if (images.length === 0) return null;
  return (
    <div className={cn("grid gap-0.5 overflow-hidden", images.length > 1 && "grid-cols-2", className)}>
      {images.map((image, index) => (
        <ResponsiveImage
          key={image.id}
          src={image.url}
          alt={image.altText}
          // A preview is at most about 600 px wide; several images share it in two columns.
          displayWidth={images.length === 1 ? 640 : 320}
          className={cn(
            "w-full bg-muted object-cover",
            images.length === 1 ? "max-h-96" : "aspect-square",
            images.length === 3 && index === 0 && "row-span-2 h-full",
          )}
        />
      ))}
    </div>
  );
}

/** What the post will look like in a LinkedIn feed, fold included (a <details>: no JavaScript needed). */
export function LinkedInPreview({ text, images, author }: PreviewProps) {
  const { t } = useTranslation();
  const [head, rest] = fold(text);
  return (
    <article
      aria-label={t("preview.linkedin")}
      className="overflow-hidden rounded-lg border bg-white text-[#191919] shadow-xs dark:bg-[#1b1f23] dark:text-white/90"
    >
      <header className="flex items-center gap-2 p-3">
        <span aria-hidden className="grid size-10 place-items-center rounded-full bg-[#0a66c2] font-semibold text-white">
          {initial(author)}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold">{author}</span>
          <span className="flex items-center gap-1 text-xs text-black/60 dark:text-white/60">
            {t("preview.now")} · <Globe aria-hidden className="size-3" />
          </span>
        </span>
      </header>
      <div className="px-3 pb-3 text-sm break-words whitespace-pre-wrap">
        {text ? (
          rest ? (
            <details className="group">
              <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                {head}
                <span className="group-open:hidden">
                  … <span className="text-black/60 hover:underline dark:text-white/60">{t("preview.seeMore")}</span>
                </span>
              </summary>
              <span className="-mt-0">{rest}</span>
            </details>
          ) : (
            text
          )
        ) : (
          <span className="text-black/40 dark:text-white/40">{t("preview.empty")}</span>
        )}
      </div>
      <ImageGrid images={images} />
      <footer
        aria-hidden
        className="flex justify-around border-t border-black/10 px-2 py-1 text-xs font-semibold text-black/60 dark:border-white/10 dark:text-white/60"
      >
        {[ThumbsUp, MessageCircle, Repeat2, Send].map((Icon, index) => (
          <span key={index} className="flex items-center gap-1 p-2">
            <Icon className="size-4" />
          </span>
        ))}
      </footer>
    </article>
  );
}

/** What the post will look like on X. */
export function XPreview({ text, images, author }: PreviewProps) {
  const { t } = useTranslation();
  const handle = `@${
    author
      .split("@")[0]
      ?.replace(/[^a-zA-Z0-9_]/g, "")
      .slice(0, 15) || "you"
  }`;
  return (
    <article aria-label={t("preview.twitter")} className="flex gap-3 rounded-lg border bg-white p-3 text-[#0f1419] shadow-xs dark:bg-black dark:text-[#e7e9ea]">
      <span
        aria-hidden
        className="grid size-10 shrink-0 place-items-center rounded-full bg-[#0f1419] font-semibold text-white dark:bg-[#e7e9ea] dark:text-black"
      >
        {initial(author)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="flex min-w-0 gap-1 text-sm">
          <span className="truncate font-bold">{author.split("@")[0]}</span>
          <span className="truncate text-[#536471]">
            {handle} · {t("preview.nowShort")}
          </span>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{text || <span className="text-[#536471]">{t("preview.empty")}</span>}</p>
        <ImageGrid images={images} className="rounded-2xl border" />
        <div aria-hidden className="flex justify-between pr-8 text-[#536471]">
          {[MessageCircle, Repeat2, Heart].map((Icon, index) => (
            <Icon key={index} className="size-4" />
          ))}
        </div>
      </div>
    </article>
  );
}
