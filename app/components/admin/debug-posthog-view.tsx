import { Form } from "@remix-run/react";
import { Activity, Globe, Server } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import type { PostHogStatus } from "~/modules/analytics/debug.server";
import { DEBUG_TEST_EVENT } from "~/modules/analytics/identity";
import { analyticsState, capture, privacyRequested } from "~/utils/analytics";
import { useFormatDate } from "~/utils/use-format-date";
import { useHydrated } from "~/utils/use-hydrated";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-48 shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function LastCapture({ result }: { result: PostHogStatus["lastCapture"] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!result) return <span className="text-muted-foreground">{t("debugPosthog.server.none")}</span>;
  return (
    <span className="flex flex-col gap-1" data-testid="last-capture">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={result.ok ? "success" : "error"}>{result.ok ? t("debugPosthog.server.ok") : t("debugPosthog.server.error")}</Badge>
        <time dateTime={result.at}>{formatDate(result.at, "dateTime")}</time>
      </span>
      {result.ok ? <span>{t("debugPosthog.server.events", { events: result.events.join(", "), count: result.events.length })}</span> : null}
      {result.error ? <code className="text-xs text-error">{result.error}</code> : null}
    </span>
  );
}

/** Whether analytics run in this browser, and a button that sends a test event from it. */
function BrowserSection({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [state, setState] = useState(analyticsState());
  const [sent, setSent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setState(analyticsState()), 250);
    return () => clearInterval(timer);
  }, []);
  const reason = !hydrated
    ? t("debugPosthog.browser.needsJavaScript")
    : !configured
      ? t("debugPosthog.browser.noKey")
      : privacyRequested()
        ? t("debugPosthog.browser.gpc")
        : state === "ready"
          ? t("debugPosthog.browser.active")
          : state === "off"
            ? t("debugPosthog.browser.failed")
            : t("debugPosthog.browser.loading");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden className="size-5 text-primary" />
          {t("debugPosthog.browser.title")}
        </CardTitle>
        <CardDescription>{t("debugPosthog.browser.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm" data-testid="browser-state">
          {reason}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={state !== "ready"}
            onClick={() => {
              capture(DEBUG_TEST_EVENT, { source: "browser" }, { instantly: true });
              setSent((n) => n + 1);
            }}
          >
            {t("debugPosthog.browser.send")}
          </Button>
          <p role="status" className="text-sm text-success">
            {sent > 0 ? t("debugPosthog.browser.sent", { count: sent }) : null}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** /debug-posthog: the configuration, the server's last capture, and test events from both sides. */
export function DebugPostHogView({ status }: { status: PostHogStatus }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-12 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("pages.debugPosthog")}</h1>
        <p className="text-muted-foreground">{t("debugPosthog.intro")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Activity aria-hidden className="size-5 text-primary" />
            {t("debugPosthog.config.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Row label={t("debugPosthog.config.status")}>
              <Badge tone={status.configured ? "success" : "warning"}>
                {status.configured ? t("debugPosthog.config.configured") : t("debugPosthog.config.notConfigured")}
              </Badge>
              {status.configured ? null : <p className="mt-2 text-muted-foreground">{t("debugPosthog.config.howTo")}</p>}
            </Row>
            <Row label={t("debugPosthog.config.host")}>
              <code>{status.host}</code>
            </Row>
            {status.keyHint ? (
              <Row label={t("debugPosthog.config.key")}>
                <code>{status.keyHint}</code>
              </Row>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Server aria-hidden className="size-5 text-primary" />
            {t("debugPosthog.server.title")}
          </CardTitle>
          <CardDescription>{t("debugPosthog.server.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl>
            <Row label={t("debugPosthog.server.last")}>
              <LastCapture result={status.lastCapture} />
            </Row>
          </dl>
          <Form method="post">
            <StatusButton variant="outline" disabled={!status.configured} pendingLabel={t("debugPosthog.server.sending")}>
              {t("debugPosthog.server.send")}
            </StatusButton>
          </Form>
        </CardContent>
      </Card>
      <BrowserSection configured={status.configured} />
    </div>
  );
}
