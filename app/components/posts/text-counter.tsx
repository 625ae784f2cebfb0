import { useTranslation } from "react-i18next";
import type { Platform } from "~/core/platforms/platforms";
import { networkRules } from "~/modules/networks/rules";
import { cn } from "~/utils/cn";

/** "123 / 280": the platform's own way of counting; amber near the limit, red over it. */
export function TextCounter({ platform, text, id }: { platform: Platform; text: string; id?: string }) {
  const { t } = useTranslation();
  const { length, max, fits } = networkRules(platform).checkText(text);
  const near = fits && length > max * 0.9;
  return (
    <p id={id} aria-live="polite" className={cn("text-xs text-muted-foreground tabular-nums", near && "text-warning", !fits && "font-semibold text-error")}>
      {t("create.review.counter", { length, max })}
      {!fits ? ` · ${t("create.review.overBy", { count: length - max })}` : null}
    </p>
  );
}
