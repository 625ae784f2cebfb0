import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { handleLabel } from "~/modules/connections/account-label";
import { networkRules } from "~/modules/networks/rules";
import type { PostView } from "~/modules/posts/post-view.server";
import { PlatformIcon } from "./platform-icon";
import { PostStatusBadge } from "./post-status";
import { initials, shownAvatar } from "./target-previews";

type TargetView = PostView["targets"][number];
type PartView = TargetView["parts"][number];

const PART_TONE: Record<PartView["status"], BadgeTone> = { pending: "neutral", published: "success", failed: "error", unknown: "warning" };

/** The part numbers that are live, "1, 2" (a partial target says which). */
export function liveParts(target: Pick<TargetView, "parts">): number[] {
  return target.parts.filter((part) => part.status === "published").map((part) => part.position);
}

/**
 * Each target (an account) with its parts: each part's status and, once published, its link. A
 * part whose fate the network cannot tell ("unknown": a LinkedIn first comment) sends the user to
 * look at the post itself.
 */
export function TargetList({ targets, showStatus }: { targets: TargetView[]; showStatus: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="targets-title" className="flex flex-col gap-3">
      <h2 id="targets-title" className="text-lg font-semibold">
        {t("posts.detail.targets.title")}
      </h2>
      <ul className="flex flex-col gap-3">
        {targets.map((target) => {
          const network = t(`composer.network.${target.network}`);
          const live = liveParts(target);
          return (
            <li key={target.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
              <div className="flex flex-wrap items-center gap-3">
                {shownAvatar(target.channel?.avatarUrl) ? (
                  <img src={shownAvatar(target.channel?.avatarUrl) ?? undefined} alt="" className="size-9 rounded-full object-cover" />
                ) : (
                  <span aria-hidden className="grid size-9 place-items-center rounded-full bg-muted text-xs font-semibold">
                    {initials(target.channel?.displayName ?? network)}
                  </span>
                )}
                <span className="flex min-w-0 flex-1 flex-col leading-tight">
                  <span className="truncate font-medium">{target.channel?.displayName ?? network}</span>
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <PlatformIcon platform={target.network} className="size-3.5" />
                    {network} {handleLabel({ network: target.network, handle: target.channel?.handle ?? null })}
                  </span>
                </span>
                {!showStatus ? null : target.status === "partial" ? (
                  <Badge tone="warning">{t("posts.detail.targets.partialLive", { count: live.length, parts: live.join(", ") })}</Badge>
                ) : (
                  <PostStatusBadge status={target.status === "pending" ? "scheduled" : target.status} />
                )}
              </div>
              <ol className="flex flex-col divide-y rounded-lg border">
                {target.parts.map((part) => {
                  const name =
                    networkRules(target.network).threadKind === "comment"
                      ? t(part.position === 1 ? "composer.mainPost" : "composer.firstComment")
                      : t("posts.detail.targets.part", { part: part.position });
                  const link = part.url ?? (part.status === "unknown" ? target.url : null);
                  return (
                    <li key={part.position} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-start sm:gap-3">
                      <span className="font-medium sm:w-32 sm:shrink-0">{name}</span>
                      <span className="line-clamp-2 min-w-0 flex-1 break-words text-muted-foreground">{part.text}</span>
                      <span className="flex shrink-0 flex-wrap items-center gap-2">
                        <Badge tone={PART_TONE[part.status]}>{t(`posts.detail.targets.status.${part.status}`, { network })}</Badge>
                        {link ? (
                          <a href={link} target="_blank" rel="noreferrer noopener" className="flex items-center gap-1 font-medium text-primary hover:underline">
                            {part.url ? t("posts.detail.targets.viewPart", { part: name, network }) : t("posts.detail.targets.viewPost", { network })}
                            <ExternalLink aria-hidden className="size-3.5" />
                          </a>
                        ) : null}
                      </span>
                      {part.error ? <span className="text-error">{part.error}</span> : null}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
