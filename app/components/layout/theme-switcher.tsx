import { useLocation } from "@remix-run/react";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Theme, useTheme } from "remix-themes";
import { cn } from "~/utils/cn";
import { IconTooltip } from "~/components/ui/tooltip";

const modes = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
] as const;

/**
 * Light, dark or system. A plain form post without JavaScript (the server sets the cookie and
 * sends the page back); with JavaScript, remix-themes switches at once and saves in the background.
 */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [theme, setTheme, { definedBy }] = useTheme();
  const current = definedBy === "SYSTEM" ? "system" : (theme ?? "system");
  return (
    <form
      method="post"
      action="/set-theme"
      className={cn("flex", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const value = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
        setTheme(value === "dark" ? Theme.DARK : value === "light" ? Theme.LIGHT : null);
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div role="group" aria-label={t("theme.label")} className="flex rounded-md border p-0.5">
        {modes.map(({ value, icon: Icon }) => (
          <IconTooltip key={value} label={t(`theme.${value}`)} side="bottom">
            <button
              type="submit"
              name="theme"
              value={value}
              aria-pressed={current === value}
              className={cn(
                "grid cursor-pointer place-items-center rounded p-1.5 text-muted-foreground hover:text-foreground",
                current === value && "bg-muted text-foreground",
              )}
            >
              <Icon aria-hidden className="size-3.5" />
              <span className="sr-only">{t(`theme.${value}`)}</span>
            </button>
          </IconTooltip>
        ))}
      </div>
    </form>
  );
}
