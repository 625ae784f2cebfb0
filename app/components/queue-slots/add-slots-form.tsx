import { getCollectionProps, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { accountLabel } from "~/modules/connections/account-label";
import type { ChannelChoice } from "~/modules/connections/connection.server";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import { addSlotsFormSchema } from "~/modules/queue/schemas";
import { weekdayNames } from "~/modules/queue/slot-notes";
import { cn } from "~/utils/cn";

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"];
/** A first queue's suggestion: Monday and Thursday at 09:00. */
const FIRST_SLOTS = { weekdays: ["1", "4"], time: "09:00", channelId: "" };

/**
 * Adds one time on several days at once, for every account or one. A fetcher form: without
 * JavaScript it posts and the page comes back with a toast; with it, the page stays. `reply` is
 * the page's own action answer (no JavaScript, or the toast's "Undo").
 */
export function AddSlotsForm({
  channels,
  suggestFirst,
  reply,
  className,
}: {
  channels: ChannelChoice[];
  suggestFirst: boolean;
  reply?: FormReply;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormReply>();
  const lastResult = resultFor(fetcher.data ?? reply, "add");
  const [form, fields] = useZodForm("queue-add", addSlotsFormSchema, lastResult, {
    defaultValue: suggestFirst ? FIRST_SLOTS : { weekdays: [], time: "09:00", channelId: "" },
  });
  const short = weekdayNames(i18n.language, "short");
  const long = weekdayNames(i18n.language);
  const days = getCollectionProps(fields.weekdays, { type: "checkbox", options: WEEKDAYS });

  return (
    <Card className={className} role="region" aria-labelledby="queue-add-title">
      <CardHeader>
        <CardTitle id="queue-add-title">{t("queue.slots.add.title")}</CardTitle>
        <CardDescription>{t("queue.slots.add.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/queue" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <fieldset aria-describedby={fields.weekdays.errors?.length ? fields.weekdays.errorId : undefined} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("queue.slots.add.days")}</legend>
            <div className="grid grid-cols-7 gap-1">
              {days.map(({ key, ...props }, index) => (
                <label
                  key={key}
                  className={cn(
                    "flex h-10 cursor-pointer items-center justify-center rounded-md border text-xs font-medium capitalize transition-colors select-none hover:border-primary",
                    "has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
                    "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
                  )}
                >
                  <input {...props} className="sr-only" />
                  <span aria-hidden>{short[index]?.replace(/\.$/, "")}</span>
                  <span className="sr-only">{long[index]}</span>
                </label>
              ))}
            </div>
            <ErrorList id={fields.weekdays.errorId} errors={fields.weekdays.errors} />
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.time.id}>{t("queue.slots.add.time")}</Label>
            <Input {...getInputProps(fields.time, { type: "time" })} key={fields.time.key} step={60} required={false} />
            <ErrorList id={fields.time.errorId} errors={fields.time.errors} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.channelId.id}>{t("queue.slots.add.account")}</Label>
            <select
              {...getSelectProps(fields.channelId)}
              key={fields.channelId.key}
              className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="">{t("queue.slots.everyAccount")}</option>
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {`${accountLabel(channel)} · ${t(`composer.network.${channel.network}`)}`}
                </option>
              ))}
            </select>
            <ErrorList id={fields.channelId.errorId} errors={fields.channelId.errors} />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <StatusButton name="intent" value="add" pending={fetcher.state !== "idle" || undefined}>
            <Plus aria-hidden />
            {t("queue.slots.add.submit")}
          </StatusButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
