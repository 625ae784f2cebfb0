import { Form, Link, useLocation } from "@remix-run/react";
import { AlertTriangle, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConnectForm } from "~/components/profile/connections-section";
import { accountLabel } from "~/modules/connections/account-label";
import { networkRules } from "~/modules/networks/rules";
import { useRootData } from "~/utils/use-root-data";
import { IconTooltip } from "~/components/ui/tooltip";

/**
 * What the signed-in user must know before anything else: a post that failed to publish (until
 * read), and an account to reconnect. Plain links and forms: no JavaScript needed.
 */
export function AccountNotices() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRootData();
  if (!root?.user) return null;
  const { notices, reconnect } = root;
  if (!notices.length && !reconnect) return null;
  const here = location.pathname + location.search;
  const reconnectAccount = reconnect ? accountLabel({ network: reconnect.provider, ...reconnect.channel }) : "";
  return (
    <div className="mb-6 flex flex-col gap-3">
      {notices.map((notice) => (
        <div key={notice.id} role="alert" className="flex items-start gap-3 rounded-xl border border-error/30 bg-error/10 p-4 text-sm">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-error" />
          <p className="flex-1">
            {t("notices.publishFailed", { excerpt: notice.message || t("posts.untitled") })}{" "}
            {notice.postId ? (
              <Link to={`/posts/${notice.postId}`} className="font-medium underline">
                {t("notices.viewPost")}
              </Link>
            ) : null}
          </p>
          <Form method="post" action={`/notices/${notice.id}/dismiss`}>
            <input type="hidden" name="redirectTo" value={here} />
            <IconTooltip label={t("notices.dismiss")}>
              <button type="submit" className="-m-1 cursor-pointer rounded p-1 text-muted-foreground hover:text-foreground" aria-label={t("notices.dismiss")}>
                <X aria-hidden className="size-4" />
              </button>
            </IconTooltip>
          </Form>
        </div>
      ))}
      {reconnect && !location.pathname.includes("callback") ? (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center">
          <AlertTriangle aria-hidden className="size-4 shrink-0 text-warning" />
          <div className="flex flex-1 flex-col gap-1">
            <p>{t(`reconnect.banner.${reconnect.reason}`, { platform: t(`platforms.${reconnect.provider}`), account: reconnectAccount })}</p>
            {networkRules(reconnect.provider).switchAccount === "login" ? (
              <p className="text-xs text-muted-foreground">{t("reconnect.sameMember", { account: reconnectAccount })}</p>
            ) : null}
          </div>
          <ConnectForm
            provider={reconnect.provider}
            label={t("reconnect.reconnect")}
            accessibleLabel={t("reconnect.reconnectAccount", { account: reconnectAccount })}
            prompt={networkRules(reconnect.provider).switchAccount === "login" ? "login" : undefined}
            method={reconnect.method}
            instance={reconnect.channel.instance}
          />
        </div>
      ) : null}
    </div>
  );
}
