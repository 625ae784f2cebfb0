import { Link } from "@remix-run/react";
import { AlertTriangle, Image as ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TargetSummary } from "~/modules/posts/post-targets.server";
import { networkRules } from "~/modules/networks/rules";
import { PlatformIcon } from "./platform-icon";

/**
 * What is about to be scheduled: each account the post goes to, what part 1 says, how many parts,
 * and any problem its network would refuse, before the click.
 */
export function PostSummary({ postId, targets, imageCount }: { postId: string; targets: TargetSummary[]; imageCount: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-4" data-testid="post-summary">
      <ul className="flex flex-col gap-2">
        {targets.map((target) => (
          <li key={target.id} className="flex items-start gap-2 text-sm">
            <PlatformIcon platform={target.network} className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium [overflow-wrap:anywhere]">{target.label}</span>
                {target.partCount > 1 ? (
                  <span className="text-xs text-muted-foreground">
                    {networkRules(target.network).threadKind === "comment"
                      ? t("create.schedule.withFirstComment")
                      : t("create.schedule.partCount", { count: target.partCount })}
                  </span>
                ) : null}
              </span>
              <span className="block truncate text-muted-foreground">{target.text || t("preview.empty")}</span>
              {target.problem ? (
                <span className="mt-1 flex items-center gap-1 text-error">
                  <AlertTriangle aria-hidden className="size-3.5 shrink-0" />
                  <span>
                    {t(target.problem.key, target.problem.values)}{" "}
                    <Link to={`/create/${postId}/review`} className="font-medium underline">
                      {t("create.schedule.fixText")}
                    </Link>
                  </span>
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ImageIcon aria-hidden className="size-4" />
        {t("create.schedule.imageCount", { count: imageCount })}
      </p>
    </div>
  );
}
