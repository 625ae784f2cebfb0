import { parseWithZod } from "@conform-to/zod/v4";
import { asActor, type Acting } from "~/modules/workspaces/owner";
import { redirect } from "@remix-run/node";
import { AppError, isAppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { applyScheduleChoice, type ScheduleOutcome } from "./schedule.server";
import { forgetPendingSchedule, readPendingSchedule, rememberPendingSchedule } from "./pending-schedule.server";
import { formatDateTime } from "./schedule-time";
import { RESUME_PARAM } from "./pending-schedule";
import { scheduleFormSchema } from "./schemas";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { ToastInput } from "~/modules/toast/toast";

/**
 * The schedule form's action, shared by the wizard's last step, the post's schedule page and its
 * dialog: the post's page with a toast that says when, or the form's reply (a platform not
 * connected answers `connect`, and the page offers to connect it).
 */
export async function submitScheduleForm(request: Request, formData: FormData, who: Acting, postId: string) {
  const { userId } = asActor(who.actor);
  const submission = parseWithZod(formData, { schema: scheduleFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const outcome = await applyScheduleChoice(who, postId, submission.value);
    return redirectWithToast(`/posts/${postId}`, await scheduledToast(request, outcome, who.timezone));
  } catch (error) {
    if (isAppError(error)) {
      // This form has no text field: every problem is said at the form's level.
      const answer = await replyWithError(request, submission, new AppError(error.code, error.messageKey, { values: error.options.values }));
      // "Connect first": the choice is kept, and applied once the user is back from connecting.
      if (error.code === "accounts_not_connected") {
        answer.init = { ...answer.init, headers: { "Set-Cookie": await rememberPendingSchedule(userId, postId, submission.value) } };
      }
      return answer;
    }
    // An unexpected failure still says 'Failed to create posts.', and keeps the post.
    logger.error({ err: error, postId }, "Scheduling failed");
    return replyWithError(request, submission, new AppError("schedule_failed", "create.schedule.failed"));
  }
}

/**
 * Back from connecting after "connect first": the choice the user confirmed is applied now, and the
 * post's page says so; refused again, the page says why. Nothing pending: null, the page shows.
 * Single use: the remembered choice is forgotten either way.
 */
export async function resumePendingSchedule(request: Request, who: Acting, postId: string): Promise<Response | null> {
  const { userId } = asActor(who.actor);
  const url = new URL(request.url);
  if (!url.searchParams.has(RESUME_PARAM)) return null;
  url.searchParams.delete(RESUME_PARAM);
  const pending = await readPendingSchedule(request, userId, postId);
  // Nothing remembered (or not this post's): the page, without the query.
  if (!pending) return redirect(`${url.pathname}${url.search}`);
  const init = { headers: { "Set-Cookie": await forgetPendingSchedule() } };
  try {
    const outcome = await applyScheduleChoice(who, postId, pending.choice);
    return redirectWithToast(`/posts/${postId}`, await scheduledToast(request, outcome, who.timezone), init);
  } catch (error) {
    rethrowUnlessAppError(error);
    const { t } = await getRequestT(request);
    return redirectWithToast(`${url.pathname}${url.search}`, { color: "error", title: t(error.messageKey, error.options.values) }, init);
  }
}

export async function scheduledToast(request: Request, outcome: ScheduleOutcome, timezone: string): Promise<ToastInput> {
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
