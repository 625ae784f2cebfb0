import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { AddSlotsForm } from "~/components/queue-slots/add-slots-form";
import { ClearQueue } from "~/components/queue-slots/clear-queue";
import { QueueEmpty, NoAccountsNote, TimeZoneNote } from "~/components/queue-slots/queue-notes";
import { SlotWeek } from "~/components/queue-slots/slot-week";
import { requireMember } from "~/modules/auth/guards.server";
import { listChannelChoices } from "~/modules/connections/connection.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import type { FormReply } from "~/modules/forms/reply";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { getQueue } from "~/modules/queue/queue.server";
import { addSlotsFormSchema, MAX_QUEUE_SLOTS, removeSlotFormSchema } from "~/modules/queue/schemas";
import { addQueueSlots, clearQueue, removeQueueSlot } from "~/modules/queue/slot-edits.server";
import { formatSlotTime, skippedDaysBySlot, weekdayNames } from "~/modules/queue/slot-notes";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

// The posting-times page: the queue's weekly slots, added a few days at a time, removed one by one
// or all at once (docs/decisions/0069). The queue itself is shown in the posts area.

export const handle: RouteHandle = { title: "queue.slots.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { workspace } = await requireMember(request);
  const [queue, channels] = await Promise.all([getQueue(workspace.id), listChannelChoices(workspace.id)]);
  return { ...queue, channels, skipped: skippedDaysBySlot(queue.slots, queue.timezone, new Date()) };
}

const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t, locale } = await getRequestT(request);
  const days = weekdayNames(locale);
  const done = (toast: Parameters<typeof redirectWithToast>[1]) => redirectWithToast("/queue", toast);

  switch (intent) {
    case "add": {
      const submission = parseWithZod(formData, { schema: addSlotsFormSchema });
      if (submission.status !== "success") return replyInvalid(submission, { intent });
      const { weekdays, time, channelId } = submission.value;
      try {
        const result = await addQueueSlots(actor, { weekdays, time, channelId: channelId || null });
        if (result.ok) return done({ color: "success", icon: "calendar", title: t("queue.slots.add.added", { count: result.added }) });
        const shown = formatSlotTime(time, locale);
        const message =
          result.reason === "duplicate"
            ? t("queue.slots.errors.duplicate", { slots: result.weekdays.map((day) => `${days[day - 1]} ${shown}`).join(", ") })
            : t("queue.slots.errors.full", { max: MAX_QUEUE_SLOTS, have: result.have, adding: result.adding });
        return replyMessages([message], 422, { intent, submission });
      } catch (error) {
        rethrowUnlessAppError(error);
        return replyWithError(request, submission, error, { intent });
      }
    }
    case "remove": {
      const submission = parseWithZod(formData, { schema: removeSlotFormSchema });
      try {
        if (submission.status !== "success") return replyMessages([t("queue.slots.errors.notFound")], 400, { intent });
        const slot = await removeQueueSlot(actor, submission.value.slotId);
        // Undo adds the same slot back: a form post, so it works without JavaScript too.
        const fields = { intent: "add", weekdays: String(slot.weekday), time: slot.time, channelId: slot.channelId ?? "" };
        return done({
          color: "success",
          icon: "trash",
          // The day opens the sentence: "Samedi", though French writes day names in lower case.
          title: upperFirst(t("queue.slots.removed", { day: days[slot.weekday - 1], time: formatSlotTime(slot.time, locale) })),
          actions: [{ label: t("toast.actions.undo"), formAction: "/queue", fields }],
        });
      } catch (error) {
        rethrowUnlessAppError(error);
        return done({ color: "error", title: t(error.messageKey, error.options.values) });
      }
    }
    case "clear": {
      const count = await clearQueue(actor);
      return done({ color: "success", icon: "trash", title: t("queue.slots.clear.cleared", { count }) });
    }
    default:
      return replyMessages([t("errors.validationFailed")], 400);
  }
}

export default function QueueSlotsPage() {
  const { t } = useTranslation();
  const { timezone, slots, channels, skipped } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const accounts = Object.fromEntries(channels.map((channel) => [channel.id, channel]));
  const empty = slots.length === 0;
  return (
    <>
      <PageHeader title={t("queue.slots.title")} description={t("queue.slots.description")} />
      {/* On a phone: where the times are read, the form, then the week; on a wide screen the form sits beside them. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <TimeZoneNote timezone={timezone} />
          {channels.length === 0 ? <NoAccountsNote /> : null}
          {empty ? <QueueEmpty /> : null}
        </div>
        <AddSlotsForm
          // A fresh form (and fetcher) whenever the slots change: an add went through, so its days are
          // cleared and no earlier refusal stays on screen; an empty queue gets the suggestion again.
          key={slots.length}
          channels={channels.filter((channel) => channel.status === "active")}
          suggestFirst={empty}
          reply={reply}
          className="lg:sticky lg:top-24 lg:col-start-3 lg:row-span-2 lg:row-start-1"
        />
        {empty ? null : (
          <div className="flex min-w-0 flex-col gap-4 lg:col-span-2 lg:col-start-1 lg:row-start-2">
            <SlotWeek slots={slots} accounts={accounts} skipped={skipped} />
            <ClearQueue count={slots.length} />
          </div>
        )}
      </div>
    </>
  );
}
