import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPlatform } from "~/core/platforms/platforms";
import { requireMember } from "~/modules/auth/guards.server";
import { completeInstanceConnect, connectsByInstance } from "~/modules/connections/instance-connect.server";
import { completeConnect } from "~/modules/connections/oauth.server";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { networkParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { initialsOf } from "~/modules/toast/toast";

/**
 * Where LinkedIn and X send the user back after consent, and each Mastodon instance (decision 57:
 * the state remembers which). Success stores the connection and returns the user where they
 * started (the wizard keeps its draft); any failure stores nothing and says 'Failed to connect
 * LinkedIn' / 'Failed to connect Twitter', or, when the user was reconnecting an existing
 * connection, 'Failed to update LinkedIn connection' / 'Failed to update Twitter connection'.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { network: provider } = getPageParams({ network: params.provider }, networkParams);
  const { user, sessionId } = await requireMember(request);
  const query = new URL(request.url).searchParams;
  const answer = { code: query.get("code"), state: query.get("state"), error: query.get("error") };
  const session = { userId: user.id, sessionId };
  const { ok, update, returnTo, displayName } = connectsByInstance(provider)
    ? await completeInstanceConnect(provider, answer, session)
    : isPlatform(provider)
      ? await completeConnect(provider, answer, session)
      : notFoundPage();
  const { t } = await getRequestT(request);
  return ok
    ? redirectWithToast(returnTo, {
        color: "success",
        // The same account again updated its channel; another account is a new channel.
        title: t(update ? `connections.updated.${provider}` : `connections.connected.${provider}`),
        description: displayName || undefined,
        // The account's initials: its picture lives on the provider's site, which the page may not load.
        avatar: displayName ? { alt: displayName, text: initialsOf(displayName) } : undefined,
      })
    : redirectWithToast(returnTo, {
        color: "error",
        title: t(update ? `connections.errors.updateFailed.${provider}` : `connections.errors.connectFailed.${provider}`),
      });
}
