import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import type { PostView } from "~/modules/posts/post-view.server";
import { manualContentSchema } from "~/modules/posts/schemas";
import { StepCard } from "./step-card";
import { stepPath } from "~/modules/posts/wizard-steps";

/** One text for every chosen platform; the next step adapts it to each. */
export function ManualContentForm({ post, lastResult }: { post: PostView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const existing = post.linkedinText || post.twitterText;
  const [form, fields] = useZodForm("manual-content", manualContentSchema, lastResult, { defaultValue: { text: existing } });
  const differs = Boolean(post.linkedinText && post.twitterText && post.linkedinText !== post.twitterText);
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.content.manualTitle")}
        description={t("create.content.manualDescription")}
        backTo={stepPath(post.id, "method")}
        actions={
          <StatusButton>
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.text.id}>{t("create.content.textLabel")}</Label>
          <Textarea
            {...getTextareaProps(fields.text)}
            key={fields.text.key}
            rows={10}
            placeholder={t("create.content.textPlaceholder")}
            aria-describedby={[differs ? "content-differs" : "", fields.text.errors ? fields.text.errorId : ""].filter(Boolean).join(" ") || undefined}
          />
          {differs ? (
            <p id="content-differs" className="text-sm text-warning">
              {t("create.content.replacesBoth")}
            </p>
          ) : null}
          <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
