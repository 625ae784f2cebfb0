import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const tones = {
  draft: "neutral",
  scheduled: "info",
  publishing: "primary",
  published: "success",
  failed: "error",
  pending: "info",
} satisfies Record<string, BadgeTone>;
type Status = keyof typeof tones;
const isStatus = (status: string): status is Status => Object.hasOwn(tones, status);

export function PostStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  // A status this page does not know (a newer server) is shown as it is.
  return isStatus(status) ? <Badge tone={tones[status]}>{t(`posts.status.${status}`)}</Badge> : <Badge tone="neutral">{status}</Badge>;
}

/** The instant that places a post in time: published, else scheduled, else created. */
export function postMoment(post: { status: string; publishedAt: string | null; scheduledAt: string | null; createdAt: string }) {
  if (post.publishedAt) return { kind: "published" as const, at: post.publishedAt };
  if (post.scheduledAt && post.status !== "draft") return { kind: "scheduled" as const, at: post.scheduledAt };
  return { kind: "created" as const, at: post.createdAt };
}
