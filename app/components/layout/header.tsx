import { Link } from "@remix-run/react";
import { Search } from "lucide-react";
import { SearchDialog } from "~/components/search-dialog";
import { useHydrated } from "~/utils/use-hydrated";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useCan, useOptionalUser } from "~/utils/use-root-data";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { mainNavItems, NavLinks, topNavItems } from "./navigation";
import { SignOutButton } from "./sign-out-button";
import { ThemeSwitcher } from "./theme-switcher";
import { IconTooltip } from "~/components/ui/tooltip";
import { WorkspaceSwitcher } from "~/components/workspaces/workspace-switcher";

export function Header() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const canWrite = useCan("write");
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <NavLinks items={topNavItems} label={t("nav.top")} className="hidden md:block" />
        <div className="ml-auto flex items-center gap-2">
          <SearchButton />
          <LanguageSwitcher className="hidden sm:flex" />
          <ThemeSwitcher className="hidden sm:flex" />
          {user ? (
            <div className="hidden items-center gap-1 lg:flex">
              <Link to="/profile" className="max-w-56 truncate rounded-md px-2 py-1 text-sm font-medium hover:bg-muted" title={user.email}>
                {user.email}
              </Link>
              <SignOutButton />
            </div>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t("nav.signIn")}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">{t("nav.signUp")}</Link>
              </Button>
            </div>
          )}
          <MobileMenu />
        </div>
      </div>
      {user ? (
        <div className="hidden border-t lg:block">
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1.5 sm:px-6">
            <WorkspaceSwitcher />
            <span aria-hidden className="h-5 w-px bg-border" />
            <NavLinks items={mainNavItems(user.isAdmin, canWrite)} label={t("nav.main")} className="min-w-0" />
          </div>
        </div>
      ) : null}
    </header>
  );
}

/** A link to /search without JavaScript; with it, the Meta+K dialog. */
function SearchButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <>
      <IconTooltip label={t("search.open")} side="bottom">
        <Link
          to="/search"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            window.dispatchEvent(new Event("plume:open-search"));
          }}
          className="flex h-9 items-center gap-2 rounded-md border px-2.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={t("search.open")}
          // Words for public/enhance.js, which opens the same search on pages sent without the app's JavaScript.
          data-search-link
          data-label={t("search.label")}
          data-title={t("search.title")}
          data-placeholder={t("search.placeholder")}
          data-none={t("search.none")}
          data-kinds={JSON.stringify({ docs: t("search.kinds.docs"), blog: t("search.kinds.blog"), page: t("search.kinds.page") })}
        >
          <Search aria-hidden className="size-4" />
          <span className="hidden xl:inline">{t("search.short")}</span>
          <kbd className="hidden rounded border bg-muted px-1 text-[0.65rem] xl:inline">⌘K</kbd>
        </Link>
      </IconTooltip>
      {hydrated ? <SearchDialog /> : null}
    </>
  );
}
