import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
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
        <TextareaField
          label={t("create.content.textLabel")}
          textareaProps={{ ...getTextareaProps(fields.text), key: fields.text.key, rows: 10, placeholder: t("create.content.textPlaceholder") }}
          hint={differs ? <span className="text-sm text-warning">{t("create.content.replacesBoth")}</span> : null}
          errors={fields.text.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
