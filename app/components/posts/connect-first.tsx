import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { ConnectForm } from "~/components/profile/connections-section";
import { RESUME_PARAM } from "~/modules/posts/pending-schedule";
import type { Platform } from "~/core/platforms/platforms";

/**
 * 'Please connect your accounts first': a dialog with JavaScript, the same words
 * in a panel on the page without it. `platforms` is the list the server refused.
 */
export function ConnectFirst({ platforms, token, className }: { platforms: Platform[] | null | undefined; token?: unknown; className?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  // Back here after connecting, the choice the user confirmed is applied (RESUME_PARAM): no second Confirm.
  const returnTo = `${location.pathname}?${RESUME_PARAM}=1`;
  const [open, setOpen] = useState(Boolean(platforms?.length));
  // Each refusal (a new action answer) opens it again.
  useEffect(() => setOpen(Boolean(platforms?.length)), [platforms, token]);
  if (!platforms?.length) return null;
  const names = platforms.map((p) => t(`platforms.${p}`)).join(t("create.schedule.and"));
  const body = (
    <>
      <p className="text-sm">{t("create.schedule.connectText", { platforms: names })}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {hydrated ? (
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t("common.cancel")}
          </Button>
        ) : null}
        {/* Connecting comes back here: the post and the form are as they were. */}
        {platforms.map((platform) => (
          <ConnectForm
            key={platform}
            provider={platform}
            returnTo={returnTo}
            label={t("profile.connections.connect", { platform: t(`platforms.${platform}`) })}
          />
        ))}
      </div>
    </>
  );
  if (hydrated) {
    return (
      <Dialog open={open} onOpenChange={setOpen} title={t("create.schedule.connectTitle")}>
        {body}
      </Dialog>
    );
  }
  return (
    <section
      role="alert"
      aria-labelledby="connect-first-title"
      className={cn("flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4", className)}
    >
      <h2 id="connect-first-title" className="font-semibold">
        {t("create.schedule.connectTitle")}
      </h2>
      {body}
    </section>
  );
}
