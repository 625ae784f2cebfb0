import { Link, useLocation } from "@remix-run/react";
import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useCan, useOptionalUser } from "~/utils/use-root-data";
import { LanguageSwitcher } from "./language-switcher";
import { mainNavItems, NavLinks, topNavItems } from "./navigation";
import { SignOutButton } from "./sign-out-button";
import { ThemeSwitcher } from "./theme-switcher";
import { IconTooltip } from "~/components/ui/tooltip";
import { WorkspaceSwitcher } from "~/components/workspaces/workspace-switcher";

/**
 * A <details> disclosure, so it opens without JavaScript. With JavaScript it also closes on route
 * change, on Escape and on a click outside.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const canWrite = useCan("write");
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        menu.open = false;
        menu.querySelector("summary")?.focus();
      } else if (!menu.contains(event.target as Node) && !inMenuOpenedFromHere(event.target)) {
        menu.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  return (
    <details ref={ref} className="group lg:hidden">
      <IconTooltip label={t("nav.menu")} side="bottom">
        <summary
          className="grid size-9 cursor-pointer list-none place-items-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden"
          aria-label={t("nav.menu")}
        >
          <Menu aria-hidden className="size-5 group-open:hidden" />
          <X aria-hidden className="hidden size-5 group-open:block" />
        </summary>
      </IconTooltip>
      <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background px-4 pt-2 pb-6 shadow-lg sm:px-6">
        <div className="flex flex-col gap-4">
          {user ? <WorkspaceSwitcher className="max-w-full self-start" /> : null}
          {user ? <NavLinks items={mainNavItems(user.isAdmin, canWrite)} label={t("nav.main")} vertical linkClassName="text-base" /> : null}
          <NavLinks items={topNavItems} label={t("nav.top")} vertical linkClassName="text-base" />
          <div className="flex flex-wrap items-center gap-3 border-t pt-4">
            <LanguageSwitcher />
            <ThemeSwitcher />
          </div>
          <div className="flex flex-wrap items-center gap-2 border-t pt-4">
            {user ? (
              <>
                <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">{user.email}</span>
                <SignOutButton />
              </>
            ) : (
              <>
                <Button asChild variant="outline" className="flex-1">
                  <Link to="/login">{t("nav.signIn")}</Link>
                </Button>
                <Button asChild className="flex-1">
                  <Link to="/signup">{t("nav.signUp")}</Link>
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </details>
  );
}

/** A click in a menu opened from inside this one (the workspace switcher's, drawn apart) is still inside. */
function inMenuOpenedFromHere(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("[data-radix-popper-content-wrapper]") !== null;
}
