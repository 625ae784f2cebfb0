import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ConnectFirst } from "~/components/posts/connect-first";
import { defaultScheduleValue } from "~/components/posts/schedule-default";
import { ScheduleFields } from "~/components/posts/schedule-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { getEditablePost } from "~/modules/posts/post.server";
import { suggestPostingSlot } from "~/modules/posts/posting-slot.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { resumePendingSchedule, submitScheduleForm } from "~/modules/posts/schedule-form.server";
import { scheduleFormSchema } from "~/modules/posts/schemas";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "posts.actions.schedule" };

/** The schedule modal's page: what the dialog shows, reachable without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request);
  const { postId } = getPageParams(params, postParams);
  // Back from "connect first": the choice already confirmed is applied, no second Confirm.
  const resumed = await resumePendingSchedule(request, { actor, timezone: user.timezone }, postId);
  if (resumed) throw resumed;
  try {
    const [post, suggested] = await Promise.all([getEditablePost(actor, postId), suggestPostingSlot(user, postId)]);
    return { post: toPostView(post), timezone: user.timezone, suggested };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request);
  const { postId } = getPageParams(params, postParams);
  return submitScheduleForm(request, await request.formData(), { actor, timezone: user.timezone }, postId);
}

export default function SchedulePostPage() {
  const { t } = useTranslation();
  const { post, timezone, suggested } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm("schedule-page", scheduleFormSchema, actionData?.result, {
    defaultValue: defaultScheduleValue(post.scheduledAt, timezone, suggested),
  });
  const title = post.status === "scheduled" ? t("posts.actions.reschedule") : t("posts.actions.schedule");
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{title}</h1>
        <CardDescription className="line-clamp-2">{post.text}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <ScheduleFields fields={fields} timezone={timezone} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost">
              <Link to={`/posts/${post.id}`}>{t("common.cancel")}</Link>
            </Button>
            <StatusButton pendingLabel={t("create.progress.scheduling")}>{t("create.schedule.submit")}</StatusButton>
          </div>
        </Form>
        <div className="mt-4">
          <ConnectFirst platforms={actionData?.connect} token={actionData} />
        </div>
      </CardContent>
    </Card>
  );
}
