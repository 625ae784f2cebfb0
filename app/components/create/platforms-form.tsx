import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import type { Platform } from "~/core/platforms/platforms";
import { platformsFormSchema } from "~/modules/posts/schemas";
import { PlatformPicker } from "./platform-picker";
import { StepCard } from "./step-card";

/**
 * Step 1, for a new post (/create, ticked as the user's last post or connected accounts) and for
 * a draft being changed (/create/{id}/platforms).
 */
export function PlatformsForm({
  lastResult,
  chosen,
  connected,
  connectable,
}: {
  lastResult?: SubmissionResult<string[]>;
  chosen: Platform[];
  connected: Platform[];
  connectable: Platform[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("platforms", platformsFormSchema, lastResult, { defaultValue: { platforms: chosen } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.platforms.title")}
        description={t("create.platforms.description")}
        actions={
          <StatusButton name="intent" value="continue">
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        <PlatformPicker field={fields.platforms} connected={connected} connectable={connectable} />
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
