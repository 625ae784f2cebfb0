import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { formErrorsOf } from "~/modules/forms/reply";
import { replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { deletePost, getOwnPost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "posts.delete.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  try {
    const post = await getOwnPost(actor, postId);
    return { id: post.id, text: toPostView(post).text };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

/** Deletes the post and its images; the confirmation is this page (or the dialog that posts here). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  try {
    await deletePost(actor, postId);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, null, error);
  }
  const { t } = await getRequestT(request);
  return redirectWithToast("/posts", { color: "success", icon: "trash", title: t("posts.delete.done") });
}

export default function DeletePostPage() {
  const { t } = useTranslation();
  const post = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{t("posts.delete.title")}</h1>
        <CardDescription>{t("posts.delete.text")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {post.text ? <blockquote className="line-clamp-3 border-l-2 pl-3 text-sm text-muted-foreground">{post.text}</blockquote> : null}
        <FormErrors errors={formErrorsOf(reply)} />
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={`/posts/${post.id}`}>{t("common.cancel")}</Link>
          </Button>
          <StatusButton variant="destructive">{t("posts.delete.confirm")}</StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}
