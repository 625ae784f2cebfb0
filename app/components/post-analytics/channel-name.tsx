import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { isNetworkId } from "~/core/platforms/platforms";
import type { ChannelTotals } from "~/modules/metrics/analytics";

/** A channel as the user knows it: its network's icon, its name, the network. */
export function ChannelName({ channel }: { channel: Pick<ChannelTotals, "network" | "name" | "channelId"> }) {
  const { t } = useTranslation();
  const network = t(`composer.network.${channel.network}` as "composer.network.twitter");
  return (
    <span className="flex min-w-0 items-center gap-2">
      {isNetworkId(channel.network) ? <PlatformIcon platform={channel.network} className="size-4 shrink-0" /> : null}
      <span className="truncate font-medium">{channel.channelId ? channel.name || network : t("analyticsPage.removedChannel", { network })}</span>
      {channel.channelId && channel.name ? <span className="shrink-0 text-sm text-muted-foreground">{network}</span> : null}
    </span>
  );
}
