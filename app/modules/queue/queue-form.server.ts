import { logger } from "~/core/logger/logger.server";
import type { Acting } from "~/modules/workspaces/owner";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { formatDateTime } from "~/modules/posts/schedule-time";
import type { ToastInput } from "~/modules/toast/toast";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { addToQueue } from "./queue.server";

// "Add to queue" from the pages (the post's page, the posts list, the composer): docs/decisions/0072.

/** The toast that says a post went into the queue, and when it goes out. */
export async function queuedToast(request: Request, scheduledAt: Date, timezone: string): Promise<ToastInput> {
  const { t, locale } = await getRequestT(request);
  const when = formatDateTime(scheduledAt, timezone, isLocale(locale) ? locale : "en");
  return { color: "success", icon: "calendar", title: t("queue.add.done"), description: t("create.schedule.scheduledFor", { when }) };
}

/**
 * Adds the post to the queue and goes to `back` with a toast saying when it goes out, or to
 * `backOnFailure` saying why it could not (no slot, an account to reconnect, the plan's limit…): the
 * post is untouched then.
 */
export async function addToQueueAndReturn(request: Request, who: Acting, postId: string, back: string, backOnFailure: string = back): Promise<Response> {
  const { t } = await getRequestT(request);
  try {
    const post = await addToQueue(who.actor, postId);
    return redirectWithToast(back, await queuedToast(request, post.scheduledAt ?? new Date(), who.timezone));
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, postId }, "Adding a post to the queue failed");
    const failure = isAppError(error) ? error : new AppError("schedule_failed", "create.schedule.failed");
    // A post that is not the user's is a 404, as everywhere else.
    if (failure.status === 404) notFoundPage();
    return redirectWithToast(backOnFailure, { color: "error", title: t(failure.messageKey, failure.options.values) });
  }
}
