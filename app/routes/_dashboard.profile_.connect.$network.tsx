import { parseWithZod } from "@conform-to/zod/v4";
import { redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppPasswordForm } from "~/components/profile/app-password-form";
import { InstanceForm } from "~/components/profile/instance-form";
import { logger } from "~/core/logger/logger.server";
import { requireMember } from "~/modules/auth/guards.server";
import { appPasswordHelpUrl, connectWithAppPassword } from "~/modules/connections/app-password.server";
import { listChannels } from "~/modules/connections/connection.server";
import { connectsByInstance, startInstanceConnect } from "~/modules/connections/instance-connect.server";
import { appPasswordFormSchema, instanceFormSchema } from "~/modules/connections/schemas";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { resultFor } from "~/modules/forms/reply";
import { networkParams } from "~/modules/http/params.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { safeRedirect } from "~/modules/http/redirect";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "profile.connections.title" };

// Connecting a network without a server-wide OAuth app: with an app password (Bluesky, decision
// 56; the app password is never kept in the form's reply, hideFields), or by naming an instance
// (Mastodon, decision 57: the form goes on to that instance's consent page). 404 for the others.
const hideFields = ["appPassword"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { workspace } = await requireMember(request, "manage");
  const { network } = getPageParams(params, networkParams);
  const reconnect = (await listChannels(workspace.id)).some((channel) => channel.network === network);
  if (connectsByInstance(network)) {
    // Reconnecting an account comes prefilled with its instance (?instance=host).
    const instance = (new URL(request.url).searchParams.get("instance") ?? "").slice(0, 300);
    return { method: "instance" as const, network, instance, reconnect, helpUrl: null };
  }
  const helpUrl = appPasswordHelpUrl(network);
  if (!helpUrl) notFoundPage();
  return { method: "app_password" as const, network, helpUrl, reconnect, instance: "" };
}

/** Where to go once connected: the page that sent the user here (the composer), else the profile. */
function returnToOf(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/profile#connections");
}

async function connectByInstance(request: Request, network: Parameters<typeof startInstanceConnect>[2], formData: FormData) {
  const { user, sessionId, workspace } = await requireMember(request, "manage");
  const submission = parseWithZod(formData, { schema: instanceFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    return redirectDocument(
      await startInstanceConnect(user, sessionId, network, submission.value, { returnTo: returnToOf(request), workspaceId: workspace.id }),
    );
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, userId: user.id, network }, "Instance connection failed to start");
    const failure = isAppError(error) ? error : new AppError("connect_failed", `connections.errors.connectFailed.${network}`);
    return replyWithError(request, submission, failure);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, workspace } = await requireMember(request, "manage");
  const { network } = getPageParams(params, networkParams);
  const formData = await request.formData();
  if (connectsByInstance(network)) return connectByInstance(request, network, formData);
  if (!appPasswordHelpUrl(network)) notFoundPage();
  const submission = parseWithZod(formData, { schema: appPasswordFormSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const { t } = await getRequestT(request);
  try {
    const { update } = await connectWithAppPassword(user, network, submission.value, workspace.id);
    return redirectWithToast(returnToOf(request), {
      color: "success",
      title: t(update ? `connections.updated.${network}` : `connections.connected.${network}`),
    });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, userId: user.id, network }, "App password connection failed");
    const failure = isAppError(error) ? error : new AppError("connect_failed", `connections.errors.connectFailed.${network}`);
    return replyWithError(request, submission, failure, { hideFields });
  }
}

export default function ConnectWithoutOAuthAppPage() {
  const { method, network, helpUrl, reconnect, instance } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (method === "instance") return <InstanceForm network={network} instance={instance} reconnect={reconnect} lastResult={resultFor(reply)} />;
  return <AppPasswordForm network={network} helpUrl={helpUrl} reconnect={reconnect} lastResult={resultFor(reply)} />;
}
