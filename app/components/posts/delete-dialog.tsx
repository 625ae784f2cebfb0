import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { formErrorsOf, type FormReply } from "~/modules/forms/reply";

/** Confirmation before a post (and its images) is deleted for good. */
export function DeleteDialog({ postId, open, onOpenChange }: { postId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormReply>();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("posts.delete.title")} description={t("posts.delete.text")}>
      <fetcher.Form method="post" action={`/posts/${postId}/delete`} className="flex flex-col gap-3">
        <FormErrors errors={formErrorsOf(fetcher.data)} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <StatusButton variant="destructive" pending={fetcher.state !== "idle" || undefined}>
            {t("posts.delete.confirm")}
          </StatusButton>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
