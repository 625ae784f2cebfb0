import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Unlink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChannelAvatar } from "~/components/profile/connections-section";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import { logger } from "~/core/logger/logger.server";
import { requireMember } from "~/modules/auth/guards.server";
import { accountLabel } from "~/modules/connections/account-label";
import { findChannel } from "~/modules/connections/connection.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { isAppError } from "~/modules/errors/app-error";
import { channelParams } from "~/modules/http/params.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "profile.connections.confirmPage" };

/** The confirmation without JavaScript (with it, the profile's dialog posts straight to the action). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { channelId } = getPageParams(params, channelParams);
  const channel = await findChannel(actor.workspaceId, channelId);
  if (!channel) notFoundPage();
  return { channel };
}

/** Disconnects this one channel: X's tokens are revoked, posts targeting it flagged. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "manage");
  const { channelId } = getPageParams(params, channelParams);
  const { t } = await getRequestT(request);
  const back = "/profile#connections";
  const channel = await findChannel(actor.workspaceId, channelId);
  // Gone already (disconnected in another tab): say so rather than fail.
  if (!channel) return redirectWithToast(back, { color: "error", title: t("connections.errors.channelNotFound") });
  const account = accountLabel(channel);
  try {
    const { flaggedPosts } = await disconnectChannel(actor, channelId);
    return redirectWithToast(back, {
      color: "success",
      title: t("connections.channelDisconnected", { account }),
      description: flaggedPosts ? t("connections.flaggedPosts", { count: flaggedPosts }) : undefined,
    });
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, userId: user.id, channelId }, "Disconnect failed");
    return redirectWithToast(back, { color: "error", title: t("connections.errors.channelDisconnectFailed", { account }) });
  }
}

export default function DisconnectChannelPage() {
  const { t } = useTranslation();
  const { channel } = useLoaderData<typeof loader>();
  const account = accountLabel(channel);
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold">{t("profile.connections.confirmAccountTitle", { account })}</h1>
        <CardDescription>{t("profile.connections.confirmAccount", { account, platform: t(`platforms.${channel.network}`) })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <ChannelAvatar channel={channel} />
          <span className="min-w-0 truncate font-medium">{account}</span>
        </div>
        <p className="text-sm text-muted-foreground">{t("profile.connections.confirmPosts")}</p>
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to="/profile#connections">{t("common.cancel")}</Link>
          </Button>
          <StatusButton variant="destructive">
            <Unlink aria-hidden />
            {t("profile.connections.disconnectShort")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}
