import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { StepCard } from "./step-card";

/** Step 1's card, whether it picks networks or accounts: the picker, the form's errors, "Next". */
export function FirstStepForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.platforms.title")}
        description={t("create.platforms.description")}
        actions={
          <StatusButton name="intent" value={intent}>
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        {children}
        <FormErrors id={form.errorId} errors={form.errors} />
      </StepCard>
    </Form>
  );
}
