import { Form, Link, useLocation } from "@remix-run/react";
import { Building2, Link2, Plus, RefreshCw, Unlink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { shownAvatar } from "~/components/posts/target-previews";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { StatusButton } from "~/components/ui/status-button";
import { accountLabel, handleLabel } from "~/modules/connections/account-label";
import type { ChannelEntry, ConnectMethod } from "~/modules/connections/connection.server";
import { networkRules } from "~/modules/networks/rules";
import type { NetworkId } from "~/core/platforms/platforms";
import { initialsOf } from "~/modules/toast/toast";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";
import { useCan } from "~/utils/use-root-data";
import { ProfileSection } from "./section";

/**
 * Connect or reconnect an account: a plain form, so it works without JavaScript. A network that
 * connects with an app password (`method`) opens Plume's own form instead of the network's consent page.
 */
export function ConnectForm({
  provider,
  label,
  accessibleLabel,
  returnTo,
  prompt,
  icon = prompt ? "reconnect" : "connect",
  variant = "default",
  method = "oauth",
  instance,
}: {
  provider: string;
  method?: ConnectMethod;
  /** Where the account is (Mastodon): the instance form comes prefilled with it. */
  instance?: string | null;
  label: string;
  /** The button's full name when the visible label alone is ambiguous ("Reconnect" → "Reconnect X User 1 (@xuser1)"). */
  accessibleLabel?: string;
  returnTo?: string;
  prompt?: "login";
  icon?: "connect" | "reconnect" | "add";
  variant?: "default" | "outline";
}) {
  const location = useLocation();
  const Icon = icon === "reconnect" ? RefreshCw : icon === "add" ? Plus : Link2;
  if (method === "app_password" || method === "instance") {
    const query = method === "instance" && instance ? `?${new URLSearchParams({ instance: instanceHost(instance) })}` : "";
    return (
      <Button asChild variant={variant} size="sm">
        <Link to={`/profile/connect/${provider}${query}`} aria-label={accessibleLabel}>
          <Icon aria-hidden />
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <Form method="post" action={`/auth/connect/${provider}`} reloadDocument>
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      {prompt ? <input type="hidden" name="prompt" value={prompt} /> : null}
      <StatusButton variant={variant} size="sm" aria-label={accessibleLabel}>
        <Icon aria-hidden />
        {label}
      </StatusButton>
    </Form>
  );
}

/** "https://mastodon.social" → "mastodon.social" (an allowed http origin stays whole). */
function instanceHost(origin: string): string {
  return origin.startsWith("https://") ? origin.slice("https://".length) : origin;
}

export const disconnectPath = (channelId: string) => `/profile/channels/${channelId}/disconnect`;

/** Asks first: a dialog once the page is interactive, a confirmation page without JavaScript. */
function DisconnectButton({ channel }: { channel: ChannelEntry }) {
  const { t } = useTranslation();
  const account = accountLabel(channel);
  return (
    <ConfirmButton
      path={disconnectPath(channel.id)}
      icon={Unlink}
      label={t("profile.connections.disconnectShort")}
      name={t("profile.connections.disconnectAccount", { account })}
      title={t("profile.connections.confirmAccountTitle", { account })}
      description={t("profile.connections.confirmAccount", { account, platform: t(`platforms.${channel.network}`) })}
    >
      <p className="text-sm text-muted-foreground">{t("profile.connections.confirmPosts")}</p>
    </ConfirmButton>
  );
}

/** The account's picture (the app's copy, docs/decisions/0053) or, without one, its initials; the network's badge on it. */
export function ChannelAvatar({
  channel,
}: {
  channel: Pick<ChannelEntry, "displayName" | "handle" | "network" | "avatarUrl"> & { kind?: ChannelEntry["kind"] };
}) {
  const avatar = shownAvatar(channel.avatarUrl);
  // A page's logo is square, as the network shows it; a person's picture round.
  const shape = channel.kind === "page" ? "rounded-lg" : "rounded-full";
  return (
    <span className={`relative grid size-10 shrink-0 place-items-center ${shape} bg-primary/10 text-sm font-semibold text-primary`} aria-hidden>
      {avatar ? <img src={avatar} alt="" className={`size-10 ${shape} object-cover`} /> : initialsOf(channel.displayName || channel.handle || "?")}
      <span className="absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full border bg-card">
        <PlatformIcon platform={channel.network} className="size-3" />
      </span>
    </span>
  );
}

function ChannelRow({ channel, method }: { channel: ChannelEntry; method: ConnectMethod }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const account = accountLabel(channel);
  const handle = handleLabel(channel);
  const canManage = useCan("manage");
  const needsReconnect = channel.status === "needs_reconnect";
  // A page publishes with its member's access (docs/decisions/0058): it is renewed by reconnecting the member.
  const isPage = channel.kind === "page";
  return (
    <li className="flex flex-col gap-3 py-3" data-channel={channel.id} data-kind={channel.kind}>
      <div className="flex items-start gap-3">
        <ChannelAvatar channel={channel} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 truncate font-medium">{channel.displayName || handle}</span>
            {isPage ? (
              <Badge>
                <Building2 aria-hidden className="size-3" />
                {t("profile.pages.tag")}
              </Badge>
            ) : null}
            {needsReconnect ? (
              <Badge tone="warning">{t("profile.connections.needsReconnect")}</Badge>
            ) : (
              <Badge tone="success">{t("profile.connections.connected")}</Badge>
            )}
          </span>
          <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
            {[channel.displayName ? handle : null, t(`platforms.${channel.network}`)].filter(Boolean).join(" · ")}
          </span>
          <span className="text-xs text-muted-foreground">{t("profile.connections.since", { date: formatDate(channel.connectedAt, "date") })}</span>
          {channel.accessEndsAt && !needsReconnect ? (
            <span className="text-xs text-muted-foreground">{t("profile.connections.expires", { date: formatDate(channel.accessEndsAt) })}</span>
          ) : null}
          {isPage && channel.via && !needsReconnect ? (
            <span className="text-xs text-muted-foreground">{t("profile.pages.via", { account: channel.via })}</span>
          ) : null}
          {isPage && needsReconnect ? <span className="text-xs text-muted-foreground">{t("profile.pages.viaGone")}</span> : null}
          {channel.kind === "member" && channel.pages === "not_granted" ? (
            <span className="text-xs text-muted-foreground">{t("profile.pages.notGranted", { account })}</span>
          ) : null}
        </div>
      </div>
      {/* Connecting, reconnecting and disconnecting are the workspace's admins' (the server refuses the others). */}
      <div className={cn("flex flex-wrap gap-2 sm:pl-13", !canManage && "hidden")}>
        {channel.kind === "member" && channel.pages === "available" ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/profile/channels/${channel.id}/pages`} aria-label={t("profile.pages.addPageFor", { account })}>
              <Building2 aria-hidden />
              {t("profile.pages.addPage")}
            </Link>
          </Button>
        ) : null}
        {isPage && !needsReconnect ? null : (
          <ConnectForm
            provider={channel.network}
            label={t("profile.connections.reconnect")}
            accessibleLabel={t("profile.connections.reconnectAccount", { account })}
            returnTo="/profile#connections"
            prompt={networkRules(channel.network).switchAccount === "login" ? "login" : undefined}
            icon="reconnect"
            variant={needsReconnect ? "default" : "outline"}
            method={method}
            instance={channel.instance}
          />
        )}
        <DisconnectButton channel={channel} />
      </div>
    </li>
  );
}

/** Every connected account, grouped by network, oldest first; each network offers one more. */
export function ConnectionsSection({
  channels,
  networks,
  isAdmin,
}: {
  channels: ChannelEntry[];
  networks: { network: NetworkId; available: boolean; method: ConnectMethod; pages?: "unsupported" | "disabled" | "enabled" }[];
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const canManage = useCan("manage");
  return (
    <ProfileSection id="connections" title={t("profile.connections.title")} description={t("profile.connections.description")}>
      <ul className="flex flex-col divide-y">
        {networks.map(({ network, available, method, pages }) => {
          const name = t(`platforms.${network}`);
          const mine = channels.filter((channel) => channel.network === network);
          const headingId = `connections-${network}`;
          return (
            <li key={network} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
              <section aria-labelledby={headingId} className="flex flex-col gap-2">
                <div className="flex items-center gap-3">
                  <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-muted">
                    <PlatformIcon platform={network} className="size-4" />
                  </span>
                  <h3 id={headingId} className="flex-1 font-medium">
                    {name}
                  </h3>
                  {!available ? (
                    <Badge tone="warning">{t("setup.notSetUp")}</Badge>
                  ) : mine.length === 0 ? (
                    <Badge>{t("profile.connections.notConnected")}</Badge>
                  ) : (
                    <span className="text-xs text-muted-foreground">{t("profile.connections.accountCount", { count: mine.length })}</span>
                  )}
                </div>
                {mine.length > 0 ? (
                  <ul className="flex flex-col divide-y rounded-lg border px-3">
                    {mine.map((channel) => (
                      <ChannelRow key={channel.id} channel={channel} method={method} />
                    ))}
                  </ul>
                ) : null}
                {!available ? (
                  <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
                    {isAdmin ? (
                      <>
                        {t(`profile.connections.unavailableAdmin.${network}`)}{" "}
                        <Link to="/admin/settings#networks" className="font-medium text-primary hover:underline">
                          {t("setup.notSetUpAdmin")}
                        </Link>
                      </>
                    ) : (
                      t("setup.notSetUpUser", { platform: name })
                    )}
                  </p>
                ) : (
                  <>
                    {networkRules(network).switchAccount === "login" && mine.length > 0 ? (
                      <p className="text-xs text-muted-foreground">{t("profile.connections.sameMember")}</p>
                    ) : null}
                    {pages === "disabled" ? (
                      <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground" data-pages="unavailable">
                        {t("profile.pages.notAvailable")}
                      </p>
                    ) : null}
                    {canManage ? null : <p className="text-sm text-muted-foreground">{t("profile.connections.adminsOnly")}</p>}
                    <div className={cn("flex flex-wrap gap-2", !canManage && "hidden")}>
                      {mine.length > 0 ? (
                        <ConnectForm
                          provider={network}
                          label={t(`profile.connections.connectAnother.${network}`)}
                          returnTo="/profile#connections"
                          // Signing in again lets another member be chosen where the network keeps one signed in;
                          // others let the user switch on their own page.
                          prompt={networkRules(network).switchAccount === "login" ? "login" : undefined}
                          icon="add"
                          variant="outline"
                          method={method}
                        />
                      ) : (
                        <ConnectForm
                          provider={network}
                          label={t("profile.connections.connect", { platform: name })}
                          returnTo="/profile#connections"
                          method={method}
                        />
                      )}
                    </div>
                  </>
                )}
              </section>
            </li>
          );
        })}
      </ul>
    </ProfileSection>
  );
}
