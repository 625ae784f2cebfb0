import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppPasswordForm } from "~/components/profile/app-password-form";
import { logger } from "~/core/logger/logger.server";
import { requireUser } from "~/modules/auth/guards.server";
import { appPasswordHelpUrl, connectWithAppPassword } from "~/modules/connections/app-password.server";
import { listChannels } from "~/modules/connections/connection.server";
import { appPasswordFormSchema } from "~/modules/connections/schemas";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { resultFor } from "~/modules/forms/reply";
import { networkParams } from "~/modules/http/params.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "profile.connections.title" };

// Connecting a network that signs in with an app password (Bluesky), docs/decisions/0056. The app
// password is never kept in the form's reply (hideFields) nor anywhere else.
const hideFields = ["appPassword"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { network } = getPageParams(params, networkParams);
  const helpUrl = appPasswordHelpUrl(network);
  if (!helpUrl) notFoundPage();
  const reconnect = (await listChannels(user.id)).some((channel) => channel.network === network);
  return { network, helpUrl, reconnect };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { network } = getPageParams(params, networkParams);
  if (!appPasswordHelpUrl(network)) notFoundPage();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: appPasswordFormSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const { t } = await getRequestT(request);
  try {
    const { update } = await connectWithAppPassword(user, network, submission.value);
    return redirectWithToast("/profile#connections", {
      color: "success",
      title: t(update ? `connections.updated.${network}` : `connections.connected.${network}`),
    });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, userId: user.id, network }, "App password connection failed");
    const failure = isAppError(error) ? error : new AppError("connect_failed", `connections.errors.connectFailed.${network}`);
    return replyWithError(request, submission, failure, { hideFields });
  }
}

export default function ConnectWithAppPasswordPage() {
  const { network, helpUrl, reconnect } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <AppPasswordForm network={network} helpUrl={helpUrl} reconnect={reconnect} lastResult={resultFor(reply)} />;
}
