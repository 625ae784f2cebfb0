import { Form, Link } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";
import { cn } from "~/utils/cn";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { StatusButton } from "./status-button";

/**
 * A destructive action that asks first: once the page is interactive, a dialog whose button posts
 * to `path`; before (and without JavaScript), a link to `path`, the action's own confirmation page.
 */
export function ConfirmButton({
  path,
  icon: Icon,
  label,
  name,
  title,
  description,
  children,
  className,
}: {
  /** Where the confirmed form posts, and the confirmation page a link opens without JavaScript. */
  path: string;
  icon: LucideIcon;
  /** The buttons' short text ("Revoke"). */
  label: string;
  /** The opening button's accessible name, saying what it acts on ("Revoke CI token"). */
  name: string;
  title: string;
  description: string;
  /** More to read in the dialog, between its description and its buttons. */
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const classes = cn("text-error", className);
  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="sm" className={classes}>
        <Link to={path} aria-label={name}>
          <Icon aria-hidden />
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button ref={opener} variant="ghost" size="sm" className={classes} aria-label={name} onClick={() => setConfirming(true)}>
        <Icon aria-hidden />
        {label}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming} returnFocusTo={opener} title={title} description={description}>
        {children}
        <Form method="post" action={path} onSubmit={() => setConfirming(false)} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
            {t("common.cancel")}
          </Button>
          <StatusButton variant="destructive">
            <Icon aria-hidden />
            {label}
          </StatusButton>
        </Form>
      </Dialog>
    </>
  );
}
