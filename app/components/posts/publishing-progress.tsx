import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "~/components/ui/spinner";
import { FOLLOW_FOR_MS, type PublishingProgress } from "~/modules/posts/publishing-progress";

/** How often the page asks again while a post is on its way, and at most how many times. */
const POLL_MS = 2000;
const MAX_POLLS = FOLLOW_FOR_MS / POLL_MS;
/** Without JavaScript the page reloads itself this often (the server stops asking after FOLLOW_FOR_MS). */
const REFRESH_SECONDS = 3;

/**
 * Says where a post on its way out stands and keeps the page up to date until it is published or
 * failed: with JavaScript it revalidates (paused while the tab is hidden, bounded), without it a
 * meta refresh does. Past the bound it offers a refresh link.
 */
export function PublishingProgressNote({ postId, progress, status }: { postId: string; progress: PublishingProgress; status: string }) {
  const { t } = useTranslation();
  const gaveUp = useRevalidateWhile(progress === "following");
  const [followed, setFollowed] = useState(false);
  useEffect(() => {
    if (progress) setFollowed(true);
  }, [progress]);
  const settled = !progress && followed && (status === "published" || status === "failed");
  return (
    <div role="status">
      {progress === "following" && !gaveUp ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t("posts.live.following")}
          {/* Parsed only where scripts do not run: the page reloads itself instead. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
        </p>
      ) : null}
      {progress === "waiting" || (progress === "following" && gaveUp) ? (
        <p className="text-sm text-muted-foreground">
          {t("posts.live.waiting")}{" "}
          <Link to={`/posts/${postId}`} className="font-medium text-foreground underline">
            {t("posts.live.refresh")}
          </Link>
        </p>
      ) : null}
      {settled ? <p className="text-sm font-medium">{t(`posts.live.${status}`)}</p> : null}
    </div>
  );
}

/** Revalidates the page every POLL_MS while `active` and the tab is visible, MAX_POLLS times at most; true once it gave up. */
function useRevalidateWhile(active: boolean): boolean {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!active) return;
    setGaveUp(false);
    let polls = 0;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      if (polls >= MAX_POLLS) {
        window.clearInterval(timer);
        setGaveUp(true);
        return;
      }
      polls += 1;
      latest.current.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return gaveUp;
}
