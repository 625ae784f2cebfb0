import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConnectFirst } from "~/components/posts/connect-first";
import { DeliveryList } from "~/components/posts/delivery-list";
import { PostActions } from "~/components/posts/post-actions";
import { PostHeader } from "~/components/posts/post-header";
import { LinkedInPreview, XPreview } from "~/components/posts/previews";
import { requireUser } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams, rethrowAsResponse } from "~/modules/errors/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { duplicatePost, getOwnPost, publishNow } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { readNoticesOfPost } from "~/modules/publishing/notify.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useOptionalUser } from "~/utils/use-root-data";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "posts.detail.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { postId } = getPageParams(params, postParams);
  try {
    const post = toPostView(await getOwnPost(user.id, postId));
    await readNoticesOfPost(user.id, post.id);
    return { post };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

/** Publish now and duplicate; scheduling and deleting have their own pages (and dialogs). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { postId } = getPageParams(params, postParams);
  const intent = (await request.formData()).get("intent");
  const { t } = await getRequestT(request);
  try {
    if (intent === "publishNow") {
      await publishNow(user.id, postId);
      return redirectWithToast(`/posts/${postId}`, { type: "success", title: t("create.schedule.publishingNow") });
    }
    if (intent === "duplicate") {
      const copy = await duplicatePost(user.id, postId);
      return redirectWithToast(`/create/${copy.id}/review`, { type: "success", title: t("posts.detail.duplicated") });
    }
  } catch (error) {
    rethrowUnlessAppError(error);
    if (error.code === "accounts_not_connected") {
      return data({ connect: String(error.options.values?.platforms ?? "").split(","), error: null }, { status: 409 });
    }
    return data({ connect: null, error: t(error.messageKey, error.options.values) }, { status: error.status });
  }
  return redirect(`/posts/${postId}`);
}

export default function PostPage() {
  const { t } = useTranslation();
  const { post } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const author = useOptionalUser()?.email ?? "";
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link to="/posts" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        {t("posts.detail.back")}
      </Link>
      <PostHeader post={post} />
      <PostActions post={post} />
      {actionData?.error ? (
        <p role="alert" className="rounded-md bg-error/10 p-3 text-sm text-error">
          {actionData.error}
        </p>
      ) : null}
      <ConnectFirst platforms={actionData?.connect} token={actionData} />
      {post.deliveries.length ? <DeliveryList deliveries={post.deliveries} /> : null}
      <section aria-labelledby="previews-title" className="flex flex-col gap-3">
        <h2 id="previews-title" className="text-lg font-semibold">
          {t("posts.detail.previews")}
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {post.platforms.includes("linkedin") ? <LinkedInPreview text={post.linkedinText} images={post.images} author={author} /> : null}
          {post.platforms.includes("twitter") ? <XPreview text={post.twitterText} images={post.images} author={author} /> : null}
        </div>
      </section>
    </div>
  );
}
