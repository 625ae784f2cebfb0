import { Globe, Heart, MessageCircle, Repeat2, Send, ThumbsUp } from "lucide-react";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { NetworkId } from "~/core/platforms/platforms";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";
import { ImageGrid, type PreviewImage } from "./previews";

// A target as its network will show it, under the CONNECTED ACCOUNT's name, handle and avatar:
// on X and Bluesky a chain of posts joined by a line; on LinkedIn the post with its first comment under it.

export interface PreviewChannel {
  displayName: string;
  handle: string | null;
  avatarUrl: string | null;
  /** "page" (the composer) or "organization" (a post's view, as the API says): an organization's page, drawn with its square logo (docs/decisions/0058). */
  kind?: string;
}

export interface PreviewTarget {
  network: NetworkId;
  channel: PreviewChannel | null;
  /** When the post appears (published, else scheduled); none: "Now". A part's own publishedAt wins. */
  at?: string | null;
  parts: { text: string; images: PreviewImage[]; publishedAt?: string | null }[];
}

/** The time line of a preview: when it went out (or will), "Now" only for a post with no time yet. */
function useWhen(short: boolean) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (at: string | null | undefined) => (at ? formatDate(at) : t(short ? "preview.nowShort" : "preview.now"));
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

/** LinkedIn's folded text, opened with "see more" (a <details>: no JavaScript needed). */
function FoldedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [head, rest] = fold(text);
  if (!rest) return <>{text}</>;
  return (
    <details className="group">
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        {head}
        <span className="group-open:hidden">
          … <span className="opacity-60 hover:underline">{t("preview.seeMore")}</span>
        </span>
      </summary>
      <span>{rest}</span>
    </details>
  );
}

/**
 * An avatar the page may show: the Content-Security-Policy allows images from the app only, so a
 * network's own URL would show as a broken image; such an avatar shows the initials instead. The
 * view models give the app's own copy (/channels/{id}/avatar?v=…, docs/decisions/0053).
 */
export function shownAvatar(url: string | null | undefined): string | null {
  return url && (url.startsWith("/") || url.startsWith("data:")) && !url.startsWith("//") ? url : null;
}

/** "Ada Lovelace" → "AL"; a name without letters falls back to its first character. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      .map((word) => Array.from(word ?? "")[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}

function Avatar({ channel, className }: { channel: PreviewChannel | null; className: string }) {
  const name = channel?.displayName ?? "?";
  const avatar = shownAvatar(channel?.avatarUrl);
  if (avatar) return <img src={avatar} alt="" className={cn("shrink-0 rounded-full object-cover", className)} />;
  return (
    <span aria-hidden className={cn("grid shrink-0 place-items-center rounded-full font-semibold", className)}>
      {initials(name)}
    </span>
  );
}

function Empty() {
  const { t } = useTranslation();
  // Dimmed by its own colour (not opacity), so it keeps a readable contrast on every preview.
  return <span className="text-muted-foreground italic">{t("preview.empty")}</span>;
}

/** How a network draws a thread: the one layout X and Bluesky share, in each one's own colours. */
interface ThreadLook {
  network: "twitter" | "bluesky" | "mastodon";
  article: string;
  line: string;
  avatar: string;
  name: string;
  muted: string;
  icons: string;
  images: string;
}

const X_LOOK: ThreadLook = {
  network: "twitter",
  article: "bg-white text-[#0f1419] dark:bg-black dark:text-[#e7e9ea]",
  line: "bg-[#cfd9de] dark:bg-[#333639]",
  avatar: "bg-[#0f1419] text-white dark:bg-[#e7e9ea] dark:text-black",
  name: "font-bold",
  muted: "text-[#536471] dark:text-[#71767b]",
  icons: "text-[#536471]",
  images: "rounded-2xl border",
};

const BLUESKY_LOOK: ThreadLook = {
  network: "bluesky",
  article: "bg-white text-[#0b0f14] dark:border-[#2e4052] dark:bg-[#161e27] dark:text-[#f1f3f5]",
  line: "bg-[#d4dbe2] dark:bg-[#2e4052]",
  avatar: "bg-[#1083fe] text-white",
  name: "font-semibold",
  muted: "text-[#6f869f] dark:text-[#aebbc9]",
  icons: "text-[#6f869f]",
  images: "rounded-xl border",
};

const MASTODON_LOOK: ThreadLook = {
  network: "mastodon",
  article: "bg-white text-[#000000] dark:border-[#393f4f] dark:bg-[#282c37] dark:text-[#ffffff]",
  line: "bg-[#c0cdd9] dark:bg-[#393f4f]",
  avatar: "rounded-md bg-[#6364ff] text-white",
  name: "font-bold",
  muted: "text-[#606984] dark:text-[#9baec8]",
  icons: "text-[#606984] dark:text-[#9baec8]",
  images: "rounded-lg border",
};

/** A thread of posts joined by a line (X, Bluesky, Mastodon): each part under the account's avatar and name. */
function ThreadPreview({ target, look }: { target: PreviewTarget; look: ThreadLook }) {
  const { t } = useTranslation();
  const name = target.channel?.displayName ?? t(`platforms.${look.network}`);
  const handle = target.channel?.handle ? `@${target.channel.handle}` : "";
  const when = useWhen(true);
  return (
    <article aria-label={t(`preview.${look.network}`)} className={cn("rounded-lg border px-3 pt-3 shadow-xs", look.article)}>
      <ol>
        {target.parts.map((part, p) => {
          const last = p === target.parts.length - 1;
          return (
            <li key={p} className="relative flex gap-3 pb-3">
              {/* The thread's connector line, from this avatar down to the next. */}
              {!last ? <span aria-hidden className={cn("absolute top-11 bottom-0 left-5 w-0.5 -translate-x-1/2", look.line)} /> : null}
              <Avatar channel={target.channel} className={cn("size-10", look.avatar)} />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="flex min-w-0 gap-1 text-sm">
                  <span className={cn("truncate", look.name)}>{name}</span>
                  <span className={cn("truncate", look.muted)}>
                    {handle ? `${handle} · ` : ""}
                    {when(part.publishedAt ?? target.at)}
                  </span>
                </p>
                <p className="text-sm break-words whitespace-pre-wrap">{part.text || <Empty />}</p>
                <ImageGrid images={part.images} className={look.images} />
                <div aria-hidden className={cn("flex justify-between pr-8", look.icons)}>
                  {[MessageCircle, Repeat2, Heart].map((Icon, index) => (
                    <Icon key={index} className="size-4" />
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </article>
  );
}

/** X: a chain of posts joined by a line. */
export function XThreadPreview({ target }: { target: PreviewTarget }) {
  return <ThreadPreview target={target} look={X_LOOK} />;
}

export function LinkedInPostPreview({ target }: { target: PreviewTarget }) {
  const { t } = useTranslation();
  const [post, comment] = target.parts;
  const name = target.channel?.displayName ?? t("platforms.linkedin");
  // A page's post is by the organization: its logo is square on LinkedIn, a member's picture round.
  const logo = target.channel?.kind === "page" || target.channel?.kind === "organization" ? "rounded-md" : "";
  const when = useWhen(false);
  return (
    <article
      aria-label={t("preview.linkedin")}
      className="overflow-hidden rounded-lg border bg-white text-[#191919] shadow-xs dark:bg-[#1b1f23] dark:text-white/90"
    >
      <header className="flex items-center gap-2 p-3">
        <Avatar channel={target.channel} className={cn("size-10 bg-[#0a66c2] text-white", logo)} />
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold">{name}</span>
          <span className="flex items-center gap-1 text-xs text-black/60 dark:text-white/60">
            {when(post?.publishedAt ?? target.at)} · <Globe aria-hidden className="size-3" />
          </span>
        </span>
      </header>
      <div className="px-3 pb-3 text-sm break-words whitespace-pre-wrap">{post?.text ? <FoldedText text={post.text} /> : <Empty />}</div>
      <ImageGrid images={post?.images ?? []} />
      <footer aria-hidden className="flex justify-around border-t border-black/10 px-2 py-1 text-black/60 dark:border-white/10 dark:text-white/60">
        {[ThumbsUp, MessageCircle, Repeat2, Send].map((Icon, index) => (
          <Icon key={index} className="m-2 size-4" />
        ))}
      </footer>
      {comment ? (
        <section aria-label={t("composer.firstComment")} className="flex gap-2 border-t border-black/10 p-3 dark:border-white/10">
          <Avatar channel={target.channel} className={cn("size-8 bg-[#0a66c2] text-xs text-white", logo)} />
          <div className="min-w-0 flex-1 rounded-lg bg-black/5 px-3 py-2 dark:bg-white/10">
            <p className="truncate text-xs font-semibold">{name}</p>
            <p className="text-sm break-words whitespace-pre-wrap">{comment.text || <Empty />}</p>
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** Bluesky: a thread of posts joined by a line, in Bluesky's colours (its blue, its dark navy). */
export function BlueskyThreadPreview({ target }: { target: PreviewTarget }) {
  return <ThreadPreview target={target} look={BLUESKY_LOOK} />;
}

/** Mastodon: a thread of statuses joined by a line, in Mastodon's colours (its indigo, its slate dark theme). */
export function MastodonThreadPreview({ target }: { target: PreviewTarget }) {
  return <ThreadPreview target={target} look={MASTODON_LOOK} />;
}

/** Each network's preview, by its id: previews are network-specific UI, chosen here and only here. */
const PREVIEWS: Record<NetworkId, (props: { target: PreviewTarget }) => ReactElement> = {
  linkedin: LinkedInPostPreview,
  twitter: XThreadPreview,
  bluesky: BlueskyThreadPreview,
  mastodon: MastodonThreadPreview,
};

export function TargetPreview({ target }: { target: PreviewTarget }) {
  const Preview = PREVIEWS[target.network];
  return <Preview target={target} />;
}
