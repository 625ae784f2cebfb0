import { LinkedInIcon, XIcon } from "~/components/icons/brands";
import { useTranslation } from "react-i18next";
import type { ServiceEntry } from "~/modules/connections/connection.server";
import { Badge } from "~/components/ui/badge";
import { ProfileSection } from "./section";

const platforms = {
  linkedin: { icon: LinkedInIcon, labelKey: "platforms.linkedin" },
  twitter: { icon: XIcon, labelKey: "platforms.twitter" },
} as const;

export function ConnectionsSection({ services }: { services: ServiceEntry[] }) {
  const { t } = useTranslation();
  return (
    <ProfileSection id="connections" title={t("profile.connections.title")} description={t("profile.connections.description")}>
      <ul className="flex flex-col divide-y">
        {services.map((service) => {
          const { icon: Icon, labelKey } = platforms[service.serviceName];
          return (
            <li key={service.serviceName} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span className="grid size-10 place-items-center rounded-lg bg-muted">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="flex-1 font-medium">{t(labelKey)}</span>
              {service.connected ? (
                <Badge tone="success">{t("profile.connections.connected")}</Badge>
              ) : (
                <Badge>{t("profile.connections.notConnected")}</Badge>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 rounded-md bg-muted p-3 text-sm text-muted-foreground">{t("profile.connections.later")}</p>
    </ProfileSection>
  );
}
