import { Link } from "@remix-run/react";
import { AlertTriangle, Image as ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Platform } from "~/core/platforms/platforms";
import { textFieldErrors } from "~/modules/posts/scheduling-rules";
import { PlatformIcon } from "./platform-icon";

interface SummaryPost {
  id: string;
  platforms: Platform[];
  linkedinText: string;
  twitterText: string;
  images: unknown[];
}

/** What is about to be scheduled, with any problem the platforms would refuse, before the click. */
export function PostSummary({ post }: { post: SummaryPost }) {
  const { t } = useTranslation();
  const problems = textFieldErrors(post);
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-4">
      <ul className="flex flex-col gap-2">
        {post.platforms.map((platform) => {
          const field = platform === "linkedin" ? "linkedinText" : "twitterText";
          const problem = problems[field];
          return (
            <li key={platform} className="flex items-start gap-2 text-sm">
              <PlatformIcon platform={platform} className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{t(`platforms.${platform}`)}</span>
                <span className="block truncate text-muted-foreground">{post[field] || t("preview.empty")}</span>
                {problem ? (
                  <span className="mt-1 flex items-center gap-1 text-error">
                    <AlertTriangle aria-hidden className="size-3.5" />
                    {t(problem)}{" "}
                    <Link to={`/create/${post.id}/review`} className="font-medium underline">
                      {t("create.schedule.fixText")}
                    </Link>
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ImageIcon aria-hidden className="size-4" />
        {t("create.schedule.imageCount", { count: post.images.length })}
      </p>
    </div>
  );
}
