import { Form, useLocation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/modules/i18n/i18n";
import { cn } from "~/utils/cn";

/** Two submit buttons: works without JavaScript; the server keeps the choice in a cookie. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/set-locale"
      replace
      preventScrollReset
      className={cn("flex items-center gap-1", className)}
      aria-label={t("language.label")}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value) window.localStorage.setItem("locale", submitter.value);
      }}
    >
      <Languages aria-hidden className="size-4 text-muted-foreground" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div role="group" aria-label={t("language.label")} className="flex rounded-md border p-0.5">
        {supportedLanguages.map((locale) => {
          const active = i18n.language === locale;
          return (
            <button
              key={locale}
              type="submit"
              name="locale"
              value={locale}
              lang={locale}
              aria-pressed={active}
              aria-label={t(`language.${locale}`)}
              className={cn(
                "cursor-pointer rounded px-2 py-1 text-xs font-semibold text-muted-foreground uppercase hover:text-foreground",
                active && "bg-muted text-foreground",
              )}
            >
              {locale}
            </button>
          );
        })}
      </div>
    </Form>
  );
}
