import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CalendarCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StepCard } from "~/components/create/step-card";
import { stepPath } from "~/modules/posts/wizard-steps";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ConnectFirst } from "~/components/posts/connect-first";
import { PostSummary } from "~/components/posts/post-summary";
import { ScheduleFields } from "~/components/posts/schedule-fields";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { finishComposing, getOwnPost } from "~/modules/posts/post.server";
import { targetSummaries } from "~/modules/posts/post-targets.server";
import { suggestPostingSlot } from "~/modules/posts/posting-slot.server";
import { resumePendingSchedule, submitScheduleForm } from "~/modules/posts/schedule-form.server";
import { scheduleFormSchema } from "~/modules/posts/schemas";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useWizardData } from "./_dashboard.create.$postId";
import { defaultScheduleValue } from "~/components/posts/schedule-default";

/** The time offered first (the next free slot in the user's usual posting hours), and where the post goes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  // Back from "connect first": the choice already confirmed is applied, no second Confirm.
  const resumed = await resumePendingSchedule(request, { actor, timezone: user.timezone }, postId);
  if (resumed) throw resumed;
  try {
    const [suggested, post] = await Promise.all([suggestPostingSlot(user, postId), getOwnPost(actor, postId)]);
    return { suggested, targets: targetSummaries(post) };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

/** Step 6: publish now, at a date and time, or keep it as a draft. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  const formData = await request.formData();
  if (formData.get("intent") === "draft") {
    await finishComposing(actor, postId);
    const { t } = await getRequestT(request);
    return redirectWithToast(`/posts/${postId}`, { color: "success", title: t("create.schedule.savedDraft") });
  }
  return submitScheduleForm(request, formData, { actor, timezone: user.timezone }, postId);
}

export default function ScheduleStep() {
  const { t } = useTranslation();
  const { post, timezone } = useWizardData();
  const { suggested, targets } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result;
  const [form, fields] = useZodForm("schedule", scheduleFormSchema, lastResult, { defaultValue: defaultScheduleValue(post.scheduledAt, timezone, suggested) });
  return (
    <>
      {/* Outside the form: its Connect buttons are forms of their own. */}
      <ConnectFirst platforms={actionData?.connect} token={actionData} className="mb-6" />
      <Form method="post" {...getFormProps(form)} noValidate>
        <StepCard
          title={t("create.schedule.title")}
          description={t("create.schedule.description")}
          backTo={stepPath(post.id, "images")}
          actions={
            <>
              <StatusButton name="intent" value="draft" variant="outline" formNoValidate>
                {t("create.schedule.saveDraft")}
              </StatusButton>
              <StatusButton name="intent" value="schedule" pendingLabel={t("create.progress.scheduling")}>
                <CalendarCheck aria-hidden />
                {t("create.schedule.submit")}
              </StatusButton>
            </>
          }
        >
          <PostSummary postId={post.id} targets={targets} imageCount={post.images.length} />
          <ScheduleFields fields={fields} timezone={timezone} />
          <FormErrors id={form.errorId} errors={form.errors} />
        </StepCard>
      </Form>
    </>
  );
}
