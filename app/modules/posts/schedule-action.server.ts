import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { linkedinExpiryBefore } from "~/modules/connections/reconnect.server";
import { logger } from "~/modules/logger/logger.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { publishNow, schedulePost } from "./post.server";
import { resolveScheduleChoice } from "./schedule-input";
import { formatDateTime } from "./schedule-time";
import { scheduleFormSchema } from "./schemas";

/**
 * The schedule form's action, shared by the wizard's last step, the post's schedule page and its
 * modal: publish now or at a local time, every platform rule checked first. A platform that is
 * not connected answers with `connect` (the page shows 'Please connect your accounts first').
 */
export async function submitSchedule(request: Request, formData: FormData, user: { id: string; timezone: string }, postId: string) {
  const submission = parseWithZod(formData, { schema: scheduleFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { t, locale } = await getRequestT(request);
  try {
    const choice = resolveScheduleChoice(submission.value, user.timezone);
    if (choice.now) {
      await publishNow(user.id, postId);
      return redirectWithToast(`/posts/${postId}`, { type: "success", title: t("create.schedule.publishingNow") });
    }
    const post = await schedulePost(user.id, postId, choice.at);
    const lang = isLocale(locale) ? locale : "en";
    const when = formatDateTime(choice.at, user.timezone, lang);
    const scheduledFor = choice.ambiguous
      ? t("create.schedule.scheduledAmbiguous", { when, offset: choice.offset })
      : t("create.schedule.scheduledFor", { when });
    // LinkedIn tokens end after 60 days: say so now if this post is due after the end.
    const expiry = post.platforms.includes("linkedin") ? await linkedinExpiryBefore(user.id, choice.at) : null;
    return redirectWithToast(`/posts/${postId}`, {
      type: expiry ? "warning" : "success",
      title: t("create.schedule.scheduled"),
      description: expiry ? `${scheduledFor} ${t("create.schedule.linkedinExpires", { date: formatDateTime(expiry, user.timezone, lang) })}` : scheduledFor,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "accounts_not_connected") {
      const platforms = String(error.options.values?.platforms ?? "")
        .split(",")
        .filter(Boolean);
      return data({ intent: null, result: submission.reply(), connect: platforms }, { status: 409 });
    }
    // This form has no text or scheduledAt field: every problem is said at the form's level.
    if (isAppError(error)) return replyWithError(request, submission, new AppError(error.code, error.messageKey, { values: error.options.values }));
    // An unexpected failure still says 'Failed to create posts.', and keeps the post.
    logger.error({ err: error, postId }, "Scheduling failed");
    return replyWithError(request, submission, new AppError("schedule_failed", "create.schedule.failed"));
  }
}
