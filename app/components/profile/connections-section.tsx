import { Form, useLocation } from "@remix-run/react";
import { Link2, RefreshCw, Unlink } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { StatusButton } from "~/components/ui/status-button";
import type { ServiceEntry } from "~/modules/connections/connection.server";
import { useFormatDate } from "~/utils/use-format-date";
import { useHydrated } from "~/utils/use-hydrated";
import { ProfileSection } from "./section";

/** Connect, reconnect, or disconnect an account: plain forms, so it all works without JavaScript. */
export function ConnectForm({
  provider,
  label,
  returnTo,
  prompt,
  variant = "default",
}: {
  provider: string;
  label: string;
  returnTo?: string;
  prompt?: "login";
  variant?: "default" | "outline";
}) {
  const location = useLocation();
  return (
    <Form method="post" action={`/auth/connect/${provider}`} reloadDocument>
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      {prompt ? <input type="hidden" name="prompt" value={prompt} /> : null}
      <StatusButton variant={variant} size="sm">
        {prompt ? <RefreshCw aria-hidden /> : <Link2 aria-hidden />}
        {label}
      </StatusButton>
    </Form>
  );
}

function DisconnectButton({ service }: { service: ServiceEntry }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const name = t(`platforms.${service.serviceName}`);
  const form = (
    <Form method="post" onSubmit={() => setConfirming(false)}>
      <input type="hidden" name="provider" value={service.serviceName} />
      <StatusButton name="intent" value="disconnect" variant={hydrated ? "destructive" : "ghost"} size="sm" className={hydrated ? undefined : "text-error"}>
        <Unlink aria-hidden />
        {t("profile.connections.disconnect", { platform: name })}
      </StatusButton>
    </Form>
  );
  if (!hydrated) return form;
  return (
    <>
      <Button variant="ghost" size="sm" className="text-error" onClick={() => setConfirming(true)}>
        <Unlink aria-hidden />
        {t("profile.connections.disconnectShort")}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("profile.connections.confirmTitle", { platform: name })}
        description={t("profile.connections.confirmText", { platform: name })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t("common.cancel")}
          </Button>
          {form}
        </div>
      </Dialog>
    </>
  );
}

export function ConnectionsSection({ services, isAdmin }: { services: ServiceEntry[]; isAdmin: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <ProfileSection id="connections" title={t("profile.connections.title")} description={t("profile.connections.description")}>
      <ul className="flex flex-col divide-y">
        {services.map((service) => {
          const name = t(`platforms.${service.serviceName}`);
          const needsReconnect = service.status === "needs_reconnect";
          return (
            <li key={service.serviceName} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
              <div className="flex items-start gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-muted">
                  <PlatformIcon platform={service.serviceName} className="size-5" />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-medium">{name}</span>
                  {service.connected ? (
                    <span className="truncate text-sm text-muted-foreground">
                      {t("profile.connections.as", {
                        name: service.displayName ?? "",
                        handle: service.handle ? ` (${service.serviceName === "twitter" ? "@" : ""}${service.handle})` : "",
                      })}
                    </span>
                  ) : null}
                  {service.connectedAt ? (
                    <span className="text-xs text-muted-foreground">{t("profile.connections.since", { date: formatDate(service.connectedAt, "date") })}</span>
                  ) : null}
                  {service.expiresAt ? (
                    <span className="text-xs text-muted-foreground">{t("profile.connections.expires", { date: formatDate(service.expiresAt) })}</span>
                  ) : null}
                </div>
                {!service.available ? (
                  <Badge>{t("profile.connections.unavailable")}</Badge>
                ) : needsReconnect ? (
                  <Badge tone="warning">{t("profile.connections.needsReconnect")}</Badge>
                ) : service.connected ? (
                  <Badge tone="success">{t("profile.connections.connected")}</Badge>
                ) : (
                  <Badge>{t("profile.connections.notConnected")}</Badge>
                )}
              </div>
              {!service.available ? (
                <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
                  {isAdmin ? t(`profile.connections.unavailableAdmin.${service.serviceName}`) : t("profile.connections.unavailableUser", { platform: name })}
                </p>
              ) : (
                <div className="flex flex-wrap gap-2 sm:pl-13">
                  {service.connected ? (
                    <>
                      <ConnectForm
                        provider={service.serviceName}
                        label={t("profile.connections.reconnect")}
                        returnTo="/profile#connections"
                        prompt={service.serviceName === "linkedin" ? "login" : undefined}
                        variant={needsReconnect ? "default" : "outline"}
                      />
                      <DisconnectButton service={service} />
                    </>
                  ) : (
                    <ConnectForm provider={service.serviceName} label={t("profile.connections.connect", { platform: name })} returnTo="/profile#connections" />
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </ProfileSection>
  );
}
