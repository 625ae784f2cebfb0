import { getCollectionProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { initials, shownAvatar } from "~/components/posts/target-previews";
import { Badge } from "~/components/ui/badge";
import { ErrorList } from "~/components/ui/field";
import { handleLabel } from "~/modules/connections/account-label";
import type { ChannelChoice } from "~/modules/connections/connection.server";

type CollectionField = Parameters<typeof getCollectionProps>[0];

/** The user's accounts as checkboxes (avatar, name, handle): shown once a network has several. */
export function ChannelPicker({ field, channels }: { field: CollectionField; channels: ChannelChoice[] }) {
  const { t } = useTranslation();
  const options = getCollectionProps(field, { type: "checkbox", options: channels.map((channel) => channel.id) });
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">{t("composer.accounts.legend")}</legend>
      <p className="text-sm text-muted-foreground">{t("composer.accounts.description")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ key, ...props }, index) => {
          const channel = channels[index];
          if (!channel) return null;
          return (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring"
            >
              <input {...props} className="size-4 shrink-0 accent-primary" />
              {shownAvatar(channel.avatarUrl) ? (
                <img
                  src={shownAvatar(channel.avatarUrl) ?? undefined}
                  alt=""
                  className={`size-10 shrink-0 object-cover ${channel.kind === "page" ? "rounded-lg" : "rounded-full"}`}
                />
              ) : (
                <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-muted text-sm font-semibold">
                  {initials(channel.displayName)}
                </span>
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{channel.displayName}</span>
                <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                  <PlatformIcon platform={channel.network} className="size-3.5 shrink-0" />
                  <span className="sr-only">{t(`composer.network.${channel.network}`)}</span>
                  <span className="truncate">{handleLabel(channel)}</span>
                </span>
              </span>
              {channel.kind === "page" ? <Badge>{t("composer.pageTag")}</Badge> : null}
              {channel.status === "needs_reconnect" ? <Badge tone="warning">{t("create.platforms.notConnected")}</Badge> : null}
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
