import { Link } from "@remix-run/react";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { stepPath, WIZARD_STEPS, type WizardStep } from "~/modules/posts/wizard-steps";

/** The six steps, the current one marked; steps already reached are links back to them. */
export function StepIndicator({ current, postId, reached }: { current: WizardStep; postId: string | null; reached: WizardStep }) {
  const { t } = useTranslation();
  const currentIndex = WIZARD_STEPS.indexOf(current);
  const reachedIndex = Math.max(WIZARD_STEPS.indexOf(reached), currentIndex);
  return (
    <nav aria-label={t("create.steps.label")} className="mb-8">
      <p className="mb-3 text-sm text-muted-foreground sm:hidden">
        {t("create.steps.progress", { current: currentIndex + 1, total: WIZARD_STEPS.length, name: t(`create.steps.${current}`) })}
      </p>
      <ol className="flex gap-1 sm:gap-2">
        {WIZARD_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          const canVisit = postId !== null && index <= reachedIndex && !isCurrent;
          const content = (
            <>
              <span
                className={cn(
                  "grid size-6 shrink-0 place-items-center rounded-full border text-xs font-semibold",
                  isCurrent && "border-primary bg-primary text-primary-foreground",
                  done && "border-primary text-primary",
                )}
              >
                {done ? <Check aria-hidden className="size-3.5" /> : index + 1}
              </span>
              <span className="hidden truncate text-xs font-medium sm:inline lg:text-sm">{t(`create.steps.${step}`)}</span>
            </>
          );
          return (
            <li key={step} className="min-w-0 flex-1">
              <div className={cn("mb-2 h-1 rounded-full bg-muted", index <= currentIndex && "bg-primary")} aria-hidden />
              {canVisit ? (
                <Link to={stepPath(postId, step)} className="flex items-center gap-2 rounded text-muted-foreground hover:text-foreground">
                  {content}
                  <span className="sr-only sm:hidden">{t(`create.steps.${step}`)}</span>
                </Link>
              ) : (
                <span
                  className={cn("flex items-center gap-2", isCurrent ? "text-foreground" : "text-muted-foreground")}
                  aria-current={isCurrent ? "step" : undefined}
                >
                  {content}
                  <span className="sr-only sm:hidden">{t(`create.steps.${step}`)}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
