import { getCollectionProps } from "@conform-to/react";
import { Link2 } from "lucide-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import { ErrorList } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { PLATFORMS, type Platform } from "~/core/platforms/platforms";
import { useOptionalUser } from "~/utils/use-root-data";

/**
 * LinkedIn and X as two large checkboxes, each saying whether the account is connected. One that
 * can be connected has a "Connect" button: a submit button of the step's own form (forms do not
 * nest), which saves the choice before leaving for the platform.
 */
type CollectionField = Parameters<typeof getCollectionProps>[0];

export function PlatformPicker({ field, connected, connectable = [] }: { field: CollectionField; connected: Platform[]; connectable?: Platform[] }) {
  const { t } = useTranslation();
  const isAdmin = useOptionalUser()?.isAdmin ?? false;
  const options = getCollectionProps(field, { type: "checkbox", options: [...PLATFORMS] });
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="flex flex-col gap-3">
      <legend className="mb-3 font-medium">{t("create.platforms.legend")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ key, ...props }) => {
          const platform = props.value as Platform;
          const name = t(`platforms.${platform}`);
          return (
            <div
              key={key}
              className="flex items-center gap-3 rounded-xl border bg-card pr-4 shadow-xs transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring"
            >
              <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-4 pl-4">
                <input {...props} className="size-4 shrink-0 accent-primary" />
                <PlatformIcon platform={platform} className="size-6 shrink-0" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium">{name}</span>
                  <span className="text-xs text-muted-foreground">{t(`create.platforms.limit.${platform}`)}</span>
                </span>
              </label>
              {connected.includes(platform) ? (
                <Badge tone="success">{t("create.platforms.connected")}</Badge>
              ) : connectable.includes(platform) ? (
                <StatusButton
                  name="connect"
                  value={platform}
                  variant="outline"
                  size="sm"
                  formNoValidate
                  aria-label={t("profile.connections.connect", { platform: name })}
                >
                  <Link2 aria-hidden />
                  {t("create.platforms.connect")}
                </StatusButton>
              ) : (
                // Neither connected nor connectable: the server has no app for this network (an admin can add it).
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <Badge tone="warning">{t("setup.notSetUp")}</Badge>
                  {isAdmin ? (
                    <Link to="/admin/settings#networks" className="text-xs font-medium text-primary hover:underline">
                      {t("setup.notSetUpAdmin")}
                    </Link>
                  ) : null}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
      {connected.length === 0 && connectable.length > 0 ? <p className="text-sm text-muted-foreground">{t("create.platforms.connectHint")}</p> : null}
    </fieldset>
  );
}
