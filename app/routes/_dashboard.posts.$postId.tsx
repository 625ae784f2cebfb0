import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConnectFirst } from "~/components/posts/connect-first";
import { DeliveryList } from "~/components/posts/delivery-list";
import { PostActions } from "~/components/posts/post-actions";
import { PostHeader } from "~/components/posts/post-header";
import { PostMetrics } from "~/components/posts/post-metrics";
import { PublishingProgressNote } from "~/components/posts/publishing-progress";
import { TargetList } from "~/components/posts/target-list";
import { TargetPreview } from "~/components/posts/target-previews";
import { requireMember } from "~/modules/auth/guards.server";
import { resumePendingSchedule } from "~/modules/posts/schedule-form.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { formErrorsOf } from "~/modules/forms/reply";
import { replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { duplicatePost, getOwnPost, publishNow } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { publishingProgress } from "~/modules/posts/publishing-progress";
import { readNoticesOfPost } from "~/modules/publishing/notify.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { FormErrors } from "~/components/ui/field";
import { queueSlotCount } from "~/modules/queue/queue.server";
import { refreshPostMetrics } from "~/modules/metrics/refresh.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "posts.detail.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request);
  const { postId } = getPageParams(params, postParams);
  // Back from "connect first": the choice already confirmed is applied, no second Confirm.
  const resumed = await resumePendingSchedule(request, { actor, timezone: user.timezone }, postId);
  if (resumed) throw resumed;
  try {
    const post = toPostView(await getOwnPost(actor, postId));
    await readNoticesOfPost(user.id, post.id);
    const now = new Date();
    // `now`: the metrics' "Updated 5 minutes ago" reads the same on the server and in the browser.
    return { post, progress: publishingProgress(post, now), queueReady: (await queueSlotCount(actor.workspaceId)) > 0, now: now.toISOString() };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

/** Publish now, duplicate and refresh the metrics; scheduling and deleting have their own pages (and dialogs). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request);
  const { postId } = getPageParams(params, postParams);
  const intent = (await request.formData()).get("intent");
  const { t } = await getRequestT(request);
  try {
    if (intent === "publishNow") {
      await publishNow(actor, postId);
      return redirectWithToast(`/posts/${postId}`, { color: "success", icon: "send", title: t("create.schedule.publishingNow") });
    }
    if (intent === "refreshMetrics") {
      await refreshPostMetrics(actor, postId);
      return redirectWithToast(`/posts/${postId}`, { color: "success", icon: "refresh", title: t("metrics.refreshed") });
    }
    if (intent === "duplicate") {
      const copy = await duplicatePost(actor, postId);
      return redirectWithToast(`/create/${copy.id}/review`, {
        color: "success",
        icon: "copy",
        title: t("posts.detail.duplicated"),
        // Undo deletes the copy (the same post as its delete page's confirmation); time to change one's mind.
        actions: [{ label: t("toast.actions.undo"), formAction: `/posts/${copy.id}/delete` }],
        duration: 10_000,
      });
    }
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, null, error);
  }
  return redirect(`/posts/${postId}`);
}

export default function PostPage() {
  const { t } = useTranslation();
  const { post, progress, queueReady, now } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link to="/posts" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        {t("posts.detail.back")}
      </Link>
      {/* A post due and waiting for the publisher is, for its author, already being published. */}
      <PostHeader post={progress ? { ...post, status: "publishing" } : post} />
      <PublishingProgressNote postId={post.id} progress={progress} status={post.status} />
      <PostActions post={post} queueReady={queueReady} />
      <div role="alert">
        <FormErrors errors={formErrorsOf(reply)} />
      </div>
      <ConnectFirst platforms={reply?.connect} token={reply} />
      <PostMetrics targets={post.targets} now={now} />
      {post.targets.length ? <TargetList targets={post.targets} showStatus={post.status !== "draft"} /> : null}
      {post.deliveries.length ? <DeliveryList deliveries={post.deliveries} targets={post.targets} /> : null}
      <section aria-labelledby="previews-title" className="flex flex-col gap-3">
        <h2 id="previews-title" className="text-lg font-semibold">
          {t("posts.detail.previews")}
        </h2>
        {/* Each preview as tall as its content: a short post beside a long thread is not stretched. */}
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
          {post.targets.map((target) => (
            // As it appears on the network: under the connected account (none left: the network's name), at its time.
            <TargetPreview key={target.id} target={{ ...target, at: post.publishedAt ?? post.scheduledAt }} />
          ))}
        </div>
      </section>
    </div>
  );
}
