import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { AccountNotices } from "./account-notices";
import { Footer } from "./footer";
import { Header } from "./header";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ThemeSwitcher } from "./theme-switcher";

// The site's layouts (default, auth, dashboard, docs, admin) as shells that layout routes and error
// boundaries share, so an error keeps the page's frame. Account notices show in all but the auth
// shell; the reconnect modal is the root's, on every page.

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
      {t("nav.skipToContent")}
    </a>
  );
}

export function DefaultShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-7xl px-4 pt-6 empty:hidden sm:px-6">
          <AccountNotices />
        </div>
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function DashboardShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <AccountNotices />
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <SkipLink />
      <header className="flex items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="flex justify-center gap-4 px-4 py-6 text-xs text-muted-foreground">
        <Link to="/terms" className="hover:underline">
          {t("footer.terms")}
        </Link>
        <Link to="/privacy" className="hover:underline">
          {t("footer.privacy")}
        </Link>
        <Link to="/contact" className="hover:underline">
          {t("footer.contact")}
        </Link>
      </footer>
    </div>
  );
}

export function DocsShell({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-8 px-4 py-8 sm:px-6 md:grid-cols-[14rem_1fr]">
        <aside className="md:sticky md:top-24 md:self-start">
          {/* On a phone the tree would fill the screen before the page: folded, a tap opens it (no JavaScript needed). */}
          <details className="group rounded-lg border md:hidden">
            <summary className="cursor-pointer list-none px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
              <span aria-hidden className="mr-2 inline-block transition-transform group-open:rotate-90">
                ›
              </span>
              {t("docs.browse")}
            </summary>
            <div className="border-t p-2">{sidebar}</div>
          </details>
          <div className="hidden md:block">{sidebar}</div>
        </aside>
        <main id="main" className="min-w-0">
          <AccountNotices />
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}

export function PageHeader({ title, description, actions, className }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <div className={cn("mb-8 flex flex-wrap items-end justify-between gap-4", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
