import { Form, Link, useLocation } from "@remix-run/react";
import { CalendarClock, Copy, Pencil, Send, Trash2 } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import type { PostView } from "~/modules/posts/post-view.server";
import { useHydrated } from "~/utils/use-hydrated";
import { DeleteDialog } from "./delete-dialog";
import { AddToQueueButton } from "./queue-button";
import { ScheduleDialog } from "./schedule-dialog";
import { useCan } from "~/utils/use-root-data";

/**
 * What can be done with a post. Schedule and delete are links to their own pages without
 * JavaScript; with it they open dialogs that post to those same pages. `queueReady`: the user has
 * queue slots, so "Add to queue" is offered.
 */
export function PostActions({ post, queueReady = false }: { post: PostView; queueReady?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [dialog, setDialog] = useState<"schedule" | "delete" | null>(null);
  // A dialog's form that succeeded redirects, often to this same page: its work is done, it closes.
  const { key } = useLocation();
  useEffect(() => setDialog(null), [key]);
  const editable = post.status === "draft" || post.status === "scheduled" || post.status === "failed";
  // What the reader's role allows (docs/decisions/0084): a writer changes drafts only; a viewer reads.
  const canPublish = useCan("publish");
  const canWrite = useCan("write");
  const canEdit = canPublish || (canWrite && post.status === "draft");
  // A post with no time yet (or one that failed) goes to the queue in one click; a scheduled one is rescheduled.
  const offerQueue = queueReady && post.status !== "scheduled" && canPublish;
  const open = (which: "schedule" | "delete") => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setDialog(which);
  };
  if (!canWrite) return <p className="text-sm text-muted-foreground">{t("posts.actions.readOnly")}</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {editable && canPublish ? (
        <>
          {offerQueue ? <AddToQueueButton postId={post.id} redirectTo={`/posts/${post.id}`} /> : null}
          <Button asChild variant={offerQueue ? "outline" : "default"}>
            <Link to={`/posts/${post.id}/schedule`} onClick={open("schedule")}>
              <CalendarClock aria-hidden />
              {post.status === "scheduled" ? t("posts.actions.reschedule") : t("posts.actions.schedule")}
            </Link>
          </Button>
          <Form method="post">
            <StatusButton name="intent" value="publishNow" variant="outline">
              <Send aria-hidden />
              {post.status === "failed" ? t("posts.actions.retryNow") : t("posts.actions.publishNow")}
            </StatusButton>
          </Form>
        </>
      ) : null}
      {editable && canEdit ? (
        <>
          <Button asChild variant="outline">
            <Link to={post.status === "draft" && hydrated ? `/compose/${post.id}` : `/create/${post.id}/review`}>
              <Pencil aria-hidden />
              {t("posts.actions.edit")}
            </Link>
          </Button>
        </>
      ) : null}
      {canWrite ? (
        <Form method="post">
          <StatusButton name="intent" value="duplicate" variant="outline">
            <Copy aria-hidden />
            {t("posts.actions.duplicate")}
          </StatusButton>
        </Form>
      ) : null}
      {post.status !== "publishing" && canEdit ? (
        <Button asChild variant="ghost" className="text-error hover:bg-error/10">
          <Link to={`/posts/${post.id}/delete`} onClick={open("delete")}>
            <Trash2 aria-hidden />
            {t("posts.actions.delete")}
          </Link>
        </Button>
      ) : null}
      {hydrated ? (
        <>
          {/* Keyed by the time: reopened after a change, it starts from the new one. */}
          <ScheduleDialog
            key={post.scheduledAt ?? "unscheduled"}
            post={post}
            open={dialog === "schedule"}
            onOpenChange={(o) => setDialog(o ? "schedule" : null)}
          />
          <DeleteDialog postId={post.id} open={dialog === "delete"} onOpenChange={(o) => setDialog(o ? "delete" : null)} />
        </>
      ) : null}
    </div>
  );
}
