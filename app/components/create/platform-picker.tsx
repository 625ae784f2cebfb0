import { getCollectionProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import { ErrorList } from "~/components/ui/field";
import { PLATFORMS, type Platform } from "~/modules/platforms/platforms";

/** LinkedIn and X as two large checkboxes, each saying whether the account is connected. */
type CollectionField = Parameters<typeof getCollectionProps>[0];

export function PlatformPicker({ field, connected }: { field: CollectionField; connected: Platform[] }) {
  const { t } = useTranslation();
  const options = getCollectionProps(field, { type: "checkbox", options: [...PLATFORMS] });
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="flex flex-col gap-3">
      <legend className="mb-3 font-medium">{t("create.platforms.legend")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ key, ...props }) => {
          const platform = props.value as Platform;
          return (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input {...props} className="size-4 accent-primary" />
              <PlatformIcon platform={platform} className="size-6" />
              <span className="flex flex-1 flex-col">
                <span className="font-medium">{t(`platforms.${platform}`)}</span>
                <span className="text-xs text-muted-foreground">{t(`create.platforms.limit.${platform}`)}</span>
              </span>
              {connected.includes(platform) ? (
                <Badge tone="success">{t("create.platforms.connected")}</Badge>
              ) : (
                <Badge>{t("create.platforms.notConnected")}</Badge>
              )}
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
