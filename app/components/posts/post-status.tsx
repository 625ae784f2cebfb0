import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const tones: Record<string, BadgeTone> = {
  draft: "neutral",
  scheduled: "info",
  publishing: "primary",
  published: "success",
  failed: "error",
  pending: "info",
};

export function PostStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status] ?? "neutral"}>{t(`posts.status.${status}`)}</Badge>;
}

/** The instant that places a post in time: published, else scheduled, else created. */
export function postMoment(post: { status: string; publishedAt: string | null; scheduledAt: string | null; createdAt: string }) {
  if (post.publishedAt) return { kind: "published" as const, at: post.publishedAt };
  if (post.scheduledAt && post.status !== "draft") return { kind: "scheduled" as const, at: post.scheduledAt };
  return { kind: "created" as const, at: post.createdAt };
}
