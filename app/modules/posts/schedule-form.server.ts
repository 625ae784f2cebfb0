import { parseWithZod } from "@conform-to/zod/v4";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { applyScheduleChoice, type ScheduleOutcome } from "./schedule.server";
import { formatDateTime } from "./schedule-time";
import { scheduleFormSchema } from "./schemas";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { ToastInput } from "~/modules/toast/toast";

/**
 * The schedule form's action, shared by the wizard's last step, the post's schedule page and its
 * dialog: the post's page with a toast that says when, or the form's reply (a platform not
 * connected answers `connect`, and the page offers to connect it).
 */
export async function submitScheduleForm(request: Request, formData: FormData, user: { id: string; timezone: string }, postId: string) {
  const submission = parseWithZod(formData, { schema: scheduleFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const outcome = await applyScheduleChoice(user, postId, submission.value);
    return redirectWithToast(`/posts/${postId}`, await scheduledToast(request, outcome, user.timezone));
  } catch (error) {
    if (isAppError(error)) {
      // This form has no text field: every problem is said at the form's level.
      return replyWithError(request, submission, new AppError(error.code, error.messageKey, { values: error.options.values }));
    }
    // An unexpected failure still says 'Failed to create posts.', and keeps the post.
    logger.error({ err: error, postId }, "Scheduling failed");
    return replyWithError(request, submission, new AppError("schedule_failed", "create.schedule.failed"));
  }
}

async function scheduledToast(request: Request, outcome: ScheduleOutcome, timezone: string): Promise<ToastInput> {
  const { t, locale } = await getRequestT(request);
  if (outcome.now) return { color: "success", icon: "send", title: t("create.schedule.publishingNow") };
  const lang = isLocale(locale) ? locale : "en";
  const when = formatDateTime(outcome.at, timezone, lang);
  const scheduledFor = outcome.ambiguous
    ? t("create.schedule.scheduledAmbiguous", { when, offset: outcome.offset })
    : t("create.schedule.scheduledFor", { when });
  const expiry = outcome.accessEnds;
  return {
    color: expiry ? "warning" : "success",
    icon: expiry ? "warning" : "calendar",
    title: t("create.schedule.scheduled"),
    actions: [{ label: t("toast.actions.newPost"), href: "/create" }],
    description: expiry
      ? `${scheduledFor} ${t("create.schedule.accessEnds", { platform: t(`platforms.${expiry.network}`), date: formatDateTime(expiry.at, timezone, lang) })}`
      : scheduledFor,
  };
}
