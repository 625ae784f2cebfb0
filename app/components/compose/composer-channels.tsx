import { getCollectionProps } from "@conform-to/react";
import { Check, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { initials, shownAvatar } from "~/components/posts/target-previews";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { handleLabel } from "~/modules/connections/account-label";
import type { ComposerPage } from "~/modules/posts/quick-compose.server";

type CollectionField = Parameters<typeof getCollectionProps>[0];

/**
 * "Post to": the user's accounts as toggles (avatar, name, network), and a Connect button for each
 * network ready on this server that the user has no account on. Connect buttons submit the
 * composer's form, so the draft is saved before leaving for the network.
 */
export function ComposerChannels({ field, page }: { field: CollectionField; page: Pick<ComposerPage, "channels" | "usable" | "connectable"> }) {
  const { t } = useTranslation();
  const options = getCollectionProps(field, { type: "checkbox", options: page.channels.map((channel) => channel.id) });
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t("composer.quick.postTo")}</legend>
      {page.channels.length === 0 ? <p className="text-sm text-muted-foreground">{t("composer.quick.noAccounts")}</p> : null}
      <div className="flex flex-wrap gap-2">
        {options.map(({ key, ...props }, index) => {
          const channel = page.channels[index];
          if (!channel) return null;
          const avatar = shownAvatar(channel.avatarUrl);
          return (
            <label
              key={key}
              className="group flex max-w-full cursor-pointer items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm shadow-xs transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring"
            >
              <input {...props} className="peer sr-only" />
              <span className="relative shrink-0">
                {avatar ? (
                  <img src={avatar} alt="" className={`size-7 object-cover ${channel.kind === "page" ? "rounded-md" : "rounded-full"}`} />
                ) : (
                  <span aria-hidden className="grid size-7 place-items-center rounded-full bg-muted text-xs font-semibold">
                    {initials(channel.displayName)}
                  </span>
                )}
                <span className="absolute -right-1 -bottom-1 grid size-4 place-items-center rounded-full bg-background ring-1 ring-border">
                  <PlatformIcon platform={channel.network} className="size-2.5" />
                </span>
              </span>
              <span className="flex min-w-0 flex-col leading-tight">
                <span className="truncate font-medium">{channel.displayName}</span>
                <span className="truncate text-xs text-muted-foreground">
                  <span className="sr-only">{t(`composer.network.${channel.network}`)} </span>
                  {handleLabel(channel) ?? t(`composer.network.${channel.network}`)}
                </span>
              </span>
              {channel.kind === "page" ? <Badge>{t("composer.pageTag")}</Badge> : null}
              {page.usable.includes(channel.id) ? null : <Badge tone="warning">{t("composer.quick.reconnect")}</Badge>}
              <Check aria-hidden className="hidden size-4 shrink-0 text-primary group-has-[:checked]:block" />
            </label>
          );
        })}
        {page.connectable.map(({ network }) => (
          <Button key={network} type="submit" name="intent" value={`connect:${network}`} variant="outline" size="sm" className="rounded-full" formNoValidate>
            <Plus aria-hidden />
            <PlatformIcon platform={network} className="size-3.5" />
            {t("composer.quick.connect", { network: t(`composer.network.${network}`) })}
          </Button>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
