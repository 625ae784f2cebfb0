import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * Ctrl+Enter (⌘+Enter) presses the step's main action, its last button. Plain Enter is left to
 * typing, and no text field gives Ctrl+Enter a meaning of its own.
 */
export function pressMainAction(event: KeyboardEvent, actions: HTMLElement | null) {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.defaultPrevented || event.nativeEvent.isComposing) return;
  const buttons = actions?.querySelectorAll<HTMLButtonElement>("button");
  const main = buttons?.[buttons.length - 1];
  if (!main) return;
  event.preventDefault();
  // Busy (its own submission still on the way) or not available: nothing, never the button before
  // it (that was "Publish now" when Schedule was pressed twice quickly).
  if (!main.disabled) main.click();
}

const onMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** One wizard step: a titled card, its content, and a footer with Back and the step's actions. */
export function StepCard({
  title,
  description,
  backTo,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  backTo?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const actionsRef = useRef<HTMLDivElement>(null);
  return (
    <Card onKeyDown={(event) => pressMainAction(event, actionsRef.current)}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {children}
        {backTo !== undefined || actions ? (
          <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            {backTo ? (
              <Button asChild variant="ghost">
                <Link to={backTo}>
                  <ArrowLeft aria-hidden />
                  {t("create.back")}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              {hydrated && actions ? (
                <span className="hidden text-xs text-muted-foreground sm:inline">{t("create.shortcut", { keys: onMac() ? "⌘ Enter" : "Ctrl Enter" })}</span>
              ) : null}
              <div ref={actionsRef} className="flex flex-col gap-2 sm:flex-row">
                {actions}
              </div>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
