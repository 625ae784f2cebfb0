import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/utils/use-root-data";
import { Logo } from "./logo";
import { topNavItems, type NavItem } from "./navigation";
import type { TranslationKey } from "~/modules/i18n/keys";

const columns: { titleKey: TranslationKey; links: NavItem[] }[] = [
  { titleKey: "footer.product", links: topNavItems },
  {
    titleKey: "footer.company",
    links: [
      { to: "/about", labelKey: "footer.about" },
      { to: "/careers", labelKey: "footer.careers" },
      { to: "/contact", labelKey: "footer.contact" },
    ],
  },
  {
    titleKey: "footer.legal",
    links: [
      { to: "/privacy", labelKey: "footer.privacy" },
      { to: "/terms", labelKey: "footer.terms" },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const siteName = useRootData()?.siteName ?? "Plume";
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{t("footer.tagline")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.titleKey} aria-label={t(column.titleKey)}>
            <h2 className="text-sm font-semibold">{t(column.titleKey)}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t("footer.copyright", { year: new Date().getFullYear(), site: siteName })}
        </p>
      </div>
    </footer>
  );
}
