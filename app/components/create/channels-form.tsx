import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import type { ChannelChoice } from "~/modules/connections/connection.server";
import { channelsFormSchema } from "~/modules/posts/schemas";
import { ChannelPicker } from "./channel-picker";
import { StepCard } from "./step-card";

/** Step 1 once a network has several accounts: the accounts the post goes to. */
export function ChannelsForm({ lastResult, chosen, channels }: { lastResult?: SubmissionResult<string[]>; chosen: string[]; channels: ChannelChoice[] }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("accounts", channelsFormSchema, lastResult, { defaultValue: { channels: chosen } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.platforms.title")}
        description={t("create.platforms.description")}
        actions={
          <StatusButton name="intent" value="accounts">
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        <ChannelPicker field={fields.channels} channels={channels} />
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
