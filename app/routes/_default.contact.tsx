import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Honeypot } from "~/components/marketing/honeypot";
import { useZodForm } from "~/components/forms/use-zod-form";
import { ContentPage } from "~/components/marketing/content-page";
import { Field, FormErrors, TextareaField } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { getOptionalUser } from "~/modules/auth/guards.server";
import { contentPageData } from "~/modules/content/page-route.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { notFoundPage } from "~/modules/http/route-errors.server";
import { replyInvalid, replySuccess, replyWithError } from "~/modules/forms/reply.server";
import { resultFor, succeeded } from "~/modules/forms/reply";
import { getLocale } from "~/modules/i18n/i18n.server";
import { sendContactMessage } from "~/modules/marketing/contact.server";
import { CONTACT_TOPICS, contactSchema, HONEYPOT_FIELD } from "~/modules/marketing/schemas";
import type { RouteHandle } from "~/utils/page-title";
import { routeSeoMeta } from "~/utils/seo";
import { useOptionalUser } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: (_t, data) => (data as { page?: { title: string } } | undefined)?.page?.title ?? "" };

export const loader = async ({ request }: LoaderFunctionArgs) => contentPageData(await getLocale(request), "contact") ?? notFoundPage();

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const { name, email, topic, message } = submission.value;
    const user = await getOptionalUser(request);
    await sendContactMessage(
      { name, email, topic, message, honeypot: submission.value[HONEYPOT_FIELD] },
      { ip: context.clientIp ?? null, userId: user?.id ?? null, locale: await getLocale(request) },
    );
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  return replySuccess(submission);
}

export default function ContactPage() {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const user = useOptionalUser();
  const [form, fields] = useZodForm("contact", contactSchema, resultFor(reply), {
    defaultValue: { email: user?.email ?? "" },
  });
  return (
    <ContentPage page={page}>
      {succeeded(reply) ? (
        <p role="status" className="mt-10 flex items-start gap-3 rounded-xl bg-success/10 p-4">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          {t("marketing.contact.sent")}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-10 flex flex-col gap-5 rounded-2xl border bg-card p-6 shadow-xs">
          <h2 className="text-xl font-semibold">{t("marketing.contact.title")}</h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t("marketing.contact.name")}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
              errors={fields.name.errors}
            />
            <Field
              label={t("auth.fields.email")}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
              errors={fields.email.errors}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.topic.id}>{t("marketing.contact.topic")}</Label>
            <select {...getSelectProps(fields.topic)} key={fields.topic.key} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`marketing.contact.topics.${topic}`)}
                </option>
              ))}
            </select>
          </div>
          <TextareaField
            label={t("marketing.contact.message")}
            textareaProps={{ ...getTextareaProps(fields.message), key: fields.message.key, rows: 6 }}
            errors={fields.message.errors}
          />
          <Honeypot />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div>
            <StatusButton>{t("marketing.contact.send")}</StatusButton>
          </div>
        </Form>
      )}
    </ContentPage>
  );
}
