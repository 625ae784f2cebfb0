import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { accountLabel } from "~/modules/connections/account-label";
import { networkRules } from "~/modules/networks/rules";
import { capture } from "~/utils/analytics";
import { apiFetch, isSessionEnded } from "~/utils/api-fetch";
import { useRootData } from "~/utils/use-root-data";

const DISMISSED_KEY = "plume.reconnect.dismissed";

/**
 * The reconnect modal: when an account must be reconnected (its network's reconnectAfterDays
 * passed, or an expired or revoked token), fetch the provider's login address, open, and
 * on confirmation go there. Never on callback routes; once dismissed, not again in this tab (the
 * banner above the page stays, and is what people without JavaScript get).
 */
export function ReconnectModal() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const need = useRootData()?.reconnect ?? null;
  const [target, setTarget] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const provider = need?.provider ?? NETWORK_IDS[0];
  // Where the network keeps one member signed in, reconnecting forces its sign-in screen.
  const forceLogin = networkRules(provider).switchAccount === "login";
  const event = (name: string) => `${provider}_reconnect_${name}`;

  useEffect(() => {
    if (!need || pathname.includes("callback") || sessionStorage.getItem(DISMISSED_KEY) === need.channel.id) return;
    if (need.method === "app_password" || need.method === "instance") {
      // Plume's own form (an app password, or the instance's address, prefilled): no address to ask the network for.
      const instance = need.method === "instance" && need.channel.instance ? `?${new URLSearchParams({ instance: need.channel.instance })}` : "";
      setTarget(`/profile/connect/${need.provider}${instance}`);
      setOpen(true);
      capture(event("required"), { reason: need.reason });
      return;
    }
    const controller = new AbortController();
    const query = new URLSearchParams({ returnTo: pathname + search, ...(forceLogin ? { prompt: "login" } : {}) });
    apiFetch(`/api/auth/${need.provider}/url?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { data } = (await response.json()) as { data: { url: string } };
        setTarget(data.url);
        setOpen(true);
        capture(event("required"), { reason: need.reason });
      })
      .catch((error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        // Logged and recorded as <network>_reconnect_error, with no message for the user (after a
        // 401 the user is being signed out: that is the only thing they see).
        if (!isSessionEnded(error)) console.error("Could not get the reconnection address", error);
        capture(event("error"));
      });
    return () => controller.abort();
    // Once per page and need.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [need?.channel.id, need?.reason, pathname]);

  const cancel = () => {
    capture(event("cancelled"));
    // Dismissed for this account: another one that needs it still asks.
    if (need) sessionStorage.setItem(DISMISSED_KEY, need.channel.id);
    setTarget(null);
    setOpen(false);
  };

  const confirm = () => {
    // The page leaves at once: sent by beacon, or the batched event would be lost with the page.
    capture(event("confirmed"), {}, { beacon: true });
    if (target) {
      setLeaving(true);
      window.location.href = target;
    }
    setOpen(false);
  };

  if (!need) return null;
  const platform = t(`platforms.${provider}`);
  const account = accountLabel({ network: provider, ...need.channel });
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : cancel())}
        title={t(`reconnect.title.${provider}`)}
        description={t(`reconnect.text.${provider}`)}
      >
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium">{t("reconnect.account", { account })}</p>
          {forceLogin ? <p className="text-muted-foreground">{t("reconnect.sameMember", { account })}</p> : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={cancel}>
            {t("common.cancel")}
          </Button>
          <Button onClick={confirm} aria-label={t("reconnect.reconnectAccount", { account })}>
            {t("reconnect.reconnect")}
          </Button>
        </div>
      </Dialog>
      {leaving ? (
        <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-background/80">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Spinner />
            {t("reconnect.leaving", { platform })}
          </p>
        </div>
      ) : null}
    </>
  );
}
