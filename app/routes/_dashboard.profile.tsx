import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { AccountSection } from "~/components/profile/account-section";
import { ApiAccessSection } from "~/components/profile/api-tokens";
import { ConnectionsSection } from "~/components/profile/connections-section";
import { HelpSection, QuickActions } from "~/components/profile/help-section";
import { PasswordSection } from "~/components/profile/password-section";
import { SubscriptionSection } from "~/components/profile/subscription-section";
import { billingAccount } from "~/modules/billing/account.server";
import { changePassword, sendVerificationEmail } from "~/modules/auth/auth.server";
import { requireMember } from "~/modules/auth/guards.server";
import { changePasswordSchema } from "~/modules/auth/schemas";
import { countSessions, revokeSessions } from "~/modules/auth/session.server";
import { AppError, isAppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { resultFor } from "~/modules/forms/reply";
import { sessionClient } from "~/modules/http/context";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { logger } from "~/core/logger/logger.server";
import { listChannels, networkAvailability } from "~/modules/connections/connection.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { isPlatform } from "~/core/platforms/platforms";
import { queueSummary } from "~/modules/queue/slot-edits.server";
import { formatSlotTime } from "~/modules/queue/slot-notes";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { timezoneFormSchema } from "~/modules/users/schemas";
import { listTimeZones } from "~/modules/users/timezone.server";
import { getUserProfile, updateTimezone } from "~/modules/users/user.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "profile.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, workspace } = await requireMember(request);
  const [profile, sessions, billing, channels] = await Promise.all([
    getUserProfile(user.id),
    countSessions(user.id),
    billingAccount(user.id),
    listChannels(workspace.id),
  ]);
  return { profile, sessions, billing, channels, networks: networkAvailability(), timeZones: listTimeZones() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, sessionId, actor } = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t, locale } = await getRequestT(request);
  const done = (title: string, init?: ResponseInit) => redirectWithToast("/profile", { color: "success", title }, init);

  try {
    switch (intent) {
      case "changePassword": {
        const submission = parseWithZod(formData, { schema: changePasswordSchema });
        const hideFields = ["currentPassword", "newPassword", "confirmNewPassword"];
        if (submission.status !== "success") return replyInvalid(submission, { intent, hideFields });
        let cookie: string;
        try {
          ({ cookie } = await changePassword(user.id, submission.value, sessionClient(request, context)));
        } catch (error) {
          // An unexpected failure still answers 'Failed to update password.'
          if (!isAppError(error)) logger.error({ err: error, userId: user.id }, "Password change failed");
          const failure = isAppError(error) ? error : new AppError("password_update_failed", "profile.password.failed");
          return replyWithError(request, submission, failure, { intent, hideFields });
        }
        // The session was rotated: this browser carries on with the new cookie.
        return done(t("profile.password.updated"), { headers: { "Set-Cookie": cookie } });
      }
      case "updateTimezone": {
        const submission = parseWithZod(formData, { schema: timezoneFormSchema });
        if (submission.status !== "success") return replyInvalid(submission, { intent });
        await updateTimezone(user.id, submission.value.timezone);
        // Queue slots are wall-clock times: they keep them in the new zone, and the toast says so.
        const queue = await queueSummary(user.id);
        if (!queue.firstTime) return done(t("profile.account.timezoneSaved"));
        const time = formatSlotTime(queue.firstTime, locale);
        const kept = `${t("profile.account.timezoneSlotsKept", { count: queue.count })} ${t("profile.account.timezoneSlotsExample", { time, zone: submission.value.timezone.replace(/_/g, " ") })}`;
        return redirectWithToast("/profile", { color: "success", title: t("profile.account.timezoneSaved"), description: kept });
      }
      case "resendVerification":
        await sendVerificationEmail(user.id);
        return done(t("profile.account.verificationSent"));
      // Version 1's form (a network's first channel); one channel is disconnected at /profile/channels/{id}/disconnect.
      case "disconnect": {
        const provider = formData.get("provider");
        if (!isPlatform(provider)) return replyMessages([t("errors.validationFailed")], 400);
        try {
          const { flaggedPosts } = await disconnect(actor, provider);
          return redirectWithToast("/profile#connections", {
            color: "success",
            title: t(`connections.disconnected.${provider}`),
            description: flaggedPosts ? t("connections.flaggedPosts", { count: flaggedPosts }) : undefined,
          });
        } catch (error) {
          // Any failure says 'Failed to disconnect LinkedIn / Twitter'.
          if (!isAppError(error)) logger.error({ err: error, userId: user.id, provider }, "Disconnect failed");
          return redirectWithToast("/profile#connections", { color: "error", title: t(`connections.errors.disconnectFailed.${provider}`) });
        }
      }
      case "signOutOthers": {
        const count = await revokeSessions(user.id, sessionId);
        return done(t("profile.quick.signedOutOthers", { count }));
      }
      default:
        return replyMessages([t("errors.validationFailed")], 400);
    }
  } catch (error) {
    rethrowUnlessAppError(error);
    return redirectWithToast("/profile", { color: "error", title: t(error.messageKey, error.options.values) });
  }
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { profile, sessions, billing, channels, networks, timeZones } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <AccountSection profile={profile} timeZones={timeZones} lastResult={resultFor(reply, "updateTimezone")} />
          <PasswordSection lastResult={resultFor(reply, "changePassword")} />
          <ConnectionsSection channels={channels} networks={networks} isAdmin={profile.isAdmin} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <SubscriptionSection subscription={profile.subscription} billing={billing} />
          <QuickActions sessions={sessions} />
          <ApiAccessSection />
          <HelpSection />
        </div>
      </div>
    </>
  );
}
