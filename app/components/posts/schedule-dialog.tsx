import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import type { FormReply } from "~/modules/forms/reply";
import type { PostView } from "~/modules/posts/post-view.server";
import { scheduleFormSchema } from "~/modules/posts/schemas";
import { useOptionalUser } from "~/utils/use-root-data";
import { ConnectFirst } from "./connect-first";
import { defaultScheduleValue } from "./schedule-default";
import { ScheduleFields } from "./schedule-fields";

/** The schedule modal; it posts to the post's schedule page (the page itself without JavaScript). */
export function ScheduleDialog({ post, open, onOpenChange }: { post: PostView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={post.status === "scheduled" ? t("posts.actions.reschedule") : t("posts.actions.schedule")}>
      {/* The form exists only while the dialog is open, so the time it offers is computed at opening, not at page load. */}
      <ScheduleDialogForm post={post} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ScheduleDialogForm({ post, onCancel }: { post: PostView; onCancel: () => void }) {
  const { t } = useTranslation();
  const timezone = useOptionalUser()?.timezone ?? "UTC";
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useZodForm("schedule-dialog", scheduleFormSchema, fetcher.data?.result, {
    defaultValue: defaultScheduleValue(post.scheduledAt, timezone),
  });
  return (
    <fetcher.Form method="post" action={`/posts/${post.id}/schedule`} {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <ScheduleFields fields={fields} timezone={timezone} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <ConnectFirst platforms={fetcher.data?.connect} token={fetcher.data} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <StatusButton pending={fetcher.state !== "idle" || undefined} pendingLabel={t("create.progress.scheduling")}>
          {t("create.schedule.submit")}
        </StatusButton>
      </div>
    </fetcher.Form>
  );
}
